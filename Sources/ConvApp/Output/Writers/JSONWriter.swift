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

  /// The object for one result.
  package func object(_ result: ConversionResult, by converter: Converter) throws(ConvError) -> JSONValue {
    try converter.checkScriptable(result)
    guard let number = converter.terseNumber(result) else { throw .resultOutOfRange }
    let catalog = converter.catalog
    let quantity = result.quantity
    let category = result.target.singleUnit.flatMap { catalog.category(named: $0.unit.categoryIdentifier) }
      ?? catalog.primaryCategory(for: result.target.dimension)
    var members: [(String, JSONValue)] = [
      ("input", .string(quantity.text)),
      ("value", quantity.number.map { .number(TerseNumber.format(exact: $0)) } ?? .null),
      ("unit", quantity.unit.map { .string($0.displaySymbol) } ?? .null),
      ("target", .string(result.target.displaySymbol)),
      ("result", .number(number)),
      ("exact", .bool(result.isExact)),
      ("exact_value", result.isExact ? .string(converter.presenter.exactText(result.value)) : .null),
      ("dimension", .string(result.target.dimension.formula)),
      ("category", category.map { .string($0.identifier) } ?? .null),
      ("kind", .string(result.kind.rawValue)),
    ]
    if Converter.involvesCurrency(result.target.dimension), let rates = catalog.exchangeRates {
      members.append(("rates_date", .string(rates.date.description)))
      members.append(("rates_source", .string(rates.source)))
    }
    members.append(("notes", .array(converter.note(for: result.kind).map { [.string($0)] } ?? [])))
    return .object(members)
  }

  package func mixed(_ result: MixedResult, by converter: Converter) -> String {
    let parts: [JSONValue] = result.parts.map { part in
      .object([("value", .number(TerseNumber.format(exact: part.value))), ("unit", .string(part.unit.displaySymbol))])
    }
    return JSONValue.object([("input", .string(result.quantity.text)), ("parts", .array(parts)),
                             ("exact", .bool(result.isExact))]).serialized()
  }

  package func column(_ column: ColumnResult, by converter: Converter) throws(ConvError) -> [String] {
    // One array for the column, as `fav`, `list` and `categories` print (one line per request).
    var objects: [JSONValue] = []
    for (_, outcome) in column.rows {
      guard case .object(var members) = try object(try outcome.get(), by: converter) else { continue }
      members.append(("selection", .string(converter.options.allUnits ? "all" : "common")))
      objects.append(.object(members))
    }
    return [JSONValue.array(objects).serialized()]
  }

  package func failureDetails(_ failure: Converter.Failure) -> [String] { [] }

  package func batchSkipped(line: Int, input: String) -> String? {
    JSONValue.object([("line", .int(line)), ("input", .string(input)), ("skipped", .bool(true))]).serialized()
  }

  package func batchFailed(line: Int, input: String, message: String) -> String? {
    // One object per request, failures included, so that results line up with the input.
    JSONValue.object([("line", .int(line)), ("input", .string(input)), ("error", .string(message))]).serialized()
  }

  package func favorites(_ items: some Sequence<FavoriteItem>, by converter: Converter) -> FavoritesOutput {
    var output = FavoritesOutput()
    var texts: [String] = []
    for item in items {
      var members: [(String, JSONValue)] = [
        ("position", .int(item.entry.position)), ("from", .string(item.entry.pair.from)),
        ("to", .string(item.entry.pair.to)),
      ]
      switch converter.scriptable(item.result) {
      case .success(let conversion):
        do throws(ConvError) {
          if case .object(let fields) = try object(conversion, by: converter) { members += fields }
        } catch {
          members.append(("error", .string(error.message)))
        }
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
}
