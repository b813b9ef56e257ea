/// Damerau–Levenshtein (optimal string alignment) distance with an early-exit bound.
enum EditDistance {
  /// The distance between two strings, or nil once it certainly exceeds `bound`.
  static func between(_ a: String, _ b: String, bound: Int) -> Int? {
    let (x, y) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
    return x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in between(x, y, bound: bound) } }
  }

  /// The distance between two scalar sequences, or nil once it certainly exceeds `bound`.
  ///
  /// Only the band of cells within `bound` of the diagonal is computed (a cell outside it is more
  /// than `bound` already), in three rows on the stack: no allocation, a few dozen operations per
  /// row for the short spellings of units.
  static func between(
    _ x: UnsafeBufferPointer<Unicode.Scalar>, _ y: UnsafeBufferPointer<Unicode.Scalar>,
    bound: Int
  ) -> Int? {
    if abs(x.count - y.count) > bound { return nil }
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    let width = y.count + 1
    let beyond = bound + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
      // previousPrevious, previous and current rows, rotated by offset.
      var (twoBack, oneBack, now) = (0, width, 2 * width)
      for j in 0..<width { rows[oneBack + j] = min(j, beyond) }
      rows[twoBack] = beyond
      for i in 1...x.count {
        let low = max(1, i - bound)
        let high = min(y.count, i + bound)
        rows[now] = min(i, beyond)
        if low > 1 { rows[now + low - 1] = beyond }
        var rowMinimum = rows[now]
        if low > 1 { rowMinimum = beyond }
        var j = low
        while j <= high {
          let cost = x[i - 1] == y[j - 1] ? 0 : 1
          var value = min(rows[oneBack + j] + 1, rows[now + j - 1] + 1, rows[oneBack + j - 1] + cost)
          if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
            value = min(value, rows[twoBack + j - 2] + 1)
          }
          value = min(value, beyond)
          rows[now + j] = value
          rowMinimum = min(rowMinimum, value)
          j += 1
        }
        if high < y.count { rows[now + high + 1] = beyond }
        if rowMinimum > bound { return nil }
        (twoBack, oneBack, now) = (oneBack, now, twoBack)
      }
      let distance = rows[oneBack + y.count]
      return distance > bound ? nil : distance
    }
  }
}

/// "Did you mean": the one ranking of near words, for units' categories, commands, options and
/// REPL commands alike (unit spellings use the same distance through `SpellingIndex`).
package enum NearWords {
  /// Edits allowed for a word: one for words of up to four letters, two beyond.
  package static func bound(for word: String) -> Int { word.count <= 4 ? 1 : 2 }

  /// The candidates within `bound(for:)` edits of `word` (case ignored), nearest first, ties in
  /// alphabetical order, at most `limit`; the word itself is never suggested.
  package static func nearest(_ word: String, in candidates: [String], limit: Int = 3) -> [String] {
    let key = word.lowercased()
    let bound = bound(for: key)
    let keyScalars = key.unicodeScalars.count
    let scored = candidates.compactMap { candidate -> (Int, String)? in
      // An ASCII candidate keeps its length in lower case: one too long or too short is out at once.
      if candidate.utf8.allSatisfy({ $0 < 0x80 }), abs(candidate.utf8.count - keyScalars) > bound { return nil }
      guard let distance = EditDistance.between(key, candidate.lowercased(), bound: bound),
        distance <= bound, distance > 0
      else { return nil }
      return (distance, candidate)
    }
    var seen: Set<String> = []
    return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1).filter { seen.insert($0).inserted }.prefix(limit).map
    { $0 }
  }
}

extension Catalog {
  /// Categories whose identifier or title is near `name`, for "unknown category" (`elngth`).
  package func suggestedCategories(for name: String) -> [String] {
    let identifiers = categories.map(\.identifier)
    let titles = categories.map { $0.title.lowercased() }
    let near = NearWords.nearest(name, in: identifiers + titles)
    // A title found near stands for its category's identifier.
    return near.compactMap { word in
      identifiers.contains(word) ? word : categories.first { $0.title.lowercased() == word }?.identifier
    }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }
}
