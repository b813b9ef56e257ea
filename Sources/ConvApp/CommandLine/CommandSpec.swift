/// One command of conv's command line, as data: its names, help text, options, words and
/// subcommands. `CommandLineParser`, `HelpText`, the completion scripts and the command tree
/// (`--experimental-dump-help`) are all read from the one table of these (`ConvCommands`).
package struct CommandSpec: Sendable {
  /// The name typed: `fav`.
  package let name: String
  /// Other names typed for it: `favorites`, `favourites`.
  package let aliases: [String]
  /// One line for `--help` and the parent's list of subcommands.
  package let abstract: String
  /// The usage lines, when they are not generated from the options and words.
  package let usage: String?
  /// Paragraphs after the abstract in `--help`.
  package let discussion: String
  package let options: [OptionSpec]
  /// The positional words, in order (only the last may take more than one word).
  package let arguments: [ArgumentSpec]
  package let subcommands: [CommandSpec]
  /// The subcommand run when the first word names none (`convert` for conv, `list` for fav).
  package let defaultSubcommand: String?

  package init(
    _ name: String, aliases: [String] = [], abstract: String, usage: String? = nil, discussion: String = "",
    options: [OptionSpec] = [], arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [],
    defaultSubcommand: String? = nil
  ) {
    self.name = name
    self.aliases = aliases
    self.abstract = abstract
    self.usage = usage
    self.discussion = discussion
    self.options = options
    self.arguments = arguments
    self.subcommands = subcommands
    self.defaultSubcommand = defaultSubcommand
  }

  /// The subcommand with this name or alias.
  package func subcommand(named word: String) -> CommandSpec? {
    subcommands.first { $0.name == word || $0.aliases.contains(word) }
  }

  /// The option spelled `--name` or `-n`.
  package func option(spelled spelling: String) -> OptionSpec? {
    if spelling.hasPrefix("--") {
      let name = spelling.dropFirst(2)
      return options.first { $0.long == name }
    }
    guard spelling.count == 2, spelling.hasPrefix("-"), let letter = spelling.last else { return nil }
    return options.first { $0.short == letter }
  }

  /// The command at a path of names below this one (`["fav", "add"]`).
  package func descendant(_ path: [String]) -> CommandSpec? {
    var command = self
    for name in path {
      guard let next = command.subcommand(named: name) else { return nil }
      command = next
    }
    return command
  }
}
