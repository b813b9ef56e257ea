// Substring search and replacement by characters, as the standard library's `firstRange(of:)` and
// `replacing(_:with:)` on strings do them (and its `contains(_:)`, but for one case: see below).
// Those live in _StringProcessing, and one call to them links it and the regex parser into the
// static binary (about 1 MB, issue 23); conv never needs a regex, so it searches with these.

extension StringProtocol {
  /// The range of the first occurrence of `text`, matched character by character; nil when there is
  /// none or `text` is empty.
  package func firstRange(ofText text: some StringProtocol) -> Range<Index>? {
    guard let first = text.first else { return nil }
    var start = startIndex
    while let found = self[start...].firstIndex(of: first) {
      var position = found
      var matched = true
      for character in text {
        guard position != endIndex, self[position] == character else {
          matched = false
          break
        }
        formIndex(after: &position)
      }
      if matched { return found..<position }
      start = index(after: found)
    }
    return nil
  }

  /// Whether `text` occurs in the string, matched character by character; false for an empty
  /// `text`. The standard library's `contains(_:)` does not require a match to start on a character
  /// boundary (`"a\u{301}\u{301}"` contains `"\u{301}"` for it): the two agree for every `text`
  /// that starts with a character of its own, as conv's do (`->`, `&`, `does not resolve` …).
  package func contains(text: some StringProtocol) -> Bool {
    firstRange(ofText: text) != nil
  }

  /// The string with every occurrence of `text`, left to right and not overlapping, replaced by
  /// `replacement`.
  package func replacing(text: some StringProtocol, with replacement: some StringProtocol) -> String {
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(ofText: text) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }
}

extension String {
  /// Whether `text` occurs in the string, as ``StringProtocol/contains(text:)`` finds it; when each
  /// byte of both is a character of its own (`ByteScan.isOneCharacterPerByte`), byte by byte,
  /// without the character iteration (a search tests a word against every substance's names).
  package func contains(text: String) -> Bool {
    let found: Bool? = ByteScan.withBytes(of: self) { haystack in
      ByteScan.withBytes(of: text) { needle in
        guard let first = needle.first else { return false }
        guard ByteScan.isOneCharacterPerByte(needle), ByteScan.isOneCharacterPerByte(haystack) else { return nil }
        guard needle.count <= haystack.count else { return false }
        var start = 0
        while start <= haystack.count - needle.count {
          if haystack[start] == first {
            var offset = 1
            while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
          }
          start += 1
        }
        return false
      }
    }
    return found ?? (firstRange(ofText: text) != nil)
  }
}
