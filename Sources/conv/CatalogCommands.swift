import ConvApp
import ConvFormat
import ConvKit

/// `conv categories`: every category with its unit count.
struct CategoriesCommand {
  let json: Bool
  let ascii: Bool

  init(_ parsed: ParsedCommand) {
    json = parsed.has("json")
    ascii = parsed.has("ascii")
  }

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    let presenter = CatalogPresenter(catalog: catalog, ascii: OutputFlags.resolvedASCII(ascii, environment: environment))
    if json { Output.line(presenter.categoriesJSON().serialized()) } else { Output.lines(presenter.categoryLines()) }
  }
}

/// `conv list [CATEGORY]`: units grouped by category in display order.
struct ListCommand {
  /// The category's words (all categories when empty).
  let category: [String]
  let json: Bool
  let ascii: Bool

  init(_ parsed: ParsedCommand) {
    category = parsed.words
    json = parsed.has("json")
    ascii = parsed.has("ascii")
  }

  func run() throws {
    let environment = Environment.current
    Output.configureBuffering(isTerminal: environment.stdoutIsTerminal)
    let catalog = CatalogLoading.loadOrExit(environment)
    var categories = catalog.categories
    if !category.isEmpty {
      let name = category.joined(separator: " ")
      guard let found = catalog.category(named: name) else {
        Output.error(ConvError.unknownCategory(name, suggestions: catalog.suggestedCategories(for: name)).message)
        throw ExitCode(ExitStatus.conversionFailed)
      }
      categories = [found]
    }
    let presenter = CatalogPresenter(catalog: catalog, ascii: OutputFlags.resolvedASCII(ascii, environment: environment))
    if json {
      Output.line(presenter.listJSON(categories: categories).serialized())
    } else {
      Output.lines(presenter.listLines(categories: categories))
    }
    Output.flush()
  }
}

/// `conv info UNIT`: everything about one unit.
struct InfoCommand {
  /// The unit's words (one or more).
  let unit: [String]
  let json: Bool
  let ascii: Bool

  init(_ parsed: ParsedCommand) {
    unit = parsed.words
    json = parsed.has("json")
    ascii = parsed.has("ascii")
  }

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    let name = unit.joined(separator: " ")
    let found: PrefixedUnit
    let others: [PrefixedUnit]
    do {
      (found, others) = try catalog.readUnit(name)
    } catch {
      Output.error(error.message)
      throw ExitCode(ExitStatus.conversionFailed)
    }
    let presenter = CatalogPresenter(catalog: catalog, ascii: OutputFlags.resolvedASCII(ascii, environment: environment))
    if json {
      Output.line(presenter.infoJSON(found).serialized())
    } else {
      Output.lines(presenter.infoLines(found))
      // The spelling's other readings, which the other side of a conversion may choose.
      for other in others {
        Output.line(presenter.otherReadingLine(spelling: name, unit: other))
      }
    }
  }
}

/// `conv search TEXT`: units and categories ranked by how well a name, symbol or alias matches.
struct SearchCommand {
  /// What to look for (one or more words).
  let text: [String]
  /// At most this many results.
  let limit: Int
  let json: Bool
  let ascii: Bool

  init(_ parsed: ParsedCommand) throws(CommandLineError) {
    text = parsed.words
    if let value = parsed.values["limit"] {
      guard let number = Int(value) else {
        throw CommandLineError("the value '\(ConvError.printable(value))' is invalid for '--limit <limit>': give a whole number")
      }
      limit = number
    } else {
      limit = 20
    }
    json = parsed.has("json")
    ascii = parsed.has("ascii")
  }

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    let query = text.joined(separator: " ")
    let hits = UnitSearch(catalog: catalog).search(query, limit: max(1, limit))
    let asciiOnly = OutputFlags.resolvedASCII(ascii, environment: environment)
    func show(_ text: String) -> String { asciiOnly ? ASCIIText.transliterate(text) : text }
    if json {
      Output.line(JSONValue.array(hits.map { hit in
        .object([
          ("kind", .string(hit.unit == nil ? "category" : "unit")),
          ("symbol", hit.unit.flatMap { $0.symbols.isEmpty ? nil : .string($0.symbol) } ?? .null),
          ("name", .string(hit.unit?.name ?? hit.category.title)),
          ("category", .string(hit.category.identifier)),
          ("matched", .string(hit.matched)),
        ])
      }).serialized())
      return
    }
    guard !hits.isEmpty else {
      Output.error("nothing matches '\(query)'")
      throw ExitCode(ExitStatus.conversionFailed)
    }
    // Three aligned columns: symbol (empty for a unit known by its name only), name, and the
    // category, or for a category: its title and how to list it.
    let rows: [(symbol: String, name: String, note: String)] = hits.map { hit in
      guard let unit = hit.unit else {
        return ("", show(hit.category.title), "(category: conv list " + hit.category.identifier + ")")
      }
      let symbol = asciiOnly ? ASCIISymbol.of(unit) : unit.symbol
      return (unit.symbols.isEmpty ? "" : symbol, show(unit.name), "(" + hit.category.title.lowercased() + ")")
    }
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }
    let symbolWidth = rows.map { DisplayWidth.of($0.symbol) }.max() ?? 0
    let nameWidth = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
    for row in rows {
      Output.line(pad(row.symbol, symbolWidth) + "  " + pad(row.name, nameWidth) + "  " + row.note)
    }
  }
}
