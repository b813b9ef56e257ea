/// Damerau–Levenshtein (optimal string alignment) distance with an early-exit bound.
enum EditDistance {
  /// The distance between two strings, or nil once it certainly exceeds `bound`.
  static func between(_ a: String, _ b: String, bound: Int) -> Int? {
    between(Array(a.unicodeScalars), Array(b.unicodeScalars), bound: bound)
  }

  /// The distance between two scalar sequences, or nil once it certainly exceeds `bound`.
  static func between(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], bound: Int) -> Int? {
    if abs(x.count - y.count) > bound { return nil }
    if bagDistance(x, y) > bound { return nil }
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previousPrevious = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > bound { return nil }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[y.count]
  }

  /// A lower bound of the edit distance, cheap to compute: the larger of the counts of characters
  /// one string has more of than the other (an edit changes each count by at most one, a
  /// transposition not at all). Characters beyond ASCII are counted together in one bin, which
  /// keeps it a lower bound.
  static func bagDistance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 129) { counts in
      counts.initialize(repeating: 0)
      for scalar in x { counts[Int(min(scalar.value, 128))] += 1 }
      for scalar in y { counts[Int(min(scalar.value, 128))] -= 1 }
      var more = 0
      var fewer = 0
      for count in counts {
        if count > 0 { more += count } else { fewer -= count }
      }
      return max(more, fewer)
    }
  }
}
