import ConvKit

/// "Did you mean" for mistyped options and commands (`--jsno`, `conv lst length`, `conv fav delete 1`),
/// by edit distance among the words conv knows, not among units.
package enum CommandSuggestions {
  /// Every option of conv's commands (from the command table).
  package static var options: [String] {
    var spellings = ["--help", "--version", "-V", "--generate-completion-script"]
    func collect(_ command: CommandSpec) {
      for spelling in command.options.flatMap(\.spellings) where !spellings.contains(spelling) {
        spellings.append(spelling)
      }
      command.subcommands.forEach(collect)
    }
    collect(ConvCommands.root)
    return spellings
  }
  /// The top-level commands, with their aliases, and `help`.
  package static var commands: [String] {
    names(of: ConvCommands.root) + [CommandLineParser.helpWord, CommandLineParser.versionWord]
  }
  /// The favorites subcommands (with their aliases).
  package static var favoriteCommands: [String] { names(of: ConvCommands.favorites) }

  /// The names and aliases of a command's subcommands.
  static func names(of command: CommandSpec) -> [String] {
    command.subcommands.flatMap { [$0.name] + $0.aliases }
  }

  /// The nearest of `candidates` to `word` (`NearWords`: two edits, one for words of up to four letters).
  package static func nearest(_ word: String, in candidates: [String]) -> String? {
    NearWords.nearest(word, in: candidates, limit: 1).first
  }

  /// `unknown option '--jsno'; did you mean '--json'?`
  package static func unknownOption(_ option: String) -> String {
    let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
    let hint = nearest(name, in: options).map { "; did you mean '\($0)'?" } ?? " (see 'conv --help')"
    return "unknown option '\(ConvError.printable(option))'" + hint
  }
}
