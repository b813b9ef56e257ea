import ArgumentParser
import ConvApp
import ConvFormat

/// `conv repl`: the interactive two-column screen (see ReplSession), or commands read from a pipe.
struct ReplCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Start the interactive converter (also 'conv' alone on a terminal).",
    discussion: """
      On a terminal: the category's units on the left, the other units on the right with the value \
      converted, the current pair highlighted. Type a category name, '/TEXT' to filter both columns, \
      'from UNIT', 'to UNIT', a number, or a conversion such as '5 mi to km'; 'fav' and 'favs' for \
      favorites; 'help' for the full list; 'quit' or Ctrl-D to leave. Tab completes; history is kept \
      in $XDG_STATE_HOME/conv/history.

      With standard input or output not a terminal (or TERM=dumb), reads the same commands one per \
      line and prints only their results (no prompt, no escape codes): a number or a filter prints \
      the destination column, 'to' the pair, 'favs' and 'help' their lists. Errors go to standard error \
      and the rest still runs; the exit status is 1 if any command failed.
      """
  )

  @OptionGroup var options: GlobalOptions

  mutating func run() throws {
    let environment = Environment.current
    let settings = CatalogLoading.settings(environment)
    let term = environment.variables["TERM"] ?? ""
    let interactive = environment.stdinIsTerminal && environment.stdoutIsTerminal && !term.isEmpty && term != "dumb"
    var outputOptions = options.resolve(environment: environment, settings: settings)
    if !interactive && options.color != .always { outputOptions.color = false }
    Output.configureBuffering(isTerminal: environment.stdoutIsTerminal)
    let catalog = CatalogLoading.loadOrExit(environment)
    var converter = Converter(catalog: catalog, options: outputOptions)
    converter.today = { environment.today }
    guard var session = ReplSession(converter: converter, mode: interactive ? .screen : .script,
                                    favorites: ReplFavorites.store(environment, catalog: catalog)) else {
      Output.error("no category has units: the catalog is empty")
      throw ExitCode(ExitStatus.conversionFailed)
    }
    if interactive {
      // Where the last session left off, and the favorites first when there are any.
      let stateFile = ReplStateFile(environment)
      if let saved = stateFile?.load() { session.restore(saved) }
      session.openOnFavorites()
      ReplTerminal(environment: environment).run(&session)
      stateFile?.save(session.savedState)
      return
    }
    let failed = ReplScript.run(&session)
    Output.flush()
    throw ExitCode(failed ? ExitStatus.conversionFailed : ExitStatus.success)
  }
}
