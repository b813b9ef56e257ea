import ConvKit

/// Output for scripts: the number only (ASCII, `.` decimal point, no grouping, shortest
/// round-trip form); one line per request, an empty one for a batch line that gave nothing.
package struct TerseWriter: OutputWriter {
  /// Creates the writer.
  package init() {}

  package var showsNotes: Bool { false }
  package var batchShortcut: BatchShortcut? { .terseNumber }

  package func conversion(_ result: ConversionResult, by converter: Converter) throws(ConvError) -> String {
    try converter.checkScriptable(result)
    guard let text = number(result, by: converter) else { throw .resultOutOfRange }
    return text
  }

  /// The number of a result: with `--exact`, the exact value when no measured factor is involved
  /// (`1/3`, `pi/180`; ``Converter/exactValueText(_:)``), else the shortest round-trip decimal.
  func number(_ result: ConversionResult, by converter: Converter) -> String? {
    if converter.options.exact, let exact = converter.exactValueText(result) { return exact }
    return converter.terseNumber(result)
  }

  package func mixed(_ result: MixedResult, by converter: Converter) -> String {
    result.parts.map { TerseNumber.format(exact: $0.value) }.joined(separator: " ")
  }

  package func column(_ column: ColumnResult, by converter: Converter) throws(ConvError) -> [String] {
    var lines: [String] = []
    for unit in column.units {
      let result = try column.result(in: unit)
      try converter.checkScriptable(result)
      if let text = number(result, by: converter) { lines.append(text + " " + unit.symbol) }
    }
    return lines
  }

  package func failureDetails(_ failure: Converter.Failure) -> [String] { [] }

  /// `number symbol` per row (a row whose number `-t` refuses is left out, as the column leaves
  /// out what it cannot convert).
  package func replColumn(_ results: [ConversionResult], human: () -> [String], by converter: Converter) -> [String] {
    results.compactMap { result in
      (try? conversion(result, by: converter)).map { $0 + " " + result.target.displaySymbol }
    }
  }

  package func replCategories(human: () -> [String], _ catalog: CatalogPresenter) -> [String] { human() }

  package func replText(_ lines: [String], key: String) -> [String] { lines }

  package func batchSkipped(line: Int, input: () -> String) -> String? { "" }

  package func batchFailed(line: Int, input: () -> String, message: String) -> String? { "" }

  package func favorites(_ items: some Sequence<FavoriteItem>, by converter: Converter) -> FavoritesOutput {
    var output = FavoritesOutput()
    for item in items {
      // Failed favorites are reported on standard error, never as `nan` or `0`.
      switch item.result.flatMap(converter.scriptable) {
      case .success(.single(let conversion)):
        output.lines.append(number(conversion, by: converter) ?? TerseNumber.format(exact: conversion.rational))
      case .success(.mixed(let mixed)): output.lines.append(self.mixed(mixed, by: converter))
      case .failure(let error):
        output.failed = true
        output.errors.append(
          "favorite \(item.entry.position) (\(ConvError.printable(item.entry.pair.from)) -> "
            + "\(ConvError.printable(item.entry.pair.to))): \(error.message)")
      }
    }
    return output
  }

  package func noFavorites() -> (lines: [String], error: String?) { ([], nil) }

  // The catalog commands and `conv rates` have no terse form: they write what people read (the
  // catalog commands take no -t; `conv rates -t` prints the report).

  package func categories(_ catalog: CatalogPresenter) -> [String] { HumanWriter().categories(catalog) }

  package func list(_ categories: [UnitCategory], _ catalog: CatalogPresenter) -> [String] {
    HumanWriter().list(categories, catalog)
  }

  package func info(_ info: UnitInfo, _ catalog: CatalogPresenter) -> [String] { HumanWriter().info(info, catalog) }

  package func search(_ results: SearchResults, _ catalog: CatalogPresenter) -> (lines: [String], error: String?) {
    HumanWriter().search(results, catalog)
  }

  package func rates(_ report: RatesReport) -> (lines: [String], notes: [String]) { HumanWriter().rates(report) }
}
