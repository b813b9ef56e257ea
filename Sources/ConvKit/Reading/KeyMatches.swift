/// A near search's key (1 to 64 scalars) laid out for a bit-parallel edit distance: for each
/// scalar, the positions of the key that hold it, one bit each.
///
/// With it, the optimal string alignment distance to a spelling of `n` scalars takes `n` steps of
/// a dozen word operations (Heikki Hyyrö, "A bit-vector algorithm for computing Levenshtein and
/// Damerau edit distances", Nordic Journal of Computing 10, 2003), where the banded table of
/// `EditDistance` takes a few dozen operations a cell and a stack allocation.
struct KeyMatches {
  /// The longest key: one bit per scalar in a word.
  static let longest = 64

  /// The masks of the ASCII scalars, by value (128 words, owned by `with`).
  private let ascii: UnsafeMutableBufferPointer<UInt64>
  /// The masks of the other scalars of the key.
  private let others: [(scalar: Unicode.Scalar, mask: UInt64)]
  /// The number of scalars of the key.
  let count: Int

  private init(ascii: UnsafeMutableBufferPointer<UInt64>, others: [(scalar: Unicode.Scalar, mask: UInt64)], count: Int)
  {
    self.ascii = ascii
    self.others = others
    self.count = count
  }

  /// Calls `body` with the matches of `key`, which must have 1 to `longest` scalars.
  static func with<Result>(_ key: UnsafeBufferPointer<Unicode.Scalar>, _ body: (KeyMatches) -> Result) -> Result {
    precondition(!key.isEmpty && key.count <= longest)
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { ascii in
      ascii.initialize(repeating: 0)
      var others: [(scalar: Unicode.Scalar, mask: UInt64)] = []
      for (offset, scalar) in key.enumerated() {
        let bit = UInt64(1) &<< UInt64(offset)
        if scalar.value < 128 {
          ascii[Int(scalar.value)] |= bit
        } else if let index = others.firstIndex(where: { $0.scalar == scalar }) {
          others[index].mask |= bit
        } else {
          others.append((scalar, bit))
        }
      }
      return body(KeyMatches(ascii: ascii, others: others, count: key.count))
    }
  }

  /// The positions of the key that hold `scalar`.
  @inline(__always)
  private func mask(_ scalar: Unicode.Scalar) -> UInt64 {
    if scalar.value < 128 { return ascii[Int(scalar.value)] }
    for other in others where other.scalar == scalar { return other.mask }
    return 0
  }

  /// The optimal string alignment distance between the key and `other` (as
  /// `EditDistance.between` counts: insertions, deletions, substitutions and transpositions of
  /// adjacent scalars, no scalar edited twice).
  func distance(to other: UnsafeBufferPointer<Unicode.Scalar>) -> Int {
    // Column by column of the table, the key down its side: `up` and `down` hold the rows where
    // the column's value goes up or down by one from the row above, `diagonal` the rows where it
    // equals the value up and to the left, `previous` the matches of the last scalar.
    var (up, down, diagonal, previous): (UInt64, UInt64, UInt64, UInt64) = (.max, 0, 0, 0)
    let last = UInt64(1) &<< UInt64(count - 1)
    var distance = count
    for scalar in other {
      let matches = mask(scalar)
      let transposed = ((~diagonal & matches) &<< 1) & previous
      diagonal = (((matches & up) &+ up) ^ up) | matches | down | transposed
      var rightUp = down | ~(diagonal | up)
      var rightDown = diagonal & up
      if rightUp & last != 0 {
        distance += 1
      } else if rightDown & last != 0 {
        distance -= 1
      }
      rightUp = rightUp &<< 1 | 1
      rightDown = rightDown &<< 1
      up = rightDown | ~(diagonal | rightUp)
      down = rightUp & diagonal
      previous = matches
    }
    return distance
  }
}
