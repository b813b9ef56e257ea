import Testing

@testable import ConvApp

/// The byte loops that replaced `memchr` and `memcmp` in ConvApp (which uses no C library) answer
/// as a plain loop does, at every alignment and length around their 8-byte steps.
@Suite("Byte scans without the C library")
struct ByteScanTests {
  /// Bytes where the one sought (0x09) stands at `position`, around bytes that differ from it by
  /// one bit or by the high bit (the cases a word-at-a-time test could confuse).
  static func bytes(count: Int, soughtAt position: Int?) -> [UInt8] {
    let others: [UInt8] = [0x08, 0x0B, 0x89, 0x19, 0x00, 0xFF, 0x01, 0x0A, 0x88]
    var bytes = (0..<count).map { others[$0 % others.count] }
    if let position, position < count { bytes[position] = 0x09 }
    return bytes
  }

  @Test("SearchIndexTable.find gives the first position of the byte, or the end")
  func findAgreesWithALoop() {
    var wrong: [String] = []
    for count in 0...40 {
      for position in [nil] + (0..<count).map(Optional.some) {
        var bytes = Self.bytes(count: count, soughtAt: position)
        if let position, position + 3 < count { bytes[position + 3] = 0x09 }  // a second one after it
        bytes.withUnsafeBufferPointer { text in
          for start in 0...count {
            for end in start...count {
              let expected = (start..<end).first { text[$0] == 0x09 } ?? end
              if SearchIndexTable.find(0x09, text, start, end) != expected {
                wrong.append("count \(count) start \(start) end \(end)")
              }
            }
          }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test("ShapeCache.bytesEqual tells equal bytes from bytes that differ anywhere")
  func bytesEqualAgreesWithALoop() {
    for count in 0...40 {
      let first = Self.bytes(count: count, soughtAt: nil)
      for offset in 0..<4 {
        // The same bytes at another alignment.
        let second = [UInt8](repeating: 0x55, count: offset) + first
        second.withUnsafeBufferPointer { shifted in
          first.withUnsafeBufferPointer { original in
            guard let a = original.baseAddress, let b = shifted.baseAddress else { return }
            #expect(ShapeCache.bytesEqual(a, b + offset, count: count))
            for changed in 0..<count {
              var other = Array(shifted)
              other[offset + changed] ^= 0x80
              other.withUnsafeBufferPointer { different in
                #expect(
                  !ShapeCache.bytesEqual(a, different.baseAddress! + offset, count: count),
                  "count \(count) at \(changed)")
              }
            }
          }
        }
      }
    }
  }
}
