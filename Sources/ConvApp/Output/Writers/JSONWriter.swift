import ConvKit

/// Output for programs: one JSON object per result (field names documented in the man page and
/// README), one array for a column or a list, JSON Lines in batch.
package struct JSONWriter: OutputWriter {
  /// Creates the writer.
  package init() {}

  package var showsNotes: Bool { false }
  package var batchShortcut: BatchShortcut? { nil }

  package func conversion(_ result: ConversionResult, by converter: Converter) throws(ConvError) -> String {
    try object(result, by: converter).serialized()
  }

  package func conversion(_ result: ConversionResult, readingNotes: [String], by converter: Converter) throws(ConvError)
    -> String
  {
    try object(result, readingNotes: readingNotes, by: converter).serialized()
  }

  /// The object for one result; `notes` holds how the spellings were read (`pt read as point`,
  /// the notes human output prints on standard error) and how the conversion was made.
  package func object(_ result: ConversionResult, readingNotes: [String] = [], by converter: Converter)
    throws(ConvError) -> JSONValue
  {
    try converter.checkScriptable(result)
    guard converter.terseNumber(result) != nil else { throw .resultOutOfRange }
    let catalog = converter.catalog
    let quantity = result.quantity
    let category =
      result.target.singleUnit.flatMap { catalog.category(named: $0.unit.categoryIdentifier) }
      ?? catalog.primaryCategory(for: result.target.dimension)
    var members: [(String, JSONValue)] = [
      ("input", .string(quantity.text)),
      ("value", quantity.number.map { JSONValue.number(exact: $0) } ?? .null),
      ("unit", quantity.unit.map { .string($0.displaySymbol) } ?? .null),
      ("target", .string(result.target.displaySymbol)),
      ("result", .number(exact: result.rational)),
      ("exact", .bool(result.isExact)),
      // Exact as written with π too (`pi/180`): null only when a measured factor is involved.
      ("exact_value", converter.exactValueText(result).map(JSONValue.string) ?? .null),
      ("dimension", .string(result.target.dimension.formula)),
      ("category", category.map { .string($0.identifier) } ?? .null),
      ("kind", .string(result.kind.rawValue)),
    ]
    members += converter.substanceMembers(result)
    if let rates = result.exchangeRates {
      members.append(("rates_date", .string(rates.date.description)))
      members.append(("rates_source", .string(rates.source)))
    }
    let read = readingNotes.map { note in note.hasPrefix("note: ") ? String(note.dropFirst(6)) : note }
    members.append(
      ("notes", .array((read + (converter.note(for: result.kind).map { [$0] } ?? [])).map(JSONValue.string))))
    return .object(members)
  }

  package func mixed(_ result: MixedResult, by converter: Converter) -> String {
    mixedObject(result).serialized()
  }

  /// The object for a quantity in several units: `input`, `parts` (`value` and `unit`), `exact`.
  func mixedObject(_ result: MixedResult) -> JSONValue {
    let parts: [JSONValue] = result.parts.map { part in
      .object([("value", .number(exact: part.value)), ("unit", .string(part.unit.displaySymbol))])
    }
    return JSONValue.object([
      ("input", .string(result.quantity.text)), ("parts", .array(parts)),
      ("exact", .bool(result.isExact)),
    ])
  }

  package func column(_ column: ColumnResult, by converter: Converter) throws(ConvError) -> [String] {
    // One array for the column, as `fav`, `list` and `categories` print (one line per request).
    var objects: [JSONValue] = []
    for unit in column.units {
      guard case .object(var members) = try object(try column.result(in: unit), by: converter) else { continue }
      members.append(("selection", .string(converter.options.allUnits ? "all" : "common")))
      objects.append(.object(members))
    }
    // A unit without a value (`0 mph` in `min/mi`) keeps its place as an error, as a failed
    // request does.
    for (unit, reason) in column.withoutValue {
      objects.append(.object([("target", .string(unit.symbol)), ("error", .string(reason.message))]))
    }
    return [JSONValue.array(objects).serialized()]
  }

  package func failureDetails(_ failure: Converter.Failure) -> [String] { [] }

  /// One JSON array of results, as `conv 5 mi --json` prints.
  package func replColumn(_ results: [ConversionResult], human: () -> [String], by converter: Converter) -> [String] {
    [JSONValue.array(results.compactMap { try? object($0, by: converter) }).serialized()]
  }

  package func replCategories(human: () -> [String], _ catalog: CatalogPresenter) -> [String] {
    categories(catalog)
  }

  /// One object `{"KEY": [lines]}` (`{"KEY": "line"}` for one line).
  package func replText(_ lines: [String], key: String) -> [String] {
    if lines.count == 1 { return [JSONValue.object([(key, .string(lines[0]))]).serialized()] }
    return [JSONValue.object([(key, .array(lines.map { .string($0) }))]).serialized()]
  }

  package func batchSkipped(line: Int, input: () -> String) -> String? {
    JSONValue.object([("line", .int(line)), ("input", .string(input())), ("skipped", .bool(true))]).serialized()
  }

  package func batchFailed(line: Int, input: () -> String, message: String) -> String? {
    // One object per request, failures included, so that results line up with the input.
    JSONValue.object([("line", .int(line)), ("input", .string(input())), ("error", .string(message))]).serialized()
  }

  package func failed(input: String, message: String) -> String? {
    // A program reading standard output gets an object for the failed request too.
    JSONValue.object([("input", .string(input)), ("error", .string(message))]).serialized()
  }

  package func favorites(_ items: some Sequence<FavoriteItem>, by converter: Converter) -> FavoritesOutput {
    var output = FavoritesOutput()
    var texts: [String] = []
    for item in items {
      var members: [(String, JSONValue)] = [
        ("position", .int(item.entry.position)), ("from", .string(item.entry.pair.from)),
        ("to", .string(item.entry.pair.to)),
      ]
      switch item.result.flatMap(converter.scriptable) {
      case .success(.single(let conversion)):
        do throws(ConvError) {
          if case .object(let fields) = try object(conversion, by: converter) { members += fields }
        } catch {
          members.append(("error", .string(error.message)))
        }
      case .success(.mixed(let mixed)):
        if case .object(let fields) = mixedObject(mixed) { members += fields }
      case .failure(let error):
        output.failed = true
        members.append(("error", .string(error.message)))
      }
      texts.append(JSONValue.object(members).serialized())
    }
    output.lines = ["[" + texts.joined(separator: ",") + "]"]
    return output
  }

  package func noFavorites() -> (lines: [String], error: String?) { (["[]"], nil) }

  package func categories(_ catalog: CatalogPresenter) -> [String] { [categoriesJSON(catalog).serialized()] }

  package func list(_ categories: [UnitCategory], _ catalog: CatalogPresenter) -> [String] {
    [listJSON(categories, catalog).serialized()]
  }

  package func info(_ info: UnitInfo, _ catalog: CatalogPresenter) -> [String] {
    [infoJSON(info.unit, catalog).serialized()]
  }

  package func search(_ results: SearchResults, _ catalog: CatalogPresenter) -> (lines: [String], error: String?) {
    let hits: [JSONValue] =
      results.hits.map { hit in
        .object([
          ("kind", .string(hit.unit == nil ? "category" : "unit")),
          ("symbol", hit.unit.flatMap { $0.symbols.isEmpty ? nil : .string($0.symbol) } ?? .null),
          ("name", .string(hit.unit?.name ?? hit.category.title)),
          ("category", .string(hit.category.identifier)),
          ("matched", .string(hit.matched)),
        ])
      }
      + results.substances.map { substance in
        .object([
          ("kind", .string("substance")), ("symbol", .null), ("name", .string(substance.name)),
          ("category", .string(substance.group)), ("matched", .string(results.query)),
        ])
      }
    return ([JSONValue.array(hits).serialized()], nil)
  }

  package func rates(_ report: RatesReport) -> (lines: [String], notes: [String]) {
    let rates = report.rates
    return (
      [
        JSONValue.object([
          ("source", .string(rates.source)), ("date", .string(rates.date.description)),
          ("age_days", .int(rates.age(on: report.today))), ("file", report.file.map { .string($0) } ?? .null),
          ("currencies", .array(report.currencies.map { .string($0) })),
        ]).serialized()
      ], []
    )
  }

  // MARK: The catalog

  /// `[{"identifier":…, "title":…, "dimension":…, "units": N}, …]`
  func categoriesJSON(_ presenter: CatalogPresenter) -> JSONValue {
    let catalog = presenter.catalog
    return .array(
      catalog.categories.map { category in
        .object([
          ("identifier", .string(category.identifier)), ("title", .string(category.title)),
          ("dimension", .string(category.dimension.formula)), ("units", .int(catalog.unitCount(in: category))),
        ])
      })
  }

  /// `[{"category":…, "symbol":…, "name":…, "common":…}, …]`
  private func listJSON(_ categories: [UnitCategory], _ presenter: CatalogPresenter) -> JSONValue {
    let catalog = presenter.catalog
    return .array(
      categories.flatMap { category in
        catalog.units(in: category).map { unit in
          .object([
            ("category", .string(category.identifier)), ("symbol", .string(unit.symbol)),
            ("name", .string(unit.name)), ("plural", .string(unit.plural)), ("common", .bool(unit.isCommon)),
          ])
        }
      })
  }

  /// Everything about one unit.
  private func infoJSON(_ prefixed: PrefixedUnit, _ presenter: CatalogPresenter) -> JSONValue {
    let unit = prefixed.unit
    return .object([
      ("name", .string(prefixed.name)), ("plural", .string(prefixed.plural)),
      ("symbols", .array((prefixed.prefix == nil ? unit.symbols : [prefixed.symbol]).map(JSONValue.string))),
      ("aliases", .array((prefixed.prefix == nil ? unit.aliases : []).map(JSONValue.string))),
      ("prefix", prefixed.prefix.map { .string($0.name) } ?? .null),
      ("category", .string(unit.categoryIdentifier)), ("dimension", .string(unit.dimension.formula)),
      ("definition", .string(unit.definition)),
      ("factor", .string(presenter.factorText(prefixed))),
      ("factor_approx", .number(exact: prefixed.factor.approximation)),
      ("si_unit", .string(presenter.coherentUnitName(unit.dimension))),
      ("offset", unit.hasOffset ? .string(unit.offset.description) : .null),
      ("absolute", .bool(unit.isAbsolute)),
      ("exact", .bool(presenter.isExact(prefixed))), ("prefixes", .string(unit.prefixes.rawValue)),
      ("common", .bool(unit.isCommon)), ("source", .string(unit.source)),
      ("cldr", unit.cldrIdentifier.map(JSONValue.string) ?? .null),
      (
        "scale",
        unit.scale.map { scale in
          .object([
            ("reference", .string(scale.reference)), ("forward", .string(scale.forward.text)),
            ("inverse", scale.inverse.map { .string($0.text) } ?? .null),
            ("min", scale.minimum.flatMap { TerseNumber.format($0) }.map(JSONValue.number) ?? .null),
            ("max", scale.maximum.flatMap { TerseNumber.format($0) }.map(JSONValue.number) ?? .null),
            ("gauge", .bool(scale.readsGaugeNumbers)),
          ])
        } ?? .null
      ),
    ])
  }
}
