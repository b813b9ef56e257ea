import ConvApp
import ConvFormat

/// `conv repl`: the interactive two-column screen (see ReplSession), or commands read from a pipe.
struct ReplCommand {
  let options: OutputFlags

  init(_ parsed: ParsedCommand) throws(CommandLineError) {
    options = try OutputFlags(parsed)
  }

  /// The REPL with these options (`conv` alone on a terminal).
  init(flags: OutputFlags) {
    options = flags
  }

  func run() throws {
    let environment = Environment.current
    let settings = CatalogLoading.settings(environment)
    let term = environment.variables["TERM"] ?? ""
    let terminal = environment.stdinIsTerminal && environment.stdoutIsTerminal
    // A dumb or tiny terminal (below 40×10) gets plain lines with a prompt, not the screen.
    let size = terminal ? ReplTerminal.size(environment) : (width: 0, height: 0)
    let interactive = terminal && !term.isEmpty && term != "dumb" && size.width >= 40 && size.height >= 10
    var outputOptions = options.resolve(environment: environment, settings: settings)
    if !interactive && options.color != .always { outputOptions.color = false }
    Output.configureBuffering(isTerminal: environment.stdoutIsTerminal)
    let catalog = CatalogLoading.loadOrExit(environment)
    var converter = Converter(catalog: catalog, options: outputOptions)
    converter.today = { environment.today }
    guard
      var session = ReplSession(
        converter: converter, mode: interactive ? .screen : .script,
        favorites: ReplFavorites.store(environment, catalog: catalog))
    else {
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
    let failed = ReplScript.run(&session, prompt: terminal && outputOptions.mode == .human ? ReplTerminal.prompt : nil)
    Output.flush()
    // Standard input that cannot be read is an input/output error, as for files.
    if StandardInput.readError != 0 { throw ExitCode(ExitStatus.fileError) }
    throw ExitCode(failed ? ExitStatus.conversionFailed : ExitStatus.success)
  }
}
