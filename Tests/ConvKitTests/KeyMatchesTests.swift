import Testing

@testable import ConvKit

/// The bit-parallel distance of a near search agrees with the textbook optimal string alignment.
@Suite("Bit-parallel distance")
struct KeyMatchesTests {
  @Test("Agrees with the full table on random strings, ASCII and not, up to 64 scalars", arguments: [3, 9, 20, 64])
  func agreesWithReference(longest: Int) {
    var generator = SplitMix(seed: UInt64(longest) &* 104_729 &+ 5)
    let alphabet: [Unicode.Scalar] = ["a", "b", "c", "d", "é", "µ", "\u{301}", "Ω", "z", "\u{7F}", "\u{80}", "米"]
    for _ in 0..<2000 {
      let a = (0..<Int(1 + generator.next() % UInt64(longest))).map { _ in alphabet[Int(generator.next() % 12)] }
      var b = a
      // Mostly near strings (a few edits of `a`), some unrelated.
      for _ in 0..<Int(generator.next() % 6) {
        let position = b.isEmpty ? 0 : Int(generator.next() % UInt64(b.count))
        switch generator.next() % 4 {
        case 0 where !b.isEmpty: b.remove(at: position)
        case 1: b.insert(alphabet[Int(generator.next() % 12)], at: position)
        case 2 where position + 1 < b.count: b.swapAt(position, position + 1)
        default: if !b.isEmpty { b[position] = alphabet[Int(generator.next() % 12)] }
        }
      }
      if generator.next() % 8 == 0 {
        b = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % 12)] }
      }
      let computed = a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in KeyMatches.with(x) { $0.distance(to: y) } }
      }
      #expect(computed == EditDistanceTests.reference(a, b), "\(a) \(b)")
    }
  }

  @Test(
    "Known distances",
    arguments: [
      ("kilometre", "kilometer", 1), ("ca", "abc", 3), ("abcdef", "badcfe", 3), ("a", "", 1), ("ab", "ba", 1),
      ("µm", "um", 1), ("ångström", "angstrom", 2),
      (String(repeating: "x", count: 64), String(repeating: "x", count: 63) + "y", 1),
    ])
  func known(a: String, b: String, distance: Int) {
    let (x, y) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
    #expect(
      x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in KeyMatches.with(x) { $0.distance(to: y) } } }
        == distance)
  }
}
