/// What to convert into what, split from a command line or an input line.
///
/// `to`, `->`, `→` or `=>` separates quantity and target when present (`5 mi to km`); `in` and
/// `as` do where the split reads (`60 mph in km/h`), and stay units where it does not (`1 in cm`
/// is one inch; `5 in in cm`). Otherwise the last argument is the target (`5 mi km`,
/// `5 kg "short ton"`). A target may list several units separated by `;` (`ft;in`), GNU units
/// style. No target at all means the whole column.
package struct ConversionRequest: Sendable, Hashable {
  /// The quantity as written (`5 mi`).
  package var quantity: String
  /// The target units; empty for the whole-column view.
  package var targets: [String]
  /// The text the request came from, joined with spaces, for error carets.
  package var source: String
  /// Where the quantity starts in `source`, in characters.
  package var quantityOffset: Int
  /// Where the target starts in `source`, in characters.
  package var targetOffset: Int
  /// Whether the target is the last words of the line, taken without a separator (`5 mi km`):
  /// when it does not convert, `Catalog.read` tries the other splits of the line.
  package var targetFromLastWords = false
  /// The words of the line this request was parsed from, kept for `words`.
  private var parsedWords: ParsedWords? = nil

  /// Creates a request from its parts.
  package init(quantity: String, targets: [String], source: String, quantityOffset: Int, targetOffset: Int) {
    self.quantity = quantity
    self.targets = targets
    self.source = source
    self.quantityOffset = quantityOffset
    self.targetOffset = targetOffset
  }

  /// The words of `source`: those the line parser split (the line is read word by word more than
  /// once), else split now.
  var words: [WordSplitter.Word] {
    if let parsedWords, parsedWords.line == source { return parsedWords.words }
    return WordSplitter.split(source)
  }

  /// The words of a parsed line. They follow from the line, so they take no part in equality.
  private struct ParsedWords: Hashable, Sendable {
    let line: String
    let words: [WordSplitter.Word]
    static func == (lhs: ParsedWords, rhs: ParsedWords) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  /// Words that always separate quantity and target.
  package static let separators: Set<String> = ["to", "->", "→", "=>"]

  /// Whether a word is one of ``separators`` in any case. (Every separator is at most three bytes
  /// long, and no longer word lower-cases to one: a longer word is none, without lower-casing it.)
  package static func isSeparator(_ word: String) -> Bool {
    word.utf8.count <= 3 && separators.contains(word.lowercased())
  }

  /// Words joined by single spaces, as `joined(separator: " ")` joins them. (A loop: on an array
  /// slice, `joined` is the standard library's unspecialized code, whose first call resolves the
  /// slice's associated types at run time, about 170 k instructions, a tenth of a one-shot.)
  static func spaced(_ words: ArraySlice<String>) -> String {
    var text = ""
    var first = true
    for word in words {
      if !first { text += " " }
      text += word
      first = false
    }
    return text
  }

  /// Words that separate quantity and target only where both sides then read: `in` is also the
  /// inch, `as` the attosecond.
  package static let looseSeparators: Set<String> = ["in", "as"]

  /// Splits command-line arguments. With one argument it is read as a line.
  package static func parse(
    arguments: [String], catalog: Catalog,
    conventions: NumberConventions = .standard
  ) -> ConversionRequest {
    if arguments.count == 1 { return parse(line: arguments[0], catalog: catalog, conventions: conventions) }
    let source = spaced(arguments[...])
    let reader = SplitReader(catalog: catalog, conventions: conventions)
    if let separator = reader.separator(in: arguments) {
      let quantity = spaced(arguments[..<separator])
      let target = spaced(arguments[(separator + 1)...])
      return ConversionRequest(
        quantity: quantity, targets: splitTargets(target), source: source,
        quantityOffset: 0, targetOffset: quantity.count + arguments[separator].count + 2)
    }
    let quantity = spaced(arguments.dropLast())
    // `5 mi km`: the last argument is the target, unless the quantity alone is not a quantity with
    // a unit and another split of the words is (`5 kg short ton`), or all of it is (`5 mi`).
    var simple = ConversionRequest(
      quantity: quantity, targets: splitTargets(arguments.last!), source: source,
      quantityOffset: 0, targetOffset: quantity.count + 1)
    simple.targetFromLastWords = true
    // A bare number last is no target (`5 ft 11`); a quantity read with a bare number after a unit
    // (`5 ft 11` of `5 ft 11 in`) gives way to the whole line where that reads (`split(_:)`).
    if !reader.startsWithNumber(arguments.last!), reader.split(quantity, line: source) { return simple }
    let line = parse(line: source, catalog: catalog, conventions: conventions)
    return reader.hasUnit(line.quantity) ? line : simple
  }

  /// Whether the text reads as a quantity with a unit (`5 mi`, `mi`), not a bare number. A
  /// temperature below absolute zero (`-500 °C`) counts, so that its error is the one reported.
  static func hasUnit(_ text: String, catalog: Catalog, conventions: NumberConventions = .standard) -> Bool {
    SplitReader(catalog: catalog, conventions: conventions).hasUnit(text)
  }

  /// Lines longer than this (in bytes) are not split at all: no quantity or unit is that long, and
  /// splitting a megabyte of words would take a while. The quantity parser then refuses the line.
  static let longestSplitLine = 65_536

  /// Splits one line of text (batch input, the REPL, a single quoted argument).
  package static func parse(
    line: String, catalog: Catalog,
    conventions: NumberConventions = .standard
  ) -> ConversionRequest {
    if line.utf8.count > longestSplitLine {
      return ConversionRequest(quantity: line, targets: [], source: line, quantityOffset: 0, targetOffset: line.count)
    }
    // An arrow written without spaces (`5mi->km`, `5 mi→km`) separates as the spaced one does.
    // (A byte search first: the search by characters costs many times more.)
    if ConversionRequest.mayHoldArrow(line),
      let arrow = ["->", "→", "=>"].first(where: { line.utf8.contains(subsequence: $0.utf8) && line.contains(text: $0) }
      ),
      !WordSplitter.split(line).contains(where: { isSeparator($0.text) })
    {
      return parse(
        line: line.replacing(text: arrow, with: " " + arrow + " "), catalog: catalog, conventions: conventions)
    }
    let words = WordSplitter.split(line)
    var request = split(line: line, words: words, catalog: catalog, conventions: conventions)
    request.parsedWords = ParsedWords(line: line, words: words)
    return request
  }

  /// `parse(line:)` of a line no longer than `longestSplitLine`, with its words.
  private static func split(
    line: String, words: [WordSplitter.Word], catalog: Catalog, conventions: NumberConventions
  ) -> ConversionRequest {
    let reader = SplitReader(catalog: catalog, conventions: conventions)
    if let separator = reader.separator(in: words.map(\.text)) {
      let quantity = String(line[..<words[separator - 1].range.upperBound])
      let targetStart = separator + 1 < words.count ? words[separator + 1].start : line.count
      let target = separator + 1 < words.count ? String(line[words[separator + 1].range.lowerBound...]) : ""
      return ConversionRequest(
        quantity: quantity, targets: splitTargets(target), source: line,
        quantityOffset: 0, targetOffset: targetStart)
    }
    // Try targets of one to four trailing words; take the first split where both sides parse.
    if words.count >= 2 {
      var firstCandidate: ConversionRequest? = nil
      for count in 1...min(4, words.count - 1) {
        let targetStart = words[words.count - count].start
        let quantity = String(line[..<words[words.count - count - 1].range.upperBound])
        let target = String(line[words[words.count - count].range.lowerBound...])
        var candidate = ConversionRequest(
          quantity: quantity, targets: splitTargets(target), source: line,
          quantityOffset: 0, targetOffset: targetStart)
        candidate.targetFromLastWords = true
        if firstCandidate == nil { firstCandidate = candidate }
        // A target never starts with a number when no separator says where it starts:
        // `6 ft 2 in` is one quantity, not `6 ft` in units of `2 in`.
        if reader.startsWithNumber(target) { continue }
        if reader.targetsRead(candidate.targets), reader.split(quantity, line: line) { return candidate }
      }
      // A quantity alone (`5 mi`, `6 ft 2 in`) is the whole-column request.
      // (`hasUnit(line)`, or the line reads at all: one reading.)
      if reader.check(line) != .unread {
        return ConversionRequest(
          quantity: line, targets: [], source: line, quantityOffset: 0,
          targetOffset: line.count)
      }
      return firstCandidate!
    }
    return ConversionRequest(quantity: line, targets: [], source: line, quantityOffset: 0, targetOffset: line.count)
  }

  /// The other ways of splitting the line of a request whose target is its last words: one to
  /// four other last words as the target (never starting with a number), then the whole line as
  /// one quantity. Empty for any other request.
  package func otherSplits() -> [ConversionRequest] {
    guard targetFromLastWords, source.utf8.count <= ConversionRequest.longestSplitLine else { return [] }
    let words = self.words
    var result: [ConversionRequest] = []
    if words.count >= 2 {
      for count in 1...min(4, words.count - 1) {
        let targetStart = words[words.count - count].start
        let target = String(source[words[words.count - count].range.lowerBound...])
        guard targetStart != targetOffset, let first = target.first,
          !(first.isNumber || first == "." || first == "-" || first == "+")
        else { continue }
        let quantity = String(source[..<words[words.count - count - 1].range.upperBound])
        result.append(
          ConversionRequest(
            quantity: quantity, targets: ConversionRequest.splitTargets(target),
            source: source, quantityOffset: 0, targetOffset: targetStart))
      }
    }
    result.append(
      ConversionRequest(
        quantity: source, targets: [], source: source, quantityOffset: 0,
        targetOffset: source.count))
    return result
  }

  /// Whether the line has a byte that ends an arrow: `>` (`->`, `=>`) or the last byte of `→`
  /// (E2 86 92).
  private static func mayHoldArrow(_ line: String) -> Bool {
    var line = line
    return line.withUTF8 { bytes in bytes.contains { $0 == UInt8(ascii: ">") || $0 == 0x92 } }
  }

  /// The targets of a target text: `ft;in` is `ft` then `in` (a quantity in several units).
  package static func splitTargets(_ text: String) -> [String] {
    guard text.utf8.contains(UInt8(ascii: ";")) else { return [text] }
    let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { String($0) }
    return parts.count > 1 ? parts : [text]
  }
}

/// Splits a line into space-separated words, remembering where each is.
enum WordSplitter {
  struct Word: Sendable {
    var text: String
    /// Where the word starts and ends, in characters.
    var start: Int
    var end: Int
    /// Where the word starts and ends in the line.
    var range: Range<String.Index>
  }

  static func split(_ line: String) -> [Word] {
    if let words = splitASCII(line) { return words }
    var words: [Word] = []
    var offset = 0
    var start = 0
    var startIndex: String.Index? = nil
    for index in line.indices {
      if line[index].isWhitespace {
        if let wordStart = startIndex {
          words.append(Word(text: String(line[wordStart..<index]), start: start, end: offset, range: wordStart..<index))
        }
        startIndex = nil
      } else if startIndex == nil {
        startIndex = index
        start = offset
      }
      offset += 1
    }
    if let wordStart = startIndex {
      words.append(Word(text: String(line[wordStart...]), start: start, end: offset, range: wordStart..<line.endIndex))
    }
    return words
  }

  /// The words of a line of ASCII bytes without `\r` (one character a byte), read in place; nil
  /// for any other line.
  private static func splitASCII(_ line: String) -> [Word]? {
    var copy = line
    return copy.withUTF8 { bytes -> [Word]? in
      guard ByteScan.isOneCharacterPerByte(bytes) else { return nil }
      var words: [Word] = []
      words.reserveCapacity(8)
      // One character a byte: a word's range is found by moving on from the last word's end.
      let utf8 = line.utf8
      var index = utf8.startIndex
      var indexOffset = 0
      func position(_ offset: Int) -> String.Index {
        index = utf8.index(index, offsetBy: offset - indexOffset)
        indexOffset = offset
        return index
      }
      var start = -1
      func add(_ end: Int) {
        let lower = position(start)
        let upper = position(end)
        words.append(
          Word(
            text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self),
            start: start, end: end, range: lower..<upper))
      }
      for offset in 0..<bytes.count {
        let byte = bytes[offset]
        if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
          if start >= 0 { add(offset) }
          start = -1
        } else if start < 0 {
          start = offset
        }
      }
      if start >= 0 { add(bytes.count) }
      return words
    }
  }
}

/// The checks the splitter makes on candidate sides, with the user's number conventions.
struct SplitReader {
  let catalog: Catalog
  let conventions: NumberConventions

  /// A reader that leaves suggestions out: splits are tried by the dozen on a line with a typo.
  var reader: ExpressionReader { ExpressionReader(catalog: catalog, conventions: conventions, suggests: false) }

  /// What a quantity's reading says of the text: whether it reads, with a unit or without.
  enum QuantityCheck {
    /// It reads with a unit, or is a temperature below absolute zero, a value off its unit's range
    /// (`-1 mpg`) or a power of units beyond any dimension's (whose error is the one to report).
    case withUnit
    /// It reads as a bare number.
    case withoutUnit
    /// It does not read.
    case unread
  }

  /// Reads the text as a quantity once, for the checks below.
  func check(_ text: String) -> QuantityCheck {
    do {
      return try reader.quantity(text).term.unitCount > 0 ? .withUnit : .withoutUnit
    } catch {
      switch error {
      case .belowAbsoluteZero, .outsideScale, .dimensionTooLarge: return .withUnit
      default: return .unread
      }
    }
  }

  /// Whether the text reads as a quantity with a unit, or is below absolute zero.
  func hasUnit(_ text: String) -> Bool { check(text) == .withUnit }

  /// Whether `quantity`, the start of `line`, is the quantity of a split of it: it reads with a
  /// unit, and if only by reading a bare number after a unit as its smaller partner (`5 ft 11` in
  /// `5 ft 11 cm`), the whole line does not read as a quantity (`5 ft 11 in`, `1 h 30 s` are sums).
  func split(_ quantity: String, line: String) -> Bool {
    let reader = self.reader
    guard (try? reader.quantity(quantity))?.term.unitCount ?? 0 > 0 || check(quantity) == .withUnit else {
      return false
    }
    return !reader.log.readsBareNumber || check(line) == .unread
  }

  /// Whether every target reads as a unit expression.
  func targetsRead(_ targets: [String]) -> Bool {
    targets.allSatisfy { (try? reader.unit($0)) != nil }
  }

  /// Whether a target starts with a number or a sign (`5 m + 1 ft` is a sum, never `5 m` in `+ 1 ft`).
  func startsWithNumber(_ target: String) -> Bool {
    guard let first = target.first else { return false }
    return first.isNumber || first == "." || first.isMinusSign || first == "+"
      || Lexer.vulgarFraction(first) != nil
  }

  /// The index of the word that separates quantity and target: the last of `to`, `->`, `→`,
  /// `=>` that has words on both sides; else the last `in` or `as` after which the target reads
  /// and before which a quantity with a unit does. Nil when none does.
  func separator(in words: [String]) -> Int? {
    if let strict = words.lastIndex(where: ConversionRequest.isSeparator), strict > 0 {
      return strict
    }
    // (Not after a number: `6 ft 2 in m` has the inch.)
    for index in words.indices.reversed()
    where index > 0 && index < words.count - 1
      && words[index].utf8.count == 2 && ConversionRequest.looseSeparators.contains(words[index].lowercased())
      && !startsWithNumber(words[index - 1])
    {
      let quantity = ConversionRequest.spaced(words[..<index])
      let targets = ConversionRequest.splitTargets(ConversionRequest.spaced(words[(index + 1)...]))
      if hasUnit(quantity) && targetsRead(targets) { return index }
    }
    return nil
  }
}

extension Collection where Element == UInt8 {
  /// Whether the bytes hold `needle` as a run.
  func contains(subsequence needle: some Collection<UInt8>) -> Bool {
    guard let first = needle.first else { return true }
    var start = startIndex
    while let found = self[start...].firstIndex(of: first) {
      if self[found...].starts(with: needle) { return true }
      start = index(after: found)
    }
    return false
  }
}
