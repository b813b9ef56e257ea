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

  @Test("Known distances", arguments: [
    ("kilometre", "kilometer", 1), ("kilometre", "kilometers", 2), ("foot", "fot", 1), ("foot", "ofot", 1), ("mile", "mlie", 1),
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
      let computed = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in EditDistance.between(x, y, bound: bound) } }
      #expect(computed == (expected <= bound ? expected : nil), "\(a) \(b) bound \(bound)")
    }
  }

}
