#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Line reading from standard input without readline (for pipes and scripts).
enum StandardInput {
  /// Longest line kept, in bytes; the rest of a longer line is read and dropped.
  static let maximumLineLength = 1 << 20

  /// The next line without its newline, invalid UTF-8 repaired; nil at end of input.
  static func readLine() -> String? {
    var line: UnsafeMutablePointer<CChar>? = nil
    var capacity = 0
    defer { free(line) }
    let count = getline(&line, &capacity, stdin)
    guard count >= 0, let line else { return nil }
    var length = count
    if length > 0 && line[length - 1] == 10 { length -= 1 }
    if length > 0 && line[length - 1] == 13 { length -= 1 }
    length = min(length, maximumLineLength)
    return line.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }
  }
}
