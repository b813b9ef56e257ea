/// `--help` for a command of the table, laid out as conv's help always was: OVERVIEW, the
/// discussion, USAGE, ARGUMENTS, OPTIONS and SUBCOMMANDS, wrapped at 80 columns.
package struct HelpText {
  /// The longest line, in characters: a line that text goes on after keeps one column free.
  static let width = 80
  /// The column where the help of an option, argument or subcommand starts.
  static let helpColumn = 26

  let command: CommandSpec
  /// The command's names below `conv` (`["fav", "add"]`).
  let path: [String]

  /// The help of the command at `path` in `root`; nil when there is no such command.
  package init?(path: [String], root: CommandSpec = ConvCommands.root) {
    guard let command = root.descendant(path) else { return nil }
    self.command = command
    self.path = path
  }

  /// The whole text, ending with a newline.
  package var text: String {
    var sections = [Self.wrap("OVERVIEW: " + command.abstract, width: Self.width).joined(separator: "\n")]
    if !command.discussion.isEmpty { sections.append(Self.wrap(command.discussion)) }
    sections.append("USAGE: " + usage)
    if !command.arguments.isEmpty {
      sections.append("ARGUMENTS:\n" + command.arguments.map { Self.entry("<\($0.valueName)>", $0.help) }.joined())
    }
    let options = command.options.map { option in
      let label = option.spellings.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? "")
      // The values, unless the help already names every one (`auto, plain or scientific`).
      let named = option.values.allSatisfy { option.help.contains(text: $0) }
      let values = named ? "" : " (values: " + option.values.joined(separator: ", ") + ")"
      return Self.entry(label, option.help + values)
    }
    let builtIn = [
      Self.entry("-V, --version", "Show the version (also: conv version)."),
      Self.entry("-h, --help", "Show help information."),
    ]
    sections.append("OPTIONS:\n" + (options + builtIn).joined())
    if !command.subcommands.isEmpty {
      let entries = command.subcommands.map { sub in
        let label =
          ([sub.name] + sub.aliases).joined(separator: ", ")
          + (sub.name == command.defaultSubcommand ? " (default)" : "")
        return Self.entry(label, sub.abstract)
      }
      let helpPath = (["conv", "help"] + path + ["<subcommand>"]).joined(separator: " ")
      sections.append("SUBCOMMANDS:\n" + entries.joined() + "\n  See '\(helpPath)' for detailed help.\n")
    }
    // A blank line at the end, except after the subcommands' closing line.
    let text = sections.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
    return command.subcommands.isEmpty ? text + "\n" : text
  }

  /// The usage line: the table's own, or the words and options (`conv info <unit> ... [--json]`).
  var usage: String {
    if let usage = command.usage {
      return usage.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n       ")
    }
    var parts = ["conv"] + path
    for argument in command.arguments {
      switch argument.count {
      case .one: parts.append("<\(argument.valueName)>")
      case .oneOrMore: parts.append("<\(argument.valueName)> ...")
      case .any: parts.append("[<\(argument.valueName)> ...]")
      }
    }
    parts += command.options.map { "[" + $0.longSpelling + ($0.valueName.map { " <\($0)>" } ?? "") + "]" }
    if !command.subcommands.isEmpty { parts.append("<subcommand>") }
    return parts.joined(separator: " ")
  }

  /// `  --json                  Print JSON.`: the label, then its help from `helpColumn`, wrapped;
  /// a label too long for its column gets a line of its own.
  static func entry(_ label: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: helpColumn)
    let ownLine = label.count + 2 > helpColumn - 2
    let lines = wrap(help, width: width - helpColumn)
    let start = ownLine ? "\n" + indent : String(repeating: " ", count: helpColumn - 2 - label.count)
    return "  " + label + start + lines.joined(separator: "\n" + indent) + "\n"
  }

  /// Paragraph text wrapped at `width`; lines that start with a space (examples, tables) are kept
  /// as they are.
  static func wrap(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      line.hasPrefix(" ") ? [String(line)] : wrap(String(line), width: width)
    }.joined(separator: "\n")
  }

  /// One line of text broken between words into lines of at most `width` characters, all but the
  /// last at most `width - 1`.
  package static func wrap(_ line: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    let words = line.split(separator: " ")
    for (index, word) in words.enumerated() {
      let room = index == words.count - 1 ? width : width - 1
      if !current.isEmpty && current.count + 1 + word.count > room {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    lines.append(current)
    return lines
  }
}
