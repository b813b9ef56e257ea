// Shared by the fuzz targets that check what conv writes (command-line, repl-line, settings,
// batch-output): run.sh compiles this file with each of them.

import ConvApp

/// Whether a scalar must never reach a terminal raw: C0 and C1 controls, DEL, and the line and
/// paragraph separators; a tab is allowed, and a line feed where `newlines` says so.
func isUnsafe(_ scalar: Unicode.Scalar, newlines: Bool = false) -> Bool {
  switch scalar.value {
  case 0x09: false
  case 0x0A: !newlines
  case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
  default: false
  }
}

/// Checks a line as the executable writes it (through `TerminalText.escaped`, conv's styling kept).
func checkLine(_ text: String, _ what: String) {
  let written = TerminalText.escaped(text, keepingStyle: true)
  if let bad = written.unicodeScalars.first(where: { isUnsafe($0) }) {
    preconditionFailure("U+\(String(bad.value, radix: 16)) written in \(what): \(written.debugDescription)")
  }
}
