import ArgumentParser
import ConvApp
import ConvKit

/// `conv fav`: favorite unit pairs, kept in a dotfile people can edit by hand and sync.
struct FavoritesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fav",
    abstract: "List and edit favorite unit pairs (kept in a dotfile).",
    discussion: """
      'conv fav' converts 1 (or 'conv fav 5': 5) of every favorite's source unit, in file order.

      THE FILE: $CONV_FAVORITES, else $XDG_CONFIG_HOME/conv/favorites, else \
      ~/.config/conv/favorites ('conv fav path' prints it). UTF-8 text, one pair per line:

        # conv favorites v1
        mi -> km
        °F -> °C        # a comment may follow a pair
        short ton -> kg
        L/100km → mpg

      '->' or '→' separates the units; '#' starts a comment; blank lines are kept. The line order \
      is the display order. '# conv favorites v1' is the format's version header (written when conv \
      creates the file). An invalid line is reported as PATH:LINE: message and the file is left as \
      it is. Edits keep every other line, comment and blank line, write atomically, follow a \
      symbolic link to its target, and take a lock so that concurrent runs all land.

      EXIT STATUS: 0 success; 1 an edit was refused (unknown or non-conformable units, a unit to \
      itself, a duplicate, no such favorite) or a conversion failed; 2 the favorites or units file \
      is invalid or cannot be written; 64 usage error.
      """,
    subcommands: [
      FavoritesListCommand.self, FavoritesAddCommand.self, FavoritesRemoveCommand.self,
      FavoritesMoveCommand.self, FavoritesPathCommand.self,
    ],
    defaultSubcommand: FavoritesListCommand.self,
    aliases: ["favorites", "favourites"]
  )

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
struct FavoritesListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Convert a value (default 1) with every favorite.")

  @OptionGroup var options: GlobalOptions

  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The value to convert (default 1).", valueName: "value"))
  var words: [String] = []

  mutating func run() throws {
    if let unknown = words.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
      throw ValidationError(CommandSuggestions.unknownOption(unknown))
    }
    // A mistyped subcommand (`conv fav delete 1`) is no value.
    if let first = words.first, first.first?.isLetter == true,
       let command = CommandSuggestions.nearest(first, in: CommandSuggestions.favoriteCommands)
         ?? (["delete", "del", "erase"].contains(first.lowercased()) ? "rm" : nil) {
      throw ValidationError("'\(ConvError.printable(first))' is not a favorites command; did you mean 'conv fav \(command)'?")
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
      throw ValidationError(error.message)
    }
    var failed = false
    try FavoritesCommand.perform { () throws(FavoritesFailure) in
      let file = try FavoritesStore(environment: environment).load(catalog: catalog)
      if file.entries.isEmpty {
        switch outputOptions.mode {
        case .json: Output.line("[]")
        case .terse: break
        case .human: Output.error("no favorites yet: add one with 'conv fav add mi km'")
        }
        return
      }
      let output = presenter.lines(file.resolved(in: catalog), value: value, valueText: valueText)
      // Resolved again, lazily, for the dimensions alone: holding every resolved favorite costs kilobytes each.
      let dimensions = file.resolved(in: catalog).map(\.favorite.from.dimension)
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
struct FavoritesAddCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a favorite pair at the end: conv fav add mi km.")

  @Argument(parsing: .allUnrecognized,
            help: ArgumentHelp("The source and target units: mi km, \"short ton\" kg, L/100km mpg.", valueName: "from to"),
            completion: ShellCompletion.units)
  var units: [String] = []

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
struct FavoritesRemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rm", abstract: "Remove a favorite: conv fav rm mi km, or by position: conv fav rm 2.",
    aliases: ["remove"])

  @Argument(parsing: .allUnrecognized,
            help: ArgumentHelp("The pair's units, or its position in 'conv fav'.", valueName: "from to | n"),
            completion: ShellCompletion.favorites)
  var words: [String] = []

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
struct FavoritesMoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mv", abstract: "Move favorite N to position M: conv fav mv 3 1.", aliases: ["move"])

  @Argument(help: "The favorite's position in 'conv fav'.") var from: Int
  @Argument(help: "Its new position.") var to: Int

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
      Output.line("moved \(entry.pair) to \(entry.position)")
    }
  }
}

/// `conv fav path`: where the favorites file is.
struct FavoritesPathCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "path", abstract: "Print the favorites file's path (it may not exist yet).")

  func run() throws {
    Output.line(FavoritesStore.path(Environment.current))
  }
}
