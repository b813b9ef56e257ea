/// How a folded query matches a folded spelling, on their UTF-8 bytes: the one test behind
/// search, the REPL's filter and its category counts.
///
/// Spellings and queries are folded to the same composed form (`UnitSearch.normalize`), so
/// comparing bytes gives the answers comparing characters gives. A spelling's words are split at
/// space, `-` and `/`; a query's at spaces.
enum FoldedMatch {
  /// The rank of `spelling[start..<end]` for the query, nil when it does not match: 0 when the
  /// query is the whole spelling; else 10 when it begins the spelling, 30 when its words begin
  /// words of the spelling in order, 40 when it begins a word, 60 when it is inside the spelling
  /// (queries of three characters or more). Callers add the difference in length.
  static func rank(
    _ spelling: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
    _ query: UnsafeBufferPointer<UInt8>, words queryWords: UnsafeBufferPointer<Range<Int>>,
    inside: Bool
  ) -> Int? {
    let length = query.count
    guard length > 0, length <= end - start else { return nil }
    if begins(spelling, start, end, query, 0..<length) { return length == end - start ? 0 : 10 }
    if queryWords.count > 1 {
      // Every query word begins some word of the spelling, in order.
      var word = nextWord(spelling, from: start, start, end)
      for queryWord in queryWords {
        while word < end && !begins(spelling, word, end, query, queryWord) {
          word = nextWord(spelling, from: word + 1, start, end)
        }
        if word >= end { return nil }
        word = nextWord(spelling, from: word + 1, start, end)
      }
      return 30
    }
    // One pass over the places the query's first byte is at: at the start of a word it ranks 40,
    // elsewhere (for a query long enough) 60.
    let first = query[0]
    var found: Int? = nil
    var position = start + 1
    while position <= end - length {
      if spelling[position] == first, begins(spelling, position, end, query, 0..<length) {
        if isSeparator(spelling[position - 1]) && !isSeparator(first) { return 40 }
        if inside { found = 60 }
      }
      position += 1
    }
    return found
  }

  /// Whether a byte separates words of a spelling (space, `-`, `/`).
  @inline(__always)
  private static func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x2D || byte == 0x2F }

  /// The start of the first word of `spelling[start..<end]` that starts at or after `position`, or
  /// `end`.
  @inline(__always)
  private static func nextWord(
    _ spelling: UnsafeBufferPointer<UInt8>, from position: Int, _ start: Int,
    _ end: Int
  ) -> Int {
    var position = position
    // Inside a word: skip to its end.
    if position > start, position < end, !isSeparator(spelling[position - 1]) {
      while position < end && !isSeparator(spelling[position]) { position += 1 }
    }
    while position < end && isSeparator(spelling[position]) { position += 1 }
    return position
  }

  /// Whether `spelling[start..<end]` begins with `query[part]`.
  @inline(__always)
  private static func begins(
    _ spelling: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
    _ query: UnsafeBufferPointer<UInt8>, _ part: Range<Int>
  ) -> Bool {
    guard part.count <= end - start else { return false }
    var index = 0
    while index < part.count {
      if spelling[start + index] != query[part.lowerBound + index] { return false }
      index += 1
    }
    return true
  }
}
