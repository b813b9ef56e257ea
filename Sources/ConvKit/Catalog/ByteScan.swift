/// Finding a byte in a table, eight bytes at a time: the compiled tables are searched by
/// bisection over their lines, and finding line ends byte by byte was most of a lookup. Batch
/// reads the runs of digits of long numbers the same way.
package enum ByteScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// The high bit of each byte of `word` that equals `byte` (exact for every byte, so the
  /// highest set bit is as good as the lowest).
  @inline(__always)
  private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let x = word ^ (ones &* UInt64(byte))
    return ~(((x & lows) &+ lows) | x | lows)
  }

  /// The position of the first `byte` in `base[start..<end]`, or `end`.
  static func first(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var position = start
    let raw = UnsafeRawPointer(base)
    while position + 8 <= end {
      let found = matches(raw.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian, byte)
      if found != 0 { return position + found.trailingZeroBitCount / 8 }
      position += 8
    }
    while position < end && base[position] != byte { position += 1 }
    return position
  }

  /// The position after the last `byte` in `base[start..<end]`, or `start`: where the line that
  /// holds `end` begins, for `byte` the line break.
  static func afterLast(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var position = end
    let raw = UnsafeRawPointer(base)
    while position - 8 >= start {
      let found = matches(raw.loadUnaligned(fromByteOffset: position - 8, as: UInt64.self).littleEndian, byte)
      if found != 0 { return position - 8 + (63 - found.leadingZeroBitCount) / 8 + 1 }
      position -= 8
    }
    while position > start && base[position - 1] != byte { position -= 1 }
    return position
  }

  /// The position after the run of ASCII digits that starts at `start` in `base[start..<end]`.
  package static func endOfDigits(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var position = start
    let raw = UnsafeRawPointer(base)
    while position + 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian
      // Per byte: a high nibble other than 3, or a low nibble above 9 (adding 6 carries into bit 4,
      // never into the next byte), marks a byte that is no digit.
      let high = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
      let low = ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010
      let other = high | low
      if other != 0 { return position + other.trailingZeroBitCount / 8 }
      position += 8
    }
    while position < end && base[position] &- 0x30 < 10 { position += 1 }
    return position
  }

  /// Whether every byte of `base[start..<end]` is `0` (the character).
  package static func allZeroDigits(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
    var position = start
    let raw = UnsafeRawPointer(base)
    while position + 8 <= end {
      if raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) != 0x3030_3030_3030_3030 { return false }
      position += 8
    }
    while position < end {
      if base[position] != 0x30 { return false }
      position += 1
    }
    return true
  }

  /// Whether each byte of a text is a character of its own: every byte ASCII, and none `\r`
  /// (`\r\n` is one character).
  package static func isOneCharacterPerByte(_ bytes: some Sequence<UInt8>) -> Bool {
    all(bytes) { $0 < 0x80 && $0 != 13 }
  }

  /// Whether every byte is printable ASCII (0x20 to 0x7E): text that shows as it is, a column a
  /// byte, with nothing to escape.
  package static func isPrintableASCII(_ bytes: some Sequence<UInt8>) -> Bool {
    all(bytes) { $0 >= 0x20 && $0 < 0x7F }
  }

  /// Calls `body` with the UTF-8 bytes of `text` in place (made contiguous first if they are not).
  package static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var text = text
    return text.withUTF8(body)
  }

  /// `withBytes(of:_:)` for a substring.
  package static func withBytes<Result>(of text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var text = text
    return text.withUTF8(body)
  }

  /// Whether every byte satisfies `predicate`: over the contiguous bytes when there are some (a
  /// native string's UTF-8), where the generic loop costs several times more.
  @inline(__always)
  package static func all(_ bytes: some Sequence<UInt8>, _ predicate: (UInt8) -> Bool) -> Bool {
    bytes.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) } ?? bytes.allSatisfy(predicate)
  }

  /// Whether the bytes hold `byte` (read as `all(_:_:)` reads them).
  @inline(__always)
  package static func contains(_ byte: UInt8, in bytes: some Sequence<UInt8>) -> Bool { !all(bytes) { $0 != byte } }
}

extension [UInt8] {
  /// Appends the UTF-8 bytes of a string, from its storage in place (``ByteScan/withBytes(of:_:)``).
  package mutating func appendUTF8(_ text: String) {
    ByteScan.withBytes(of: text) { append(contentsOf: $0) }
  }
}
