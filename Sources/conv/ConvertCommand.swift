import ConvApp
import ConvKit

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
      let failed = BatchRunner(converter: converter).run()
      Output.flush()
      throw ExitCode(failed ? ExitStatus.conversionFailed : ExitStatus.success)
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
         let command = CommandSuggestions.nearest(word, in: CommandSuggestions.commands) {
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

/// Reads `QUANTITY to TARGET` lines from standard input and converts each, in order.
struct BatchRunner {
  let converter: Converter

  /// Converts every line; returns whether any line failed. Failures go to standard error as
  /// `line N: message` (and, in JSON, to standard output as `{"line":N,"input":…,"error":…}`)
  /// and processing goes on. Input without a single request (empty, or only
  /// blank and comment lines) is a failure too: there was nothing to convert.
  func run() -> Bool {
    let batch = BatchConverter(converter: converter)
    var output = BatchOutput(eachLine: isatty(0) == 1 || isatty(1) == 1, messagesInline: Output.errorsShareOutput)
    var input = BatchInput()
    var failed = false
    var number = 0
    var requests = 0
    input.forEachLine(beforeWaiting: { output.flush(); Output.flush() }) { line in
      number += 1
      let lineStart = output.bytes.count
      switch batch.convert(line, into: &output.bytes) {
      case .skipped:
        // Script output keeps one line per input line: an empty one (terse), or an object that
        // says the line was skipped (JSON Lines).
        if let text = converter.writer.batchSkipped(line: number, input: { BatchRunner.text(line) }) {
          output.bytes.append(contentsOf: text.utf8)
          output.bytes.append(10)
          output.lineDone()
        }
        return
      case .converted:
        requests += 1
        output.notes(batch.takeNotes(), before: lineStart)
        output.lineDone()
      case .failed(let message):
        requests += 1
        failed = true
        // Script output keeps one line per request: an empty one (terse), or an object that says
        // the line failed (JSON Lines), so that results line up with the input.
        if let text = converter.writer.batchFailed(line: number, input: { BatchRunner.text(line) }, message: message) {
          output.bytes.append(contentsOf: text.utf8)
          output.bytes.append(10)
        }
        output.error("line \(number): \(message)")
      }
    }
    output.flush()
    if input.readError != 0 {
      Output.error(StandardInput.readFailure(input.readError))
      return true
    }
    if requests == 0 {
      Output.error("nothing to convert: standard input has no lines such as '5 mi to km'")
      return true
    }
    return failed
  }

  /// An input line as text, trimmed.
  static func text(_ line: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: line, as: UTF8.self).trimmingWhitespace
  }
}
