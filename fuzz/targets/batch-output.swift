// libFuzzer target: a whole batch as the terminal or a script receives it (ConvApp's BatchSession).
//
// Input: one byte of options (output mode, locale, ASCII, `--all`), then up to 64 lines, run
// through one `BatchSession` into an in-memory sink (the executable's `BatchOutput` does the same
// with standard output and standard error). Checks, beyond "no crash, no hang":
// - what reaches standard output or standard error holds no raw control character (C0 but line
//   feed and tab, DEL, C1 such as NEL) and no line or paragraph separator: a hostile input line
//   cannot move the terminal's cursor or split a line a script reads;
// - every message for standard error is one line;
// - terse and JSON output keep exactly one line per input line (a line without a target included);
// - JSON output is one object per line;
// - the exit status fails exactly when a line failed or no line was a request.

import ConvApp
import ConvKit

let catalog = Catalog.builtin
let converters: [Converter] = {
  var variants: [OutputOptions] = []
  for mode in [OutputMode.human, .terse, .json] {
    for locale in [nil, "de_DE", "fr_FR", "ar_EG"] as [String?] {
      for ascii in [false, true] {
        var options = OutputOptions()
        options.mode = mode
        options.locale = locale
        options.ascii = ascii
        options.allUnits = locale == "ar_EG"
        variants.append(options)
      }
    }
  }
  return variants.map { Converter(catalog: catalog, options: $0) }
}()

/// Collects standard output and the messages for standard error.
struct MemorySink: BatchSink {
  var bytes: [UInt8] = []
  var messages: [String] = []
  mutating func error(_ text: String) { messages.append(text) }
  mutating func notes(_ notes: [String], before lineStart: Int) { messages.append(contentsOf: notes) }
  mutating func lineDone() {}
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchOutput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 1 else { return 0 }
  let converter = converters[Int(data[0]) % converters.count]
  let mode = converter.options.mode
  var session = BatchSession(converter: converter)
  var sink = MemorySink()
  let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
  var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
  if lines.last?.isEmpty == true { lines.removeLast() }  // a final line feed ends the last line
  if lines.count > 64 { lines.removeLast(lines.count - 64) }
  var failures = 0
  for line in lines {
    let before = sink.messages.count
    session.convert(UnsafeBufferPointer(rebasing: line), into: &sink)
    failures += sink.messages[before...].count { $0.hasPrefix("line ") }
  }
  let end = session.finish()
  let output = String(decoding: sink.bytes, as: UTF8.self)
  precondition(Array(output.utf8) == sink.bytes, "standard output is not valid UTF-8")
  if let bad = output.unicodeScalars.first(where: { isUnsafe($0, newlines: true) }) {
    preconditionFailure("U+\(String(bad.value, radix: 16)) reached standard output: \(output.debugDescription)")
  }
  for message in sink.messages + [end.message].compactMap({ $0 }) {
    if let bad = message.unicodeScalars.first(where: { isUnsafe($0) }) {
      preconditionFailure("U+\(String(bad.value, radix: 16)) in a message: \(message.debugDescription)")
    }
  }
  if mode != .human {
    var outputLines = output.split(separator: "\n", omittingEmptySubsequences: false)
    if outputLines.last?.isEmpty == true { outputLines.removeLast() }
    precondition(
      outputLines.count == lines.count,
      "\(lines.count) input lines gave \(outputLines.count) output lines in \(mode): \(output.debugDescription)")
    if mode == .json {
      for line in outputLines {
        precondition(line.hasPrefix("{") && line.hasSuffix("}"), "not one JSON object: \(line.debugDescription)")
      }
    }
  }
  precondition(
    end.failed == (failures > 0 || session.requests == 0),
    "exit status \(end.failed) with \(failures) failed lines and \(session.requests) requests")
  return 0
}
