import ConvKit

/// Where a batch's output goes: a block of standard output, and messages beside it.
///
/// The executable's implementation decides when the block is written and whether messages go to
/// standard error at once or into the block in their place (`2>&1`); tests and the fuzz target
/// keep everything in memory.
package protocol BatchSink {
  /// Standard output collected so far; each answer's lines end in `\n`.
  var bytes: [UInt8] { get set }
  /// Reports a line that failed (`line 3: unknown unit 'xyz'`), after what is collected.
  mutating func error(_ text: String)
  /// Reports the notes of the line whose output starts at `lineStart`.
  mutating func notes(_ notes: [String], before lineStart: Int)
  /// Called after each line that wrote to standard output.
  mutating func lineDone()
}

/// Converts batch input line by line and decides what a batch writes and whether it failed.
///
/// Every front end that converts lines (`conv < file`, `conv -`) goes through one session: each
/// line is converted by ``BatchConverter`` (the same answers as a one-shot); script modes keep
/// one output line per input line (an empty line in terse mode, an object in JSON Lines) for
/// skipped and failed lines; failures are reported as `line N: message` and processing goes on.
package struct BatchSession {
  private let batch: BatchConverter
  private var converter: Converter { batch.converter }
  /// The number of the last line read (from 1).
  package private(set) var lineNumber = 0
  /// How many lines were requests (not blank, not comments).
  package private(set) var requests = 0
  /// Whether any request failed.
  package private(set) var anyFailed = false

  /// Creates a session that converts with `converter`.
  package init(converter: Converter) {
    batch = BatchConverter(converter: converter)
  }

  /// Converts one input line (without its line break) into `sink`.
  package mutating func convert(_ line: UnsafeBufferPointer<UInt8>, into sink: inout some BatchSink) {
    lineNumber += 1
    let number = lineNumber
    let lineStart = sink.bytes.count
    switch batch.convert(line, into: &sink.bytes) {
    case .skipped:
      // Script output keeps one line per input line: an empty one (terse), or an object that
      // says the line was skipped (JSON Lines).
      if let text = converter.writer.batchSkipped(line: number, input: { BatchSession.text(line) }) {
        sink.bytes.append(contentsOf: text.utf8)
        sink.bytes.append(10)
        sink.lineDone()
      }
    case .converted:
      requests += 1
      sink.notes(batch.takeNotes(), before: lineStart)
      sink.lineDone()
    case .failed(let message):
      requests += 1
      anyFailed = true
      // Script output keeps one line per request, so that results line up with the input.
      if let text = converter.writer.batchFailed(line: number, input: { BatchSession.text(line) }, message: message) {
        sink.bytes.append(contentsOf: text.utf8)
        sink.bytes.append(10)
      }
      sink.error("line \(number): \(message)")
    }
  }

  /// Ends the batch: the message for standard error when the batch as a whole failed (input with
  /// no request: empty, or only blank and comment lines), and whether the exit status reports a
  /// failure. A read error is the caller's to report; it makes the batch fail too.
  package func finish(readFailed: Bool = false) -> (failed: Bool, message: String?) {
    if readFailed { return (true, nil) }
    if requests == 0 {
      return (true, "nothing to convert: standard input has no lines such as '5 mi to km'")
    }
    return (anyFailed, nil)
  }

  /// An input line as text, trimmed.
  static func text(_ line: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: line, as: UTF8.self).trimmingWhitespace
  }
}
