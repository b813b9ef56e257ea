// libFuzzer target: the REPL's command lines (ConvApp's ReplSession, as `conv repl` runs a script).
//
// Input: one byte of options (script or screen mode, JSON or human output, ASCII), then up to 32
// lines, each handled by one session in order, as typed. Checks, beyond "no crash, no hang": every
// output, error and note line, as conv writes it (through `TerminalText.escaped`), holds no raw
// control character; in JSON script mode every output line is one JSON object or array (help, favorites and filters included: a pipe reading
// `conv repl --json` reads JSON Lines); the screen's columns can be drawn after the last line.

import ConvApp
import ConvKit

let catalog = Catalog.builtin

/// A fresh session for each of the eight option bytes (bits 0–2), made once: every input starts
/// from a copy, so an input costs its lines, not a session's start. A session is a value, but the
/// copies share its cache of converted values (a class, keyed by category, source and value) and
/// the converters' memos: an input may find values an earlier one computed, as a long session
/// would, so a finding that depends on them may need the inputs before it to replay. (The array
/// itself is never written after it is made; the fuzzer runs one thread.)
nonisolated(unsafe) let freshSessions: [ReplSession] = (0..<8).map { flags in
  var options = OutputOptions()
  options.mode = flags & 1 == 0 ? .human : .json
  options.ascii = flags & 4 != 0
  let mode: ReplSession.Mode = flags & 2 == 0 ? .script : .screen
  guard let session = ReplSession(converter: Converter(catalog: catalog, options: options), mode: mode) else {
    preconditionFailure("no session over the built-in catalog")
  }
  return session
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 1 else { return 0 }
  let flags = data[0]
  var session = freshSessions[Int(flags & 7)]
  let options = session.converter.options
  let mode = session.mode
  let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
  for line in bytes.split(separator: 10, omittingEmptySubsequences: false).prefix(32) {
    let outcome = session.handle(String(decoding: line, as: UTF8.self))
    for text in outcome.output {
      checkLine(text, "an output line")
      if mode == .script && options.mode == .json {
        precondition(
          (text.hasPrefix("{") && text.hasSuffix("}")) || (text.hasPrefix("[") && text.hasSuffix("]")),
          "not a JSON value in JSON mode: \(text.debugDescription)")
      }
    }
    for text in outcome.errors { checkLine(text, "an error line") }
    for text in outcome.notes { checkLine(text, "a note") }
    if outcome.quit { break }
  }
  // The columns once, in the state the lines left (drawing them after every line took half the
  // time of an input; the mutations reach the states between lines as last lines of other inputs).
  if mode == .screen {
    for text in session.columnLines() { checkLine(text, "a column line") }
  }
  return 0
}
