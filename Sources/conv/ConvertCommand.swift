import ConvApp
import ConvKit

/// `conv [QUANTITY] [to] [TARGET]`: one-shot, whole column, or batch from standard input.
struct ConvertCommand {
  let flags: OutputFlags
  /// The quantity and the target, as typed (options the table does not know included, to report).
  let words: [String]

  init(_ parsed: ParsedCommand) throws(CommandLineError) {
    flags = try OutputFlags(parsed)
    words = parsed.words
  }

  func run() throws {
    let environment = Environment.current
    if words.isEmpty && environment.stdinIsTerminal {
      try ReplCommand(flags: flags).run()
      return
    }
    try ConvertCommand.convert(words, flags: flags, environment: environment)
  }

  /// One-shot, whole column or batch: everything but the REPL.
  static func convert(_ words: [String], flags: OutputFlags, environment: Environment) throws {
    let settings = CatalogLoading.settings(environment)
    let outputOptions = flags.resolve(environment: environment, settings: settings)
    Output.configureBuffering(isTerminal: environment.stdoutIsTerminal)
    let catalog = CatalogLoading.loadOrExit(environment)
    var converter = Converter(catalog: catalog, options: outputOptions)
    converter.today = { environment.today }
    if words.isEmpty || words == ["-"] {
      let status = BatchRunner(converter: converter).run()
      Output.flush()
      throw ExitCode(status)
    }
    // Options the table does not know, kept as words (`--frobnicate`, `-x`); `-40` is a number.
    if let unknown = words.first(where: ConvertCommand.looksLikeOption) {
      throw CommandLineError(CommandSuggestions.unknownOption(unknown))
    }
    let request = converter.request(arguments: words)
    /// Reports a failed request: the message on standard error, and in JSON an object on standard output.
    func fail(_ message: String) -> ExitCode {
      if let line = converter.writer.failed(input: request.source, message: message) {
        Output.line(line)
        Output.flush()
      }
      Output.error(message)
      return ExitCode(ExitStatus.conversionFailed)
    }
    if let message = BatchConverter.loneNumber(request, catalog: catalog, conventions: converter.conventions) {
      throw fail(message)
    }
    switch converter.convert(request) {
    case .success(let result):
      for note in result.notes { Output.note(note) }
      Output.lines(result.lines)
      Output.flush()
    case .failure(let failure):
      // A first word near a command (`conv lst length`) may be a mistyped command.
      if case .unknownUnit(let word, let span, _) = failure.error, span.start == 0, word == words.first,
        let command = CommandSuggestions.nearest(word, in: CommandSuggestions.commands)
      {
        throw fail("unknown unit '\(ConvError.printable(word))'; did you mean the command 'conv \(command)'?")
      }
      let code = fail(failure.message)
      for line in converter.writer.failureDetails(failure) { Output.errorDetail(line) }
      throw code
    }
  }
}

extension ConvertCommand {
  /// Whether a word is an option rather than part of a quantity: `--name`, or `-` and a letter.
  static func looksLikeOption(_ word: String) -> Bool {
    let bytes = Array(word.utf8.prefix(3))
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "-") else { return false }
    if bytes[1] == UInt8(ascii: "-") { return bytes.count > 2 }
    return (bytes[1] | 0x20) >= UInt8(ascii: "a") && (bytes[1] | 0x20) <= UInt8(ascii: "z")
  }
}

/// Reads `QUANTITY to TARGET` lines from standard input and converts each, in order, through
/// one ``BatchSession``: this type only reads and writes.
struct BatchRunner {
  let converter: Converter

  /// Converts every line; returns the exit status (see ``BatchSession/finish(readFailed:)``): 1 when
  /// the batch failed, 2 when standard input could not be read (an input/output error, as for files).
  func run() -> Int32 {
    var session = BatchSession(converter: converter)
    var output = BatchOutput(
      eachLine: SystemCalls.isTerminal(0) || SystemCalls.isTerminal(1), messagesInline: Output.errorsShareOutput)
    var input = BatchInput()
    // Output waiting in the buffers goes out before a read that would wait.
    let flush = {
      output.flush()
      Output.flush()
    }
    input.forEachLine(beforeWaiting: flush) { line in
      session.convert(line, into: &output)
    }
    output.flush()
    if input.readError != 0 {
      Output.error(StandardInput.readFailure(input.readError))
      return ExitStatus.fileError
    }
    let end = session.finish()
    if let message = end.message { Output.error(message) }
    return end.failed ? ExitStatus.conversionFailed : ExitStatus.success
  }
}
