import ConvKit

/// The syntax of one line of the favorites file.
///
/// ```
/// # conv favorites v1
/// # Everyday pairs, in display order.
/// mi -> km
/// °F -> °C          # the weather abroad
/// short ton → kg
/// L/100km -> mpg
/// ```
///
/// - A blank line (only white space) is kept and means nothing.
/// - A line whose first non-blank character is `#` is a comment. The comment
///   `# conv favorites vN` is the version header: conv writes it as the first line of a file it
///   creates, and refuses a file whose header names a later version than it reads.
/// - Any other line is a pair `FROM -> TO`: two unit expressions separated by `->` or `→`
///   (spaces around the separator optional, conv writes ` -> `). A `#` after the pair starts a
///   comment. Units may contain spaces (`short ton`) and `/` (`L/100km`), never `#`, `->` or `→`.
/// - Lines end with LF (CRLF is read and kept); a UTF-8 byte order mark on line 1 is ignored.
package enum FavoritesFormat {
  /// The format version this build reads and writes.
  package static let version = 1
  /// The header conv writes at the top of a file it creates.
  package static let header = "# conv favorites v\(version)"
  /// The separator conv writes between the two units.
  package static let separator = " -> "
  /// Words that separate the two units on a command line.
  static let separatorWords: Set<String> = ["->", "→", "to"]

  /// What one line holds.
  package enum Content: Sendable, Hashable {
    /// Only white space.
    case blank
    /// A comment.
    case comment
    /// The version header `# conv favorites vN`.
    case header(version: Int)
    /// A version header whose version this build cannot even read as a number (`v1.5`,
    /// `v99999999999`), with the tag as written: always refused, never taken for a comment.
    case unsupportedHeader(tag: String)
    /// A pair of units.
    case pair(FavoritePair)
    /// A line that does not parse, with the reason.
    case invalid(String)
  }

  /// Reads one line (without its line break; a trailing CR is ignored).
  package static func parseLine(_ line: some StringProtocol) -> Content {
    var text = Substring(line)
    if text.last == "\r" { text = text.dropLast() }
    if text.first == "\u{FEFF}" { text = text.dropFirst() }
    let trimmed = text.favoritesTrimmed
    if trimmed.isEmpty { return .blank }
    if trimmed.hasPrefix("#") { return header(trimmed) ?? .comment }
    var body = Substring(trimmed)
    if let hash = body.firstIndex(of: "#") { body = body[..<hash] }
    let separators = separatorRanges(in: body)
    guard let first = separators.first else {
      return .invalid(
        "expected 'FROM -> TO' (two units separated by '->'), found '\(ConvError.printable(body.favoritesTrimmed))'")
    }
    guard separators.count == 1 else {
      return .invalid("expected one '->' between two units, found \(separators.count)")
    }
    let from = body[..<first.lowerBound].favoritesTrimmed
    let to = body[first.upperBound...].favoritesTrimmed
    if from.isEmpty { return .invalid("missing the unit before '->'") }
    if to.isEmpty { return .invalid("missing the unit after '->'") }
    return .pair(FavoritePair(from: from, to: to))
  }

  /// Why a pair cannot be written as a line that reads back as the same pair, or nil when it can.
  package static func unwritableReason(_ pair: FavoritePair) -> String? {
    for text in [pair.from, pair.to] {
      if text.isEmpty { return "a unit is empty" }
      if text.contains(where: { $0.isNewline }) { return "a unit cannot contain a line break" }
      if text.contains("#") { return "a unit cannot contain '#' (it starts a comment)" }
      if !separatorRanges(in: Substring(text)).isEmpty { return "a unit cannot contain '->' or '→'" }
    }
    return parseLine(pair.description) == .pair(pair) ? nil : "it does not read back as the same pair"
  }

  /// The version header a comment is, if it is one: `# conv favorites v` and a tag of digits and
  /// points (`v1`, `v2`, `v1.5`, `v1000000000`). A tag that is no small whole number is an
  /// unsupported header, never a comment: a file of an unknown version is refused, not rewritten.
  static func header(_ comment: String) -> Content? {
    let words = comment.dropFirst().split(whereSeparator: { $0.isWhitespace })
    guard words.count == 3, words[0].lowercased() == "conv", words[1].lowercased() == "favorites" else { return nil }
    let tag = words[2]
    guard tag.first == "v" || tag.first == "V", tag.count > 1 else { return nil }
    let digits = tag.dropFirst()
    guard digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), digits.first?.isNumber == true else {
      return nil
    }
    if digits.count <= 9, let version = Int(digits) { return .header(version: version) }
    return .unsupportedHeader(tag: String(tag))
  }

  /// Where `->` and `→` occur.
  static func separatorRanges(in text: Substring) -> [Range<Substring.Index>] {
    var ranges: [Range<Substring.Index>] = []
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "→" {
        ranges.append(index..<next)
      } else if character == "-", next < text.endIndex, text[next] == ">" {
        let end = text.index(after: next)
        ranges.append(index..<end)
        index = end
        continue
      }
      index = next
    }
    return ranges
  }
}
