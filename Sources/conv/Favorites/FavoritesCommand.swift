import ConvApp
import ConvKit

/// `conv fav`: favorite unit pairs, kept in a dotfile people can edit by hand and sync.
/// `conv fav`: what its subcommands share (the table holds its help, `ConvCommands.favorites`).
enum FavoritesCommand {
  /// Runs a favorites action, printing a failure's messages and exiting with its status.
  static func perform(_ body: () throws(FavoritesFailure) -> Void) throws {
    do {
      try body()
    } catch {
      for message in error.messages { Output.error(message) }
      throw ExitCode(error.status)
    }
  }

  /// A refused edit as a failure with status 1.
  static func refused(_ error: FavoritesEditError) -> FavoritesFailure {
    switch error {
    case .usage(let message): FavoritesFailure(message, status: ExitStatus.usage)
    default: FavoritesFailure(error.message, status: ExitStatus.conversionFailed)
    }
  }
}

/// `conv fav [VALUE]`: every favorite converted for VALUE (default 1).
struct FavoritesListCommand {
  let options: OutputFlags
  /// The value's words (none: 1), with options the table does not know, to report.
  let words: [String]

  init(_ parsed: ParsedCommand) throws(CommandLineError) {
    options = try OutputFlags(parsed)
    words = parsed.words
  }

  func run() throws {
    if let unknown = words.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
      throw CommandLineError(CommandSuggestions.unknownOption(unknown))
    }
    // A mistyped subcommand (`conv fav delete 1`) is no value.
    if let first = words.first, first.first?.isLetter == true,
      let command = CommandSuggestions.nearest(first, in: CommandSuggestions.favoriteCommands)
        ?? (["delete", "del", "erase"].contains(first.lowercased()) ? "rm" : nil)
    {
      throw CommandLineError(
        "'\(ConvError.printable(first))' is not a favorites command; did you mean 'conv fav \(command)'?")
    }
    let environment = Environment.current
    let settings = CatalogLoading.settings(environment)
    let outputOptions = options.resolve(environment: environment, settings: settings)
    Output.configureBuffering(isTerminal: environment.stdoutIsTerminal)
    let catalog = CatalogLoading.loadOrExit(environment)
    var converter = Converter(catalog: catalog, options: outputOptions)
    converter.today = { environment.today }
    let presenter = FavoritesPresenter(converter: converter)
    let valueText = words.isEmpty ? "1" : words.joined(separator: " ")
    let value: Rational?
    do {
      value = try presenter.value(valueText)
    } catch {
      throw CommandLineError(error.message)
    }
    var failed = false
    try FavoritesCommand.perform { () throws(FavoritesFailure) in
      let store = FavoritesStore(environment: environment)
      let (file, problems) = try store.load(catalog: catalog)
      // A bad line is named (PATH:LINE: reason) and the other favorites are shown. It fails the
      // run only for a script (-t, --json), whose list lacks a favorite it asked for.
      defer {
        for message in store.messages(problems) { Output.error(message) }
        if !problems.isEmpty && outputOptions.mode != .human { failed = true }
      }
      let skipping = Set(problems.map(\.line))
      if file.entries.allSatisfy({ skipping.contains($0.line) }) {
        let empty = presenter.noFavorites()
        Output.lines(empty.lines)
        if let message = empty.error, problems.isEmpty { Output.error(message) }
        return
      }
      let output = presenter.lines(file.resolved(in: catalog, skipping: skipping), value: value, valueText: valueText)
      // Resolved again, lazily, for the dimensions alone: holding every resolved favorite costs kilobytes each.
      let dimensions = file.resolved(in: catalog, skipping: skipping).map(\.favorite.from.dimension)
      for note in converter.ratesNotes(involving: dimensions) { Output.note(note) }
      Output.lines(output.lines)
      for message in output.errors { Output.error(message) }
      failed = output.failed
    }
    Output.flush()
    if failed { throw ExitCode(ExitStatus.conversionFailed) }
  }
}

/// `conv fav add FROM TO`.
struct FavoritesAddCommand {
  /// The source and target units' words.
  let units: [String]

  init(_ parsed: ParsedCommand) {
    units = parsed.words
  }

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    let store = FavoritesStore(environment: environment)
    try FavoritesCommand.perform { () throws(FavoritesFailure) in
      let pair: FavoritePair
      do throws(FavoritesEditError) {
        pair = try FavoritePair.parse(arguments: units, catalog: catalog)
        // Refuse bad units before the file is touched (or created).
        if let reason = FavoritesFormat.unwritableReason(pair) { throw FavoritesEditError.unwritable(pair, reason) }
        _ = try ResolvedFavorite(pair, catalog: catalog)
      } catch {
        throw FavoritesCommand.refused(error)
      }
      let entry = try store.update(catalog: catalog, create: true) { (file) throws(FavoritesFailure) in
        do throws(FavoritesEditError) {
          return try file.add(pair, catalog: catalog)
        } catch {
          throw FavoritesCommand.refused(error)
        }
      }
      Output.line("added \(entry.position): \(entry.pair)")
    }
  }
}

/// `conv fav rm FROM TO` or `conv fav rm N`.
struct FavoritesRemoveCommand {
  /// The pair's units, or its position.
  let words: [String]

  init(_ parsed: ParsedCommand) {
    words = parsed.words
  }

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    let store = FavoritesStore(environment: environment)
    let words = words
    try FavoritesCommand.perform { () throws(FavoritesFailure) in
      let position = words.count == 1 ? Int(words[0]) : nil
      let pair: FavoritePair?
      if position == nil {
        do throws(FavoritesEditError) {
          pair = try FavoritePair.parse(arguments: words, catalog: catalog)
        } catch {
          throw FavoritesCommand.refused(error)
        }
      } else {
        pair = nil
      }
      let entry = try store.update(catalog: catalog, create: false) { (file) throws(FavoritesFailure) in
        do throws(FavoritesEditError) {
          if let position { return try file.remove(position: position) }
          return try file.remove(pair!, catalog: catalog)
        } catch {
          throw FavoritesCommand.refused(error)
        }
      }
      Output.line("removed \(entry.position): \(entry.pair)")
    }
  }
}

/// `conv fav mv N M`.
struct FavoritesMoveCommand {
  /// The favorite's position, and its new one.
  let from: Int
  let to: Int

  init(_ parsed: ParsedCommand) throws(CommandLineError) {
    // The parser has checked that there are two words.
    guard let from = Int(parsed.words[0]) else { throw Self.invalid(parsed.words[0], "<from>") }
    guard let to = Int(parsed.words[1]) else { throw Self.invalid(parsed.words[1], "<to>") }
    self.from = from
    self.to = to
  }

  static func invalid(_ word: String, _ name: String) -> CommandLineError {
    CommandLineError("the value '\(ConvError.printable(word))' is invalid for '\(name)': give a position in 'conv fav'")
  }

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    let store = FavoritesStore(environment: environment)
    let (from, to) = (from, to)
    try FavoritesCommand.perform { () throws(FavoritesFailure) in
      let entry = try store.update(catalog: catalog, create: false) { (file) throws(FavoritesFailure) in
        do throws(FavoritesEditError) {
          return try file.move(from: from, to: to)
        } catch {
          throw FavoritesCommand.refused(error)
        }
      }
      Output.line(
        from == to
          ? "\(entry.pair) is already favorite \(to); nothing moved" : "moved \(entry.pair) to \(entry.position)")
    }
  }
}

/// `conv fav path`: where the favorites file is.
struct FavoritesPathCommand {
  func run() {
    Output.line(FavoritesStore.path(Environment.current))
  }
}
