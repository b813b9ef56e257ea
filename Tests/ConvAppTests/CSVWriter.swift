import ConvKit

@testable import ConvApp

/// A test-only output mode: comma-separated values, one record per result.
///
/// It is the exercise of issue 35: a new mode is this one file plus its registration (here
/// `Converter(catalog:options:writer:)`; a shipped mode adds its case to `OutputMode.writer`). No
/// producer (converter, batch, favorites) was changed for it.
struct CSVWriter: OutputWriter {
  var showsNotes: Bool { false }
  var batchShortcut: BatchShortcut? { nil }

  /// `quantity,value,unit`: the quantity as typed, the result as a terse number, the target.
  func conversion(_ result: ConversionResult, by converter: Converter) throws(ConvError) -> String {
    CSVWriter.record([result.quantity.text, try number(result, by: converter), result.target.displaySymbol])
  }

  /// The result as a terse number, refused as `-t` refuses it.
  private func number(_ result: ConversionResult, by converter: Converter) throws(ConvError) -> String {
    try converter.checkScriptable(result)
    guard let number = converter.terseNumber(result) else { throw .resultOutOfRange }
    return number
  }

  /// `quantity,value,unit,value,unit…`.
  func mixed(_ result: MixedResult, by converter: Converter) -> String {
    CSVWriter.record(
      [result.quantity.text]
        + result.parts.flatMap {
          [TerseNumber.format(exact: $0.value), $0.unit.displaySymbol]
        })
  }

  /// One record per unit of the column.
  func column(_ column: ColumnResult, by converter: Converter) throws(ConvError) -> [String] {
    var records: [String] = []
    for unit in column.units { records.append(try conversion(try column.result(in: unit), by: converter)) }
    return records
  }

  func failureDetails(_ failure: Converter.Failure) -> [String] { [] }

  func replColumn(_ results: [ConversionResult], human: () -> [String], by converter: Converter) -> [String] {
    results.compactMap { try? conversion($0, by: converter) }
  }

  func replCategories(human: () -> [String], _ catalog: CatalogPresenter) -> [String] { categories(catalog) }

  func replText(_ lines: [String], key: String) -> [String] { lines.map { CSVWriter.record([key, $0]) } }

  func batchSkipped(line: Int, input: () -> String) -> String? { nil }

  /// `line,error,message`.
  func batchFailed(line: Int, input: () -> String, message: String) -> String? {
    CSVWriter.record([String(line), "error", message])
  }

  /// `position,from,to,value`, the value empty for a favorite that failed.
  func favorites(_ items: some Sequence<FavoriteItem>, by converter: Converter) -> FavoritesOutput {
    var output = FavoritesOutput()
    for item in items {
      let value: String?
      switch item.result {
      case .success(.single(let conversion)): value = try? number(conversion, by: converter)
      case .success(.mixed(let result)): value = mixed(result, by: converter)
      case .failure: value = nil
      }
      if value == nil { output.failed = true }
      output.lines.append(
        CSVWriter.record([
          String(item.entry.position), item.entry.pair.from, item.entry.pair.to,
          value ?? "",
        ]))
    }
    return output
  }

  func noFavorites() -> (lines: [String], error: String?) { ([], nil) }

  /// `identifier,title,units`.
  func categories(_ catalog: CatalogPresenter) -> [String] {
    catalog.catalog.categories.map {
      CSVWriter.record([$0.identifier, $0.title, String(catalog.catalog.unitCount(in: $0))])
    }
  }

  /// `category,symbol,name`.
  func list(_ categories: [UnitCategory], _ catalog: CatalogPresenter) -> [String] {
    categories.flatMap { category in
      catalog.catalog.units(in: category).map { CSVWriter.record([category.identifier, $0.symbol, $0.name]) }
    }
  }

  /// `name,category,dimension`.
  func info(_ info: UnitInfo, _ catalog: CatalogPresenter) -> [String] {
    [CSVWriter.record([info.unit.name, info.unit.unit.categoryIdentifier, info.unit.unit.dimension.formula])]
  }

  /// `category,symbol,name` for each hit (an empty symbol for a category).
  func search(_ results: SearchResults, _ catalog: CatalogPresenter) -> (lines: [String], error: String?) {
    (results.hits.map { CSVWriter.record([$0.category.identifier, $0.unit?.symbol ?? "", $0.unit?.name ?? ""]) }, nil)
  }

  /// `code,date` for each currency.
  func rates(_ report: RatesReport) -> (lines: [String], notes: [String]) {
    (report.currencies.map { CSVWriter.record([$0, report.rates.date.description]) }, [])
  }

  /// Fields joined by commas, quoted when they hold a comma, a quote or a line break (RFC 4180).
  static func record(_ fields: [String]) -> String {
    fields.map { field in
      guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
      return "\"" + String(field.flatMap { $0 == "\"" ? "\"\"" : String($0) }) + "\""
    }.joined(separator: ",")
  }
}
