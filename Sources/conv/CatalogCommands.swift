import ArgumentParser
import ConvApp
import ConvFormat
import ConvKit

/// `conv categories`: every category with its unit count.
struct CategoriesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "categories", abstract: "List the categories.")

  @Flag(name: .long, help: "Print a JSON array.") var json = false
  @Flag(name: .long, help: "Only ASCII in output.") var ascii = false

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    let presenter = CatalogPresenter(catalog: catalog, ascii: OutputFlags.resolvedASCII(ascii, environment: environment))
    if json { Output.line(presenter.categoriesJSON().serialized()) } else { Output.lines(presenter.categoryLines()) }
  }
}

/// `conv list [CATEGORY]`: units grouped by category in display order.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List units by category, in display order (common units marked *).")

  @Argument(help: "A category (see 'conv categories'); all when omitted.", completion: ShellCompletion.categories)
  var category: [String] = []
  @Flag(name: .long, help: "Print a JSON array.") var json = false
  @Flag(name: .long, help: "Only ASCII in output.") var ascii = false

  func run() throws {
    let environment = Environment.current
    Output.configureBuffering(isTerminal: environment.stdoutIsTerminal)
    let catalog = CatalogLoading.loadOrExit(environment)
    var categories = catalog.categories
    if !category.isEmpty {
      let name = category.joined(separator: " ")
      guard let found = catalog.category(named: name) else {
        let suggestions = catalog.categories.map(\.identifier).filter { $0.hasPrefix(String(name.lowercased().prefix(3))) }
        Output.error(ConvError.unknownCategory(name, suggestions: Array(suggestions.prefix(3))).message)
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
struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "info", abstract: "Show a unit's definition, factor and source.")

  @Argument(help: "A unit symbol, name or alias (prefixes allowed).", completion: ShellCompletion.units)
  var unit: [String]
  @Flag(name: .long, help: "Print a JSON object.") var json = false
  @Flag(name: .long, help: "Only ASCII in output.") var ascii = false

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
struct SearchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search", abstract: "Find units by name, symbol or alias (case and accents ignored).")

  @Argument(help: "What to look for: angstrom, sq ft, micro …") var text: [String]
  @Option(name: .long, help: "At most this many results.") var limit = 20
  @Flag(name: .long, help: "Print a JSON array.") var json = false
  @Flag(name: .long, help: "Only ASCII in output.") var ascii = false

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
