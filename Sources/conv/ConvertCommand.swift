import ArgumentParser
import ConvApp
import ConvKit

/// `conv [QUANTITY] [to] [TARGET]`: one-shot, whole column, or batch from standard input.
struct ConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Convert a quantity (the default command).",
    discussion: """
      With a target, prints one conversion. Without one, converts into every other unit of the
      category (the whole column). With no quantity and standard input not a terminal (or with
      '-'), reads one 'QUANTITY to TARGET' per line. With no arguments on a terminal, starts the REPL.
      """
  )

  @OptionGroup var options: GlobalOptions

  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The quantity and the target: 5 mi km, \"5 mi\" to km, 100 °F °C.", valueName: "quantity [to] target"))
  var words: [String] = []

  mutating func run() throws {
    let environment = Environment.current
    let settings = CatalogLoading.settings(environment)
    let outputOptions = options.resolve(environment: environment, settings: settings)
    Output.configureBuffering(isTerminal: environment.stdoutIsTerminal)
    if words.isEmpty && environment.stdinIsTerminal {
      var repl = ReplCommand()
      repl.options = options
      try repl.run()
      return
    }
    let catalog = CatalogLoading.loadOrExit(environment)
    let converter = Converter(catalog: catalog, options: outputOptions)
    if words.isEmpty || words == ["-"] {
      let failed = BatchRunner(converter: converter).run()
      Output.flush()
      throw ExitCode(failed ? ExitStatus.conversionFailed : ExitStatus.success)
    }
    if let unknown = words.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
      throw ValidationError("unknown option '\(unknown)'")
    }
    let request = ConversionRequest.parse(arguments: words, catalog: catalog)
    switch converter.run(request) {
    case .success(let lines):
      Output.lines(lines)
      Output.flush()
    case .failure(let failure):
      Output.error(failure.message)
      if outputOptions.mode == .human {
        for line in failure.caretLines { Output.errorDetail(line) }
      }
      throw ExitCode(ExitStatus.conversionFailed)
    }
  }
}

/// Reads `QUANTITY to TARGET` lines from standard input and converts each, in order.
struct BatchRunner {
  let converter: Converter

  /// Converts every line; returns whether any line failed. Failures go to standard error as
  /// `line N: message` and processing goes on.
  func run() -> Bool {
    var failed = false
    var number = 0
    while let line = StandardInput.readLine() {
      number += 1
      let trimmed = line.trimmingWhitespace
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let request = ConversionRequest.parse(line: trimmed, catalog: converter.catalog)
      switch converter.run(request) {
      case .success(let lines): Output.lines(lines)
      case .failure(let failure):
        failed = true
        Output.error("line \(number): \(failure.message)")
      }
    }
    return failed
  }
}

extension String {
  /// The text without leading and trailing white space.
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
          let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(self[first...last])
  }
}
