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
    let presenter = CatalogPresenter(
      catalog: catalog, ascii: OutputFlags.resolvedASCII(ascii, environment: environment))
    Output.lines(OutputMode.catalog(json: json).writer.categories(presenter))
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
    let presenter = CatalogPresenter(
      catalog: catalog, ascii: OutputFlags.resolvedASCII(ascii, environment: environment))
    if !category.isEmpty {
      let name = category.joined(separator: " ")
      // `conv list substances` (or a group of them: `conv list foods`), when no category has the name.
      if catalog.category(named: name) == nil, SubstanceList.isRequest(name, in: .builtin) {
        let list = SubstanceList(.builtin, group: SubstanceTable.key(name).hasPrefix("substance") ? nil : name)!
        Output.lines(OutputMode.catalog(json: json).writer.substanceList(list, presenter))
        Output.flush()
        return
      }
      guard let found = catalog.category(named: name) else {
        Output.error(ConvError.unknownCategory(name, suggestions: catalog.suggestedCategories(for: name)).message)
        throw ExitCode(ExitStatus.conversionFailed)
      }
      categories = [found]
    }
    Output.lines(OutputMode.catalog(json: json).writer.list(categories, presenter))
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
    let presenter = CatalogPresenter(
      catalog: catalog, ascii: OutputFlags.resolvedASCII(ascii, environment: environment))
    do {
      (found, others) = try catalog.readUnit(name)
    } catch {
      // A substance (`conv info flour`, `conv info NaCl`): its figures, and what else the word names.
      if case .unknownUnit = error, let substance = SubstanceInfo(name, in: .builtin) {
        Output.lines(OutputMode.catalog(json: json).writer.substanceInfo(substance, presenter))
        return
      }
      Output.error(error.message)
      throw ExitCode(ExitStatus.conversionFailed)
    }
    Output.lines(
      OutputMode.catalog(json: json).writer.info(
        UnitInfo(spelling: name, unit: found, others: others),
        presenter))
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
      guard let number = Int(value), number >= 1 else {
        throw CommandLineError(
          "the value '\(ConvError.printable(value))' is invalid for '--limit <limit>': give a whole number from 1")
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
    let results = SearchResults(text.joined(separator: " "), in: catalog, limit: limit)
    let presenter = CatalogPresenter(
      catalog: catalog, ascii: OutputFlags.resolvedASCII(ascii, environment: environment))
    let output = OutputMode.catalog(json: json).writer.search(results, presenter)
    Output.lines(output.lines)
    if let message = output.error {
      Output.error(message)
      throw ExitCode(ExitStatus.conversionFailed)
    }
  }
}
