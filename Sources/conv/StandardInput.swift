/// Line reading from standard input without readline (for pipes and scripts).
enum StandardInput {
  /// Longest line kept, in bytes; the rest of a longer line is read and dropped, so memory stays
  /// bounded whatever arrives (a file without line breaks, /dev/zero).
  static let maximumLineLength = 1 << 20

  /// The `errno` of a read of standard input that failed (it is a folder: `EISDIR`), 0 when none
  /// did; `readLine` then returns nil as at the end of input. Set and read on the main thread only.
  nonisolated(unsafe) static var readError: Int32 = 0

  /// The one-line message for a failed read of standard input (`errno`).
  static func readFailure(_ error: Int32) -> String {
    "cannot read standard input: " + SystemCalls.message(for: error).lowercased()
  }

  /// The next line without its newline (and a CR before it), invalid UTF-8 repaired; nil at end of
  /// input. NUL bytes are kept (the line is then refused by the parser like any control character).
  static func readLine() -> String? {
    var bytes: [UInt8] = []
    var sawAny = false
    SystemCalls.withStandardInputLocked {
      while let byte = SystemCalls.nextStandardInputByte() {
        sawAny = true
        if byte == 10 { break }
        if bytes.count < maximumLineLength { bytes.append(byte) }
      }
    }
    guard sawAny else {
      if SystemCalls.standardInputFailed { readError = SystemCalls.lastError }
      return nil
    }
    if bytes.last == 13 { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
