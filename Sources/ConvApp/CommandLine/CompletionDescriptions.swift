/// The descriptions fish shows beside completion candidates (`candidate<TAB>description`), from the
/// command table: a subcommand's abstract, an option's help.
package enum CompletionDescriptions {
  /// The description of a fixed word (a subcommand or an option) under `root`, or nil.
  package static func of(_ word: String, root: CommandSpec = ConvCommands.root) -> String? {
    switch word {
    case CommandLineParser.helpWord: return "Help on a command"
    case "--help", "-h": return "Show help information"
    case "--version", "-V": return "Show the version"
    default: break
    }
    var queue = [root]
    while !queue.isEmpty {
      let command = queue.removeFirst()
      if let option = command.options.first(where: { $0.spellings.contains(word) }) { return option.help }
      if let sub = command.subcommand(named: word) { return sub.abstract }
      queue += command.subcommands
    }
    return nil
  }

  /// A candidate line for fish: the candidate, a tab and the description on one line (control
  /// characters, tabs included, become spaces); the candidate alone without a description.
  package static func line(_ candidate: String, _ description: String?) -> String {
    guard let description, !description.isEmpty else { return candidate }
    let flat = String(description.map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? " " : $0 })
    return candidate + "\t" + flat
  }
}
