/// Damerau–Levenshtein (optimal string alignment) distance with an early-exit bound.
enum EditDistance {
  /// The distance between two strings, or nil once it certainly exceeds `bound`.
  static func between(_ a: String, _ b: String, bound: Int) -> Int? {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    if abs(x.count - y.count) > bound { return nil }
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
}
