#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes to standard output and standard error through C stdio (buffered when not a terminal).
enum Output {
  /// Writes a line to standard output.
  static func line(_ text: String) {
    var text = text
    text.append("\n")
    text.withUTF8 { buffer in _ = fwrite(buffer.baseAddress, 1, buffer.count, stdout) }
  }

  /// Writes several lines to standard output.
  static func lines(_ texts: [String]) {
    for text in texts { line(text) }
  }

  /// Writes a line to standard error, prefixed with `conv: `.
  static func error(_ text: String) {
    fflush(stdout)
    var text = "conv: " + text + "\n"
    text.withUTF8 { buffer in _ = fwrite(buffer.baseAddress, 1, buffer.count, stderr) }
  }

  /// Writes a line to standard error as is.
  static func errorDetail(_ text: String) {
    var text = text + "\n"
    text.withUTF8 { buffer in _ = fwrite(buffer.baseAddress, 1, buffer.count, stderr) }
  }

  /// Uses a large buffer for standard output when it is not a terminal.
  static func configureBuffering(isTerminal: Bool) {
    if !isTerminal { setvbuf(stdout, nil, _IOFBF, 1 << 16) }
  }

  /// Flushes standard output.
  static func flush() { fflush(stdout) }
}

/// Exit statuses, all below 128 (documented in the man page).
enum ExitStatus {
  static let success: Int32 = 0
  static let conversionFailed: Int32 = 1
  static let fileError: Int32 = 2
  static let usage: Int32 = 64
}
