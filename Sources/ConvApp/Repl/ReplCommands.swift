import ConvFormat
import ConvKit

/// One REPL command as data: the words that run it, its argument and its help line.
package struct ReplCommandSpec: Sendable {
  /// The word typed: `from`.
  package let name: String
  /// Other words for it: `exit` for `quit`.
  package let aliases: [String]
  /// The argument's placeholder in help (`UNIT`); nil when the command takes none.
  package let argument: String?
  /// An example argument, for the message when a required one is missing (`mi`).
  let example: String
  /// Whether the command also runs without its argument (`cat` alone lists the categories).
  let argumentOptional: Bool
  /// The help line.
  package let help: String
  /// The input the command stands for, given its argument (empty when none).
  let input: @Sendable (String) -> ReplInput

  init(
    _ name: String, aliases: [String] = [], argument: String? = nil, example: String = "",
    optional: Bool = false, help: String, input: @escaping @Sendable (String) -> ReplInput
  ) {
    self.name = name
    self.aliases = aliases
    self.argument = argument
    self.example = example
    self.argumentOptional = optional
    self.help = help
    self.input = input
  }

  /// The input for this command with `rest` after its word; nil when the line is not this command
  /// (a command without an argument followed by more words is read as a conversion).
  func parse(_ rest: String) -> ReplInput? {
    guard let argument else { return rest.isEmpty ? input("") : nil }
    if rest.isEmpty && !argumentOptional {
      return .invalid("\(name) needs a \(argument.lowercased()): \(name) \(example)")
    }
    return input(rest)
  }
}

/// A key of the REPL screen as data: what it does, the escape sequences terminals send for it,
/// and its help line. Keys readline handles itself have no sequences.
package struct ReplKeySpec: Sendable {
  /// The keys as shown in help: `Up, Down`.
  package let keys: String
  /// The help line.
  package let help: String
  /// The sequences bound, each with its action.
  package let bindings: [(sequence: String, action: ReplAction)]
}

/// What a key does to the screen.
package enum ReplAction: Sendable, Hashable {
  /// Moves the source (left column), or the highlighted category or favorite.
  case source(ReplMove)
  /// Moves the target (right column).
  case target(ReplMove)
  /// Clears the filter (Esc).
  case clearFilter
}

/// How far a key moves a highlight.
package enum ReplMove: Sendable, Hashable {
  case up, down, pageUp, pageDown, first, last
}

/// The REPL's commands and keys: the one table that the line reader, Tab completion, "did you
/// mean" and the help screen read.
package enum ReplCommands {
  /// Every command, in help order.
  package static let all: [ReplCommandSpec] = [
    ReplCommandSpec(
      "cat", aliases: ["category", "cats", "categories"], argument: "NAME", optional: true,
      help: "choose a category (alone: list them; Enter opens the highlighted one)"
    ) {
      $0.isEmpty ? .categories : .category($0)
    },
    ReplCommandSpec(
      "from", argument: "UNIT", example: "mi", help: "convert from UNIT (another category's unit switches)"
    ) {
      .from($0)
    },
    ReplCommandSpec(
      "to", argument: "UNIT", example: "km",
      help: "convert into UNIT (a related category's too: the source stays)"
    ) { .to($0) },
    ReplCommandSpec("swap", help: "exchange the two units") { _ in .swap },
    ReplCommandSpec("fav", help: "add or remove the current pair in the favorites (marked with a star)") { _ in
      .toggleFavorite
    },
    ReplCommandSpec(
      "favs", aliases: ["favorites", "favourites"],
      help: "the favorites, with the current value (Enter opens one)"
    ) { _ in .favorites },
    ReplCommandSpec("show", help: "back to the two columns (in a script: print the column)") { _ in .show },
    ReplCommandSpec("help", aliases: ["?"], help: "this screen") { _ in .help },
    ReplCommandSpec("quit", aliases: ["exit"], help: "leave (Ctrl-D too)") { _ in .quit },
  ]

  /// Every key, in help order.
  package static let keys: [ReplKeySpec] = [
    ReplKeySpec(
      keys: "Up, Down", help: "move the source (left column) or the highlighted line",
      bindings: [
        ("\u{1B}[A", .source(.up)), ("\u{1B}OA", .source(.up)),
        ("\u{1B}[B", .source(.down)), ("\u{1B}OB", .source(.down)),
      ]),
    ReplKeySpec(
      keys: "Shift-Up, Shift-Down", help: "move the target (right column); Alt-Up, Alt-Down too",
      bindings: [
        ("\u{1B}[1;2A", .target(.up)), ("\u{1B}[1;2B", .target(.down)),
        ("\u{1B}[1;3A", .target(.up)), ("\u{1B}[1;3B", .target(.down)),
        ("\u{1B}\u{1B}[A", .target(.up)), ("\u{1B}\u{1B}[B", .target(.down)),
      ]),
    ReplKeySpec(
      keys: "PageUp, PageDown", help: "move the source a screen",
      bindings: [("\u{1B}[5~", .source(.pageUp)), ("\u{1B}[6~", .source(.pageDown))]),
    ReplKeySpec(
      keys: "Home, End", help: "move the source to the first or last unit",
      bindings: [
        ("\u{1B}[H", .source(.first)), ("\u{1B}OH", .source(.first)), ("\u{1B}[1~", .source(.first)),
        ("\u{1B}[7~", .source(.first)), ("\u{1B}[F", .source(.last)), ("\u{1B}OF", .source(.last)),
        ("\u{1B}[4~", .source(.last)), ("\u{1B}[8~", .source(.last)),
      ]),
    ReplKeySpec(keys: "/TEXT", help: "filter the screen as you type (case, accents ignored)", bindings: []),
    ReplKeySpec(keys: "Esc", help: "clear the filter", bindings: [("\u{1B}", .clearFilter)]),
    ReplKeySpec(
      keys: "Enter", help: "run the line; on an empty line, open the highlighted category or favorite",
      bindings: []),
    ReplKeySpec(keys: "Tab", help: "complete commands, categories and units", bindings: []),
    ReplKeySpec(keys: "Ctrl-P, Ctrl-N", help: "previous and next line of the history", bindings: []),
    ReplKeySpec(keys: "Ctrl-R", help: "search the history", bindings: []),
    ReplKeySpec(keys: "Ctrl-C", help: "clear the line (stop a slow screen)", bindings: []),
    ReplKeySpec(keys: "Ctrl-D", help: "leave", bindings: []),
  ]

  /// Every command word, as offered by Tab completion.
  package static var words: [String] { all.map(\.name) }

  /// Every word that runs a command (names and aliases), for "did you mean".
  static var spellings: [String] { all.flatMap { [$0.name] + $0.aliases } }

  /// The command a word runs (case ignored).
  static func command(named word: String) -> ReplCommandSpec? {
    let word = word.lowercased()
    return all.first { $0.name == word || $0.aliases.contains(word) }
  }

  /// `unknown command 'swpa'; did you mean 'swap'?` when the line's first word is a misspelt
  /// command (by the command line's own edit distance); nil otherwise.
  package static func suggestion(for line: String) -> String? {
    let word = line.replTrimmed.splitFirstWord().0
    guard word.count >= 3, word.first?.isLetter == true, command(named: word) == nil,
      let nearest = CommandSuggestions.nearest(word, in: spellings)
    else { return nil }
    return "unknown command '\(ConvError.printable(word))'; did you mean '\(nearest)'?"
  }

  /// The help screen: one line per command, then one per key, generated from the tables.
  package static func helpLines() -> [String] {
    var rows: [(String, String)] = [
      ("NUMBER", "the value, read in the source unit: 5, -40, 1/3, 2.5e3"),
      ("5 mi to km, 5 mi", "a conversion, exactly as on the command line"),
      ("length", "a category's name chooses it"),
    ]
    for command in all {
      let aliases = command.aliases.isEmpty ? "" : " (also " + command.aliases.joined(separator: ", ") + ")"
      rows.append((command.argument.map { command.name + " " + $0 } ?? command.name, command.help + aliases))
    }
    let commandRows = rows.count
    rows += keys.map { ($0.keys, $0.help) }
    let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
    let lines = rows.map { ReplText.pad($0.0, to: width) + "  " + $0.1 }
    return ["Commands"] + lines.prefix(commandRows) + ["", "Keys"] + lines.dropFirst(commandRows)
  }
}
