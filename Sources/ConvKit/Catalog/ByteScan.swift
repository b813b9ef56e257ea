/// Finding a byte in a table, eight bytes at a time: the compiled tables are searched by
/// bisection over their lines, and finding line ends byte by byte was most of a lookup.
enum ByteScan {
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
}
