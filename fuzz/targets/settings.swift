// libFuzzer target: the settings file (ConvApp's Settings.parse).
//
// Input: the file's bytes. Checks, beyond "no crash, no hang": every problem names a line of the
// file and is one line with no raw control character from the file (printed as `PATH:LINE:
// message`); a file without problems gives settings in range;
// the one-line check holds for the problem as written (escaped, as conv writes every message); parsing is a function of the text.

import ConvApp
import ConvKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let (settings, problems) = Settings.parse(text, path: "settings")
  let lineCount = max(1, text.fileLines.count)
  for problem in problems {
    // As the executable writes it: `conv: PATH:LINE: message`, through TerminalText.escaped.
    let shown = TerminalText.escaped(problem.description)
    precondition(problem.line >= 1 && problem.line <= lineCount, "problem on line \(problem.line) of \(lineCount)")
    if let bad = shown.unicodeScalars.first(where: { isUnsafe($0) }) {
      preconditionFailure("U+\(String(bad.value, radix: 16)) in a problem: \(shown.debugDescription)")
    }
  }
  if problems.isEmpty, let digits = settings.digits { precondition((1...40).contains(digits), "digits \(digits)") }
  let again = Settings.parse(text, path: "settings")
  precondition(
    again.settings == settings && again.problems.map(\.description) == problems.map(\.description),
    "parsing the same text twice differs")
  return 0
}
