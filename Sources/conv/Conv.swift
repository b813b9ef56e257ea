import ConvApp

/// The program's entry point: reads the command line against conv's command table
/// (`CommandLineParser`, a few comparisons per word) and runs what it asks for.
@main
enum ConvMain {
  static func main() {
    Output.checkAtExit()
    do {
      switch try CommandLineParser().parse(Array(CommandLine.arguments.dropFirst())) {
      case .run(let parsed):
        try CommandRunner.run(parsed)
      case .help(let path):
        Output.verbatim(HelpText(path: path)?.text ?? "")
      case .version:
        Output.verbatim(ConvCommands.version + "\n")
      case .completionScript(let shell):
        Output.verbatim(CompletionScript.script(for: shell) ?? "")
      case .commandTree:
        Output.verbatim(CommandTree.json() + "\n")
      case .complete(let index, let words, let described):
        ShellCompletion.complete(words: words, index: index, described: described)
      }
    } catch let error as CommandLineError {
      Output.error(error.message)
      SystemCalls.exit(ExitStatus.usage)
    } catch let code as ExitCode {
      SystemCalls.exit(code.rawValue)
    } catch {
      Output.error("\(error)")
      SystemCalls.exit(ExitStatus.conversionFailed)
    }
    SystemCalls.exit(ExitStatus.success)
  }
}
