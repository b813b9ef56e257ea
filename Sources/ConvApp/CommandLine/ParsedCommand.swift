/// A command line read against the command table: which command, its options and its words.
package struct ParsedCommand: Equatable, Sendable {
  /// The command's names below `conv`, as the table spells them: `["fav", "list"]`, `["convert"]`.
  package var path: [String]
  /// The flags given, by long name (`terse` for `-t`).
  package var flags: Set<String> = []
  /// The options given with a value, by long name (the last one given wins).
  package var values: [String: String] = [:]
  /// The positional words, in order (`--` dropped).
  package var words: [String] = []

  package init(path: [String], flags: Set<String> = [], values: [String: String] = [:], words: [String] = []) {
    self.path = path
    self.flags = flags
    self.values = values
    self.words = words
  }

  /// Whether the flag `--name` was given.
  package func has(_ name: String) -> Bool { flags.contains(name) }
}

/// What a command line asks conv to do.
package enum CommandLineRequest: Equatable, Sendable {
  /// Run a command.
  case run(ParsedCommand)
  /// Print the help of the command at this path (`[]` for conv itself).
  case help([String])
  /// Print the version.
  case version
  /// Print the completion script for `bash`, `zsh` or `fish`.
  case completionScript(String)
  /// Print the command tree as JSON (`--experimental-dump-help`, read by the man page's test).
  case commandTree
  /// Print the completion candidates for the word at `index` of `words` (the command line as the
  /// shell split it, `conv` first): what the completion scripts call back (`conv ---complete`).
  /// With `described`, each line is `candidate<TAB>description` (fish shows the description).
  case complete(index: Int, words: [String], described: Bool = false)
}
