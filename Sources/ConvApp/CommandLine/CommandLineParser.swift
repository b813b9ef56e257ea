import ConvKit

/// Reads conv's arguments against the command table (`ConvCommands`), without reflection: a
/// few comparisons per word, so that `conv info ft` starts as quickly as `conv 5 mi km`.
///
/// The grammar: options may come before or after the subcommand's name and among the words; the
/// first word that is not an option names a subcommand, or starts the words of the default one
/// (`convert`, or `list` under `fav`); `--` ends the options; a word that starts with a minus sign
/// and a number (`-40`, `-½ cup`) is a word, never an option; `-tl` is `-t -l`.
package struct CommandLineParser {
  let root: CommandSpec

  package init(root: CommandSpec = ConvCommands.root) {
    self.root = root
  }

  /// The first word that asks for help on the commands after it (`conv help fav add`).
  package static let helpWord = "help"
  /// The word that alone asks for the version (`conv version`), like `--version` and `-V`.
  package static let versionWord = "version"

  /// The request a command line makes (the arguments without the program's name).
  package func parse(_ arguments: [String]) throws(CommandLineError) -> CommandLineRequest {
    if let request = try hiddenRequest(arguments) { return request }
    if arguments.first == CommandLineParser.helpWord { return .help(try helpPath(Array(arguments.dropFirst()))) }
    // `conv version`, as `conv help` (no unit is spelled `version`).
    if arguments == [CommandLineParser.versionWord] { return .version }
    let (command, path, rest, defaulted) = findCommand(arguments)
    var parsed = ParsedCommand(path: path)
    var index = 0
    var endOfOptions = false
    while index < rest.count {
      let word = rest[index]
      index += 1
      if endOfOptions || !Self.isOption(word) {
        parsed.words.append(word)
      } else if word == "--" {
        endOfOptions = true
      } else if word == "-h" || word == "--help" || word == "-help" {
        // `conv -h` and `conv fav -h` describe conv and fav, `conv 5 mi km -h` the conversion.
        return .help(defaulted && parsed.words.isEmpty ? Array(path.dropLast()) : path)
      } else if word == "--version" || word == "-V" {
        return .version
      } else if !(try read(
        word, of: command, path: path, into: &parsed,
        next: { () -> String? in
          guard index < rest.count else { return nil }
          index += 1
          return rest[index - 1]
        }))
      {
        // An option the command does not know: a word for a command that reports it itself.
        guard command.arguments.last?.keepsUnknownOptions == true else {
          throw CommandLineError.unknownOption(word, of: command, path: path)
        }
        parsed.words.append(word)
      }
    }
    try checkWords(parsed.words, of: command, path: path)
    return .run(parsed)
  }

  /// Whether a word is read as an option: it starts with `-`, is not `-` alone, and is not a
  /// negative quantity.
  package static func isOption(_ word: String) -> Bool {
    word.utf8.first == UInt8(ascii: "-") && word.utf8.count > 1 && !NegativeQuantities.isNegativeQuantity(word)
  }

  // MARK: Steps

  /// The command the words name, its path, the arguments left for it (options set aside on the
  /// way first, then the rest in order), and whether it is a default subcommand no word named.
  private func findCommand(_ arguments: [String]) -> (CommandSpec, [String], [String], Bool) {
    var command = root
    var path: [String] = []
    var setAside: [String] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word == "--" { break }
      if Self.isOption(word) {
        setAside.append(word)
        index += 1
        // The value of an option that takes one is no subcommand (`--color never fav`).
        if !word.contains("="), Self.takesValue(word, below: command), index < arguments.count {
          setAside.append(arguments[index])
          index += 1
        }
        continue
      }
      guard let next = command.subcommand(named: word) else { break }
      command = next
      path.append(next.name)
      index += 1
    }
    guard let name = command.defaultSubcommand, let next = command.subcommand(named: name) else {
      return (command, path, setAside + arguments[index...], false)
    }
    return (next, path + [next.name], setAside + arguments[index...], true)
  }

  /// Reads one option (or a cluster of short flags) into `parsed`; false when the command has no
  /// such option.
  private func read(
    _ word: String, of command: CommandSpec, path: [String], into parsed: inout ParsedCommand,
    next: () -> String?
  ) throws(CommandLineError) -> Bool {
    if word.hasPrefix("--") {
      let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let option = command.option(spelled: String(parts[0])) else { return false }
      let inline = parts.count == 2 ? String(parts[1]) : nil
      if !option.takesValue {
        if let inline {
          throw CommandLineError(
            "the option '\(option.longSpelling)' takes no value, but '\(ConvError.printable(inline))' was given")
        }
        parsed.flags.insert(option.long)
      } else {
        guard let value = inline ?? next() else {
          throw CommandLineError(
            "missing value for '\(option.longSpelling) <\(option.valueName ?? "")>'" + CommandLineError.seeHelp(path))
        }
        try check(value, for: option)
        parsed.values[option.long] = value
      }
      return true
    }
    // `-t`, or `-tl`: one-letter flags.
    let letters = word.dropFirst().map { command.option(spelled: "-" + String($0)) }
    guard letters.allSatisfy({ $0 != nil && !$0!.takesValue }) else { return false }
    for option in letters { parsed.flags.insert(option!.long) }
    return true
  }

  /// Refuses a value outside an option's list of values.
  private func check(_ value: String, for option: OptionSpec) throws(CommandLineError) {
    guard !option.values.isEmpty, !option.values.contains(value), !option.synonyms.contains(value) else { return }
    let choices = option.values.map { "'\($0)'" }
    let listed = choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
    throw CommandLineError(
      "the value '\(ConvError.printable(value))' is invalid for '\(option.longSpelling) <\(option.valueName ?? "")>'; give one of \(listed)"
    )
  }

  /// Refuses too few or too many words for the command's arguments.
  private func checkWords(_ words: [String], of command: CommandSpec, path: [String]) throws(CommandLineError) {
    var remaining = words.count
    for argument in command.arguments {
      switch argument.count {
      case .one, .oneOrMore:
        guard remaining > 0 else {
          let shown = "<\(argument.valueName)>" + (argument.count == .oneOrMore ? " ..." : "")
          throw CommandLineError("missing expected argument '\(shown)'" + CommandLineError.seeHelp(path))
        }
        remaining -= argument.count == .one ? 1 : remaining
      case .any:
        remaining = 0
      }
    }
    if remaining > 0 {
      throw CommandLineError.unexpected(words[words.count - remaining], of: command, path: path)
    }
  }

  /// Whether an option takes a value in the command or any command below it.
  private static func takesValue(_ spelling: String, below command: CommandSpec) -> Bool {
    if command.option(spelled: spelling)?.takesValue == true { return true }
    return command.subcommands.contains { takesValue(spelling, below: $0) }
  }

  /// The path of canonical names `conv help fav add` asks about.
  private func helpPath(_ words: [String]) throws(CommandLineError) -> [String] {
    var command = root
    var path: [String] = []
    for word in words {
      guard let next = command.subcommand(named: word) else {
        throw CommandLineError.unexpected(word, of: command, path: path)
      }
      command = next
      path.append(next.name)
    }
    return path
  }

  /// `--experimental-dump-help`, `--generate-completion-script SHELL` and the completion
  /// callback `---complete INDEX WORD…` (`---complete-described` for fish), which only conv itself
  /// and its scripts type.
  private func hiddenRequest(_ arguments: [String]) throws(CommandLineError) -> CommandLineRequest? {
    guard let first = arguments.first, first.hasPrefix("--") else { return nil }
    if first == "--experimental-dump-help" && arguments.count == 1 { return .commandTree }
    if first == "---complete" || first == "---complete-described", arguments.count >= 2,
      let index = Int(arguments[1]), index >= 1
    {
      return .complete(index: index, words: Array(arguments.dropFirst(2)), described: first == "---complete-described")
    }
    let option = "--generate-completion-script"
    guard first == option || first.hasPrefix(option + "=") else { return nil }
    let shell =
      first == option
      ? (arguments.count == 2 ? arguments[1] : nil)
      : (arguments.count == 1 ? String(first.dropFirst(option.count + 1)) : nil)
    guard let shell, ["bash", "zsh", "fish"].contains(shell) else {
      throw CommandLineError("give one shell: --generate-completion-script bash, zsh or fish")
    }
    return .completionScript(shell)
  }
}
