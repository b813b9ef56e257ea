import ConvFormat
import ConvKit

/// Output for people: `5 mi = 8.04672 km`, locale-aware, with `=` or `≈`, aligned columns.
package struct HumanWriter: OutputWriter {
  /// Creates the writer.
  package init() {}

  package var showsNotes: Bool { true }
  package var batchShortcut: BatchShortcut? { .humanLine }

  package func conversion(_ result: ConversionResult, by converter: Converter) throws(ConvError) -> String {
    if let line = converter.currencyLine(result) { return line }
    let options = converter.options
    let presenter = converter.presenter
    // With --exact, π is written as such: the text is then exact whenever no measured factor is.
    let isExact = options.exact ? result.isSymbolicallyExact : result.isExact
    let target = presenter.quantityText(result.value, isExact: isExact, unit: result.target)
    var line = converter.sourceText(result.quantity) + " " + presenter.relation(exact: target.exact) + " " + target.text
    if converter.isUndeclaredReciprocal(result) {
      line += " (reciprocal)"
    } else if options.verbose, let note = converter.note(for: result.kind) {
      line += "  (" + note + ")"
    }
    return line
  }

  package func mixed(_ result: MixedResult, by converter: Converter) -> String {
    let (relation, parts) = mixedParts(result, by: converter)
    return converter.sourceText(result.quantity) + " " + relation + " " + parts
  }

  /// The relation and the parts of a quantity in several units: `≈`, `5 ft 10.866142 in`.
  func mixedParts(_ result: MixedResult, by converter: Converter) -> (relation: String, parts: String) {
    let presenter = converter.presenter
    var shownExact = true
    var parts: [String] = []
    for part in result.parts {
      let text = presenter.quantityText(Magnitude(part.value), isExact: part.stepsExact && shownExact, unit: part.unit)
      parts.append(text.text)
      shownExact = shownExact && text.exact
    }
    return (presenter.relation(exact: result.isExact && shownExact), parts.joined(separator: " "))
  }

  package func column(_ column: ColumnResult, by converter: Converter) throws(ConvError) -> [String] {
    if let lines = try moneyColumn(column, by: converter) { return lines }
    let options = converter.options
    let presenter = converter.presenter
    var rows: [HumanColumnRow] = []
    for unit in column.units {
      let result = try column.result(in: unit)
      // Money by the money rule, as a one-shot's currency line rounds it (`1.77 EUR`, `316 JPY`).
      let money = converter.moneyDigits(result)
      let shown = money ?? presenter.digits(of: result.value, isExact: result.isExact)
      let number =
        money.map(presenter.formatted) ?? presenter.humanNumber(result.value, isExact: result.isExact, in: unit)
      let exact = money == nil && (shown.isExact || (options.exact && result.isSymbolicallyExact))
      let plural = shown.isZero || !(shown.digits == "1" && shown.exponent == 0)
      // Currencies are named in the user's language by ICU (`Schweizer Franken`).
      let name =
        unit.unit.dimension[.currency] != 0
        ? converter.currency.localizedName(code: unit.symbol, plural: plural) : nil
      let symbol = presenter.symbol(unit)
      rows.append(
        HumanColumnRow(
          number: number, relation: presenter.relation(exact: exact), symbol: symbol,
          symbolWidth: DisplayWidth.of(symbol), name: name ?? presenter.display(plural ? unit.plural : unit.name)))
    }
    return HumanColumnRow.lines(
      source: converter.sourceText(column.quantity), category: column.category, rows: rows,
      hidden: column.hidden, typedQuantity: column.typedQuantity, presenter: presenter)
  }

  /// The column of a sum of money in the locale's currency format, as the one-shot writes each
  /// (`≈ $112.69  US dollars`); nil when a row cannot be (`--exact`, or an amount under a cent).
  private func moneyColumn(_ column: ColumnResult, by converter: Converter) throws(ConvError) -> [String]? {
    let money = PhysicalDimension(.currency)
    guard !converter.options.exact, column.category.dimension == money, let number = column.quantity.number,
      let source = column.quantity.unit?.singleUnit, source.prefix == nil,
      let left = converter.currency.format(number, code: source.unit.symbol)
    else { return nil }
    var rows: [(text: String, name: String)] = []
    for unit in column.units {
      guard unit.prefix == nil, unit.unit.dimension == money else { return nil }
      let result = try column.result(in: unit)
      guard let text = converter.currency.format(result.value.approximation, code: unit.unit.symbol) else { return nil }
      let plural = result.value.approximation != .one
      rows.append(
        (
          text,
          converter.currency.localizedName(code: unit.unit.symbol, plural: plural)
            ?? converter.presenter.display(plural ? unit.plural : unit.name)
        ))
    }
    let width = rows.map { DisplayWidth.of($0.text) }.max() ?? 0
    let relation = converter.presenter.relation(exact: false)
    var lines = [left + " (" + column.category.title.lowercased() + ") is"]
    for row in rows {
      lines.append(
        "  " + relation + " " + String(repeating: " ", count: width - DisplayWidth.of(row.text)) + row.text
          + "  " + row.name)
    }
    if column.hidden > 0 {
      let command = "conv " + column.typedQuantity + " --all"
      lines.append(
        "  " + (converter.options.ascii ? "..." : "…") + " \(column.hidden) more currency unit"
          + (column.hidden == 1 ? "" : "s") + ": " + converter.presenter.display(command))
    }
    return lines
  }

  package func failureDetails(_ failure: Converter.Failure) -> [String] { failure.caretLines }

  package func replColumn(_ results: [ConversionResult], human: () -> [String], by converter: Converter) -> [String] {
    human()
  }

  package func replCategories(human: () -> [String], _ catalog: CatalogPresenter) -> [String] { human() }

  package func replText(_ lines: [String], key: String) -> [String] { lines }

  package func batchSkipped(line: Int, input: () -> String) -> String? { nil }

  package func batchFailed(line: Int, input: () -> String, message: String) -> String? { nil }

  package func favorites(_ items: some Sequence<FavoriteItem>, by converter: Converter) -> FavoritesOutput {
    var output = FavoritesOutput()
    var rows: [FavoriteRow] = []
    for item in items {
      if case .failure = item.result { output.failed = true }
      rows.append(FavoriteRow(item, converter: converter))
    }
    output.lines = FavoriteRow.lines(rows, color: converter.options.color)
    return output
  }

  package func noFavorites() -> (lines: [String], error: String?) {
    ([], "no favorites yet: add one with 'conv fav add mi km'")
  }

  package func categories(_ catalog: CatalogPresenter) -> [String] { catalog.categoryLines() }

  package func list(_ categories: [UnitCategory], _ catalog: CatalogPresenter) -> [String] {
    catalog.listLines(categories: categories)
  }

  package func info(_ info: UnitInfo, _ catalog: CatalogPresenter) -> [String] {
    // The spelling's other readings, which the other side of a conversion may choose.
    catalog.infoLines(info.unit) + info.others.map { catalog.otherReadingLine(spelling: info.spelling, unit: $0) }
  }

  package func search(_ results: SearchResults, _ catalog: CatalogPresenter) -> (lines: [String], error: String?) {
    guard !results.hits.isEmpty || !results.substances.isEmpty else {
      return ([], "nothing matches '\(results.query)'")
    }
    // Three aligned columns: symbol (empty for a unit known by its name only), name, and the
    // category, or for a category: its title and how to list it; substances after the units.
    let rows: [(symbol: String, name: String, note: String)] =
      results.hits.map { hit in
        guard let unit = hit.unit else {
          return ("", catalog.text(hit.category.title), "(category: conv list " + hit.category.identifier + ")")
        }
        return (
          unit.symbols.isEmpty ? "" : catalog.symbol(unit), catalog.text(unit.name),
          "(" + hit.category.title.lowercased() + ")"
        )
      }
      + results.substances.map {
        ("", catalog.text($0.name), "(substance, " + $0.group + ": conv info " + $0.name + ")")
      }
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }
    let symbolWidth = rows.map { DisplayWidth.of($0.symbol) }.max() ?? 0
    let nameWidth = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
    return (rows.map { pad($0.symbol, symbolWidth) + "  " + pad($0.name, nameWidth) + "  " + $0.note }, nil)
  }

  package func rates(_ report: RatesReport) -> (lines: [String], notes: [String]) {
    let rates = report.rates
    let age = rates.age(on: report.today)
    let lines =
      [
        "source:     European Central Bank euro reference rates (\(rates.source))",
        "date:       \(rates.date) ("
          + (age == -1
            ? "1 day after today" : age < 0 ? "\(-age) days after today" : age == 1 ? "1 day old" : "\(age) days old")
          + ")",
        "file:       \(report.file ?? "built into conv")",
        "currencies: \(report.currencies.count): " + report.currencies.joined(separator: " "),
      ]
      + (report.unknown.isEmpty
        ? [] : ["not in conv: " + report.unknown.joined(separator: " ") + " (rates given, no such unit)"])
    return (lines, report.notes)
  }
}

/// A favorite's line in human output, kept until every number is known and the column can be
/// aligned.
private struct FavoriteRow {
  var position: String
  var source: String
  var relation: String
  /// Nil when the conversion failed (the message is in `unit`).
  var number: FormattedNumber?
  var unit: String

  init(_ item: FavoriteItem, converter: Converter) {
    let presenter = converter.presenter
    position = String(item.entry.position)
    switch item.result {
    case .success(.mixed(let mixed)):
      // `5 ft 10.866142 in`, as a one-shot writes it: no single number to align.
      source = converter.sourceText(mixed.quantity)
      (relation, unit) = HumanWriter().mixedParts(mixed, by: converter)
      number = nil
    case .success(.single(let conversion)) where converter.currencySides(conversion) != nil:
      // Money as a one-shot writes it (`$100.00 ≈ €88.74`): no number to align.
      let sides = converter.currencySides(conversion)!
      (source, relation, number, unit) = (sides.source, converter.presenter.relation(exact: false), nil, sides.target)
    case .success(.single(let conversion)):
      source = converter.sourceText(conversion.quantity)
      let shown = presenter.digits(of: conversion.value, isExact: conversion.isExact)
      let exact =
        converter.options.exact
        ? (conversion.isExact && conversion.value.isRational || shown.isExact)
        : shown.isExact
      relation = presenter.relation(exact: exact)
      // An undeclared reciprocal (`s -> Hz`) is marked, as on a one-shot's line.
      let mark = converter.isUndeclaredReciprocal(conversion) ? " (reciprocal)" : ""
      switch presenter.label(for: shown, unit: conversion.target) {
      case .unit(let label):
        number = presenter.humanNumber(conversion.value, isExact: conversion.isExact)
        unit = label + mark
      case .quantity(let localized):
        number = localized
        unit = String(mark.dropFirst())
      }
    case .failure(let error):
      // A row without a number shows the message instead, unaligned.
      source = presenter.display(item.valueText + " " + item.entry.pair.from)
      relation = ":"
      number = nil
      unit = presenter.display(error.message)
    }
  }

  /// The lines: positions right-aligned, sources padded, numbers aligned on their separators.
  static func lines(_ rows: [FavoriteRow], color: Bool) -> [String] {
    var numbers = ColumnAligner.align(rows.compactMap(\.number), color: color).makeIterator()
    let positionWidth = rows.map { $0.position.count }.max() ?? 0
    let sourceWidth = rows.map { DisplayWidth.of($0.source) }.max() ?? 0
    return rows.map { row in
      var line =
        String(repeating: " ", count: positionWidth - row.position.count) + row.position + "  "
        + row.source + String(repeating: " ", count: sourceWidth - DisplayWidth.of(row.source)) + " " + row.relation
      if row.number != nil, let number = numbers.next() { line += " " + number }
      if !row.unit.isEmpty { line += " " + row.unit }
      while line.last == " " { line.removeLast() }
      return line
    }
  }
}
