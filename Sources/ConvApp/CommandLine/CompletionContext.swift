/// What a shell should offer for one word of a command line being typed, read against the
/// command table: the completion scripts send conv the words and the position
/// (`conv ---complete INDEX WORD…`), and conv answers with candidates, one a line.
package enum CompletionContext: Equatable, Sendable {
  /// These words (subcommands, options, an option's values), already filtered by the typed prefix.
  case words([String])
  /// Candidates conv computes from the catalog or the favorites file, for the typed `prefix`.
  case dynamic(ArgumentSpec.Completion, prefix: String)

  /// The context of `words[index]` (an empty word when `index` is `words.count`); `words[0]` is
  /// the program's name.
  package init(words: [String], index: Int, root: CommandSpec = ConvCommands.root) {
    let prefix = index < words.count ? words[index] : ""
    if index > 1, words.count > 1, words[1] == CommandLineParser.helpWord {
      // `conv help fav <Tab>`: the topics below the commands already named.
      var topic = root
      for word in words[2..<min(index, words.count)] {
        guard let next = topic.subcommand(named: word) else {
          self = .words([])
          return
        }
        topic = next
      }
      self = .words(topic.subcommands.map(\.name).filter { $0.hasPrefix(prefix) })
      return
    }
    var command = root
    var positionals = 0
    var endOfOptions = false
    var expectsValueOf: OptionSpec? = nil
    var position = 1
    while position < min(index, words.count) {
      let word = words[position]
      position += 1
      if expectsValueOf != nil {
        expectsValueOf = nil
        continue
      }
      if !endOfOptions && word == "--" {
        endOfOptions = true
      } else if !endOfOptions && CommandLineParser.isOption(word) {
        expectsValueOf = Self.option(word, below: command).flatMap { $0.takesValue && !word.contains("=") ? $0 : nil }
      } else if positionals == 0, let next = command.subcommand(named: word) {
        command = next
      } else {
        if positionals == 0, let name = command.defaultSubcommand, let next = command.subcommand(named: name) {
          command = next
        }
        positionals += 1
      }
    }
    if let option = expectsValueOf {
      self = .words(option.values.filter { $0.hasPrefix(prefix) })
      return
    }
    if !endOfOptions && CommandLineParser.isOption(prefix) || prefix == "-" {
      // Before the words of a default subcommand, its options and its parent's (`conv --<Tab>`).
      let defaulted = command.defaultSubcommand.flatMap(command.subcommand(named:))
      let options = (defaulted?.options ?? []) + command.options
      let spellings = options.flatMap(\.spellings) + ["--help", "--version"]
      self = .words(spellings.filter { $0.hasPrefix(prefix) })
      return
    }
    if positionals == 0 && !command.subcommands.isEmpty {
      // The first word after a command with subcommands: one of them (as `conv <Tab>` always
      // offered), and `help` at the top.
      let help = command.name == root.name && position == 1 ? [CommandLineParser.helpWord] : []
      self = .words((command.subcommands.map(\.name) + help).filter { $0.hasPrefix(prefix) })
      return
    }
    var leaf = command
    if let name = command.defaultSubcommand, let next = command.subcommand(named: name) { leaf = next }
    let argument = leaf.arguments.isEmpty ? nil : leaf.arguments[min(positionals, leaf.arguments.count - 1)]
    guard let argument, argument.completion != .none else {
      self = .words([])
      return
    }
    self = .dynamic(argument.completion, prefix: prefix)
  }

  /// The option spelled `word` (`--digits`, `--digits=3`, `-t`) of the command or a command below it.
  static func option(_ word: String, below command: CommandSpec) -> OptionSpec? {
    let spelling = String(word.split(separator: "=", maxSplits: 1).first ?? "")
    if let option = command.option(spelled: spelling) { return option }
    for sub in command.subcommands {
      if let option = option(word, below: sub) { return option }
    }
    return nil
  }
}
