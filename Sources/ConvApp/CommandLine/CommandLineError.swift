import ConvKit

/// A command line conv cannot run: one line for standard error, after `conv: `; exit status 64.
package struct CommandLineError: Error, Equatable, Sendable {
  /// What is wrong, with a suggestion or where to look (`see 'conv info --help'`).
  package let message: String

  package init(_ message: String) {
    self.message = message
  }

  /// `unknown option '--jsno'; did you mean '--json'?`, among the options `command` takes.
  static func unknownOption(_ option: String, of command: CommandSpec, path: [String]) -> CommandLineError {
    let known = command.options.flatMap(\.spellings) + ["--help"]
    let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
    let hint = CommandSuggestions.nearest(name, in: known).map { "; did you mean '\($0)'?" } ?? seeHelp(path)
    return CommandLineError("unknown option '\(ConvError.printable(option))'" + hint)
  }

  /// `unexpected argument 'foo' (see 'conv rates --help')`, with the nearest subcommand if any.
  static func unexpected(_ word: String, of command: CommandSpec, path: [String]) -> CommandLineError {
    let names = command.subcommands.flatMap { [$0.name] + $0.aliases }
    let hint = CommandSuggestions.nearest(word, in: names).map {
      "; did you mean 'conv \((path + [$0]).joined(separator: " "))'?"
    }
    return CommandLineError("unexpected argument '\(ConvError.printable(word))'" + (hint ?? seeHelp(path)))
  }

  /// ` (see 'conv fav mv --help')`.
  static func seeHelp(_ path: [String]) -> String {
    " (see '" + (["conv"] + path).joined(separator: " ") + " --help')"
  }
}
