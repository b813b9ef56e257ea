import ArgumentParser

/// `conv repl`: the interactive two-column screen (see ReplSession).
struct ReplCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "repl", abstract: "Start the interactive converter.")

  @OptionGroup var options: GlobalOptions

  mutating func run() throws {
    Output.error("the REPL is not available in this build")
    throw ExitCode(ExitStatus.usage)
  }
}
