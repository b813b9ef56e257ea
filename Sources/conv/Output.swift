import ConvApp
import ConvKit

/// Writes to standard output and standard error through C stdio (buffered when not a terminal).
///
/// Every line goes through `TerminalText.escaped`: control characters and bidirectional overrides
/// from units files, paths, the environment or the input are written out as `<U+001B>`, so
/// nothing printed can drive the terminal (conv's own colours are kept on standard output).
///
/// A failed write to standard output ends the program (see `writeFailed`), so that
/// `conv 5 mi km > /dev/full` does not succeed quietly; `checkAtExit` catches what is still in
/// the buffer when the program ends, whichever way it ends.
enum Output {
  /// The `errno` of a failed flush before an error message, reported when the program ends.
  nonisolated(unsafe) private static var pendingFailure: Int32 = 0

  /// Writes a line to standard output, escaped for the terminal.
  static func line(_ text: String) {
    var text = TerminalText.escaped(text, keepingStyle: true)
    text.append("\n")
    let complete = text.withUTF8 { SystemCalls.writeStandardOutput($0) }
    if !complete { writeFailed(SystemCalls.lastError) }
  }

  /// Whether standard output is an open file (not closed with `>&-`): a command whose output is
  /// only a report (`conv rates update`) asks before it opens any file, which could take its
  /// descriptor.
  static var outputIsOpen: Bool { SystemCalls.isOpen(1) }

  /// Writes several lines to standard output.
  static func lines(_ texts: [String]) {
    for text in texts { line(text) }
  }

  /// Writes text meant for a program, not a person (a completion script), exactly as it is.
  static func verbatim(_ text: String) {
    var text = text
    let complete = text.withUTF8 { SystemCalls.writeStandardOutput($0) }
    if !complete { writeFailed(SystemCalls.lastError) }
  }

  /// Writes a line to standard error, prefixed with `conv: `.
  static func error(_ text: String) {
    if !SystemCalls.flushStandardOutput() && pendingFailure == 0 { pendingFailure = SystemCalls.lastError }
    var line: [UInt8] = []
    appendErrorLine(text, to: &line)
    line.withUnsafeBufferPointer { SystemCalls.writeStandardError($0) }
  }

  /// Appends the line `error(_:)` writes for `text`: prefixed with `conv: `, escaped, with its
  /// line feed. (Bytes, not a string made of three: a batch of bad lines writes one for each.)
  static func appendErrorLine(_ text: String, to bytes: inout [UInt8]) {
    bytes.appendUTF8("conv: ")
    bytes.appendUTF8(TerminalText.escaped(text))
    bytes.append(10)
  }

  /// Writes a note (`note: C read as coulomb`) to standard error, after what standard output has
  /// so far, so that the two interleave in order on a terminal.
  static func note(_ text: String) {
    if !SystemCalls.flushStandardOutput() && pendingFailure == 0 { pendingFailure = SystemCalls.lastError }
    errorDetail("conv: " + text)
  }

  /// The line `note(_:)` writes for `text`.
  static func noteLine(_ text: String) -> String { detailLine("conv: " + text) }

  /// Whether standard output and standard error are the same file (`2>&1`, both `/dev/null`, one
  /// pipe): then what goes to standard error may go through standard output's buffer, in order.
  static var errorsShareOutput: Bool {
    guard let output = SystemCalls.status(of: 1), let errors = SystemCalls.status(of: 2) else { return false }
    return output.isSameFile(as: errors)
  }

  /// Most problems of one file reported before the rest are counted.
  static let maximumProblems = 20

  /// Writes problems (`PATH:LINE: message`) to standard error, at most `maximumProblems`, then
  /// how many more there are.
  static func problems(_ messages: [String]) {
    for message in messages.prefix(maximumProblems) { error(message) }
    if messages.count > maximumProblems {
      error("… and \(messages.count - maximumProblems) more problems")
    }
  }

  /// Writes a line to standard error, escaped for the terminal.
  static func errorDetail(_ text: String) {
    var text = detailLine(text)
    text.withUTF8 { SystemCalls.writeStandardError($0) }
  }

  /// The line `errorDetail(_:)` writes for `text`: escaped, with its line feed.
  private static func detailLine(_ text: String) -> String { TerminalText.escaped(text) + "\n" }

  /// Uses a large buffer for standard output when it is not a terminal.
  static func configureBuffering(isTerminal: Bool) {
    if !isTerminal { SystemCalls.bufferStandardOutput(size: 1 << 16) }
  }

  /// Flushes standard output.
  static func flush() {
    if !SystemCalls.flushStandardOutput() { writeFailed(SystemCalls.lastError) }
  }

  /// Ends the program after a failed write to standard output, with `conv: cannot write output:
  /// REASON` and status 2. A reader that went away (`conv … | head -1` with SIGPIPE ignored, which
  /// otherwise ends conv silently) gets no message.
  static func writeFailed(_ code: Int32) -> Never {
    if code != SystemCalls.brokenPipe { errorDetail("conv: cannot write output: " + SystemCalls.message(for: code)) }
    SystemCalls.exitImmediately(ExitStatus.fileError)  // not exit(): stdio would try the same write again
  }

  /// Flushes standard output when the program ends, however it ends (`exit` or a return from
  /// `main`), and reports a write that failed (see `writeFailed`).
  static func checkAtExit() {
    SystemCalls.atExit {
      SystemCalls.lastError = 0
      if !SystemCalls.flushStandardOutput() || SystemCalls.standardOutputFailed {
        let error = SystemCalls.lastError
        Output.writeFailed(
          error != 0 ? error : Output.pendingFailure != 0 ? Output.pendingFailure : SystemCalls.inputOutputError)
      }
    }
  }
}

/// Exit statuses, all below 128 (documented in the man page).
enum ExitStatus {
  static let success: Int32 = 0
  static let conversionFailed: Int32 = 1
  static let fileError: Int32 = 2
  static let usage: Int32 = 64
}
