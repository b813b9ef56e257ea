/// Positional words of a command: how many, their name in help, and how a shell completes them.
package struct ArgumentSpec: Sendable {
  /// How many words a command takes.
  package enum Count: Sendable {
    /// Exactly one (`<from>` of `conv fav mv <from> <to>`).
    case one
    /// Any number, none included (`conv list [<category> ...]`); only the last words.
    case any
    /// At least one (`conv info <unit> ...`); only the last words.
    case oneOrMore
  }

  /// What shell completion offers for the words (computed by conv at completion time).
  package enum Completion: String, Sendable {
    case none, units, categories, favorites
  }

  /// The words' name in help: `unit` in `<unit> ...`.
  package let valueName: String
  /// One sentence for `--help`.
  package let help: String
  package let count: Count
  package let completion: Completion
  /// Whether options the command does not know are kept among the words (`conv 5 mi km --exat`),
  /// for the command to report with a suggestion, instead of being refused by the parser.
  package let keepsUnknownOptions: Bool

  package init(
    _ valueName: String, help: String, count: Count = .any, completion: Completion = .none,
    keepsUnknownOptions: Bool = false
  ) {
    self.valueName = valueName
    self.help = help
    self.count = count
    self.completion = completion
    self.keepsUnknownOptions = keepsUnknownOptions
  }
}
