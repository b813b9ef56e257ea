import Testing

@testable import ConvKit

/// The banded, bounded edit distance that "did you mean" uses agrees with the textbook one.
@Suite("Edit distance")
struct EditDistanceTests {
  /// Optimal string alignment distance over the whole table, with no bound: the reference.
  static func reference(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  @Test(
    "Known distances",
    arguments: [
      ("kilometre", "kilometer", 1), ("kilometre", "kilometers", 2), ("foot", "fot", 1), ("foot", "ofot", 1),
      ("mile", "mlie", 1),
      ("", "abc", 3), ("abc", "", 3), ("", "", 0), ("µm", "um", 1), ("ångström", "angstrom", 2),
      ("ca", "abc", 3), ("gallon", "gallons", 1), ("kmm", "km", 1), ("abcdef", "badcfe", 3),
    ])
  func known(a: String, b: String, distance: Int) {
    #expect(EditDistance.between(a, b, bound: 5) == distance)
    #expect(EditDistance.between(a, b, bound: distance) == distance)
    if distance > 0 { #expect(EditDistance.between(a, b, bound: distance - 1) == nil) }
  }

  @Test("Agrees with the full table on random strings, for every bound", arguments: 0...4)
  func agreesWithReference(bound: Int) {
    var generator = SplitMix(seed: UInt64(bound) &* 7919 &+ 17)
    let alphabet: [Unicode.Scalar] = ["a", "b", "c", "d", "é", "µ"]
    for _ in 0..<3000 {
      let a = (0..<Int(generator.next() % 9)).map { _ in alphabet[Int(generator.next() % 6)] }
      var b = a
      // Mostly near strings (a few edits of `a`), some unrelated.
      for _ in 0..<Int(generator.next() % 5) {
        let position = b.isEmpty ? 0 : Int(generator.next() % UInt64(b.count))
        switch generator.next() % 4 {
        case 0 where !b.isEmpty: b.remove(at: position)
        case 1: b.insert(alphabet[Int(generator.next() % 6)], at: position)
        case 2 where position + 1 < b.count: b.swapAt(position, position + 1)
        default: if !b.isEmpty { b[position] = alphabet[Int(generator.next() % 6)] }
        }
      }
      let expected = Self.reference(a, b)
      let computed = a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in EditDistance.between(x, y, bound: bound) }
      }
      #expect(computed == (expected <= bound ? expected : nil), "\(a) \(b) bound \(bound)")
    }
  }

}

/// The eight-bytes-at-a-time scan of the compiled tables finds what a byte-by-byte scan finds.
@Suite("Byte scan")
struct ByteScanTests {
  @Test("First and last occurrences agree with a plain scan", arguments: [9, 10, 0, 255] as [UInt8])
  func agreesWithPlainScan(byte: UInt8) {
    var generator = SplitMix(seed: UInt64(byte) &+ 99)
    for _ in 0..<400 {
      let length = Int(generator.next() % 40)
      // Mostly other bytes, the sought one now and then, and bytes that differ from it by one bit.
      let bytes: [UInt8] = (0..<length).map { _ in
        switch generator.next() % 6 {
        case 0: byte
        case 1: byte ^ 0x80
        case 2: byte ^ 0x01
        default: UInt8(truncatingIfNeeded: generator.next())
        }
      }
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for start in 0...length {
          for end in start...length {
            let first = (start..<end).first { bytes[$0] == byte } ?? end
            let afterLast = (start..<end).last { bytes[$0] == byte }.map { $0 + 1 } ?? start
            #expect(ByteScan.first(byte, in: base, from: start, to: end) == first)
            #expect(ByteScan.afterLast(byte, in: base, from: start, to: end) == afterLast)
          }
        }
      }
    }
  }
}
