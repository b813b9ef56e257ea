import ConvKit

/// What to convert into what, split from a command line or an input line.
///
/// `to`, `->`, `→` or `=>` separates quantity and target when present (`5 mi to km`); otherwise
/// the last argument is the target (`5 mi km`, `5 kg "short ton"`). A target may list several units
/// separated by `;` (`ft;in`), GNU units style. No target at all means the whole column.
public struct ConversionRequest: Sendable, Hashable {
  /// The quantity as written (`5 mi`).
  public var quantity: String
  /// The target units; empty for the whole-column view.
  public var targets: [String]
  /// The text the request came from, joined with spaces, for error carets.
  public var source: String
  /// Where the quantity starts in `source`, in characters.
  public var quantityOffset: Int
  /// Where the target starts in `source`, in characters.
  public var targetOffset: Int

  /// Words that separate quantity and target.
  public static let separators: Set<String> = ["to", "->", "→", "=>"]

  /// Splits command-line arguments. With one argument it is read as a line.
  public static func parse(arguments: [String], catalog: Catalog) -> ConversionRequest {
    if arguments.count == 1 { return parse(line: arguments[0], catalog: catalog) }
    let source = arguments.joined(separator: " ")
    if let separator = arguments.lastIndex(where: { separators.contains($0) }), separator > 0 {
      let quantity = arguments[..<separator].joined(separator: " ")
      let target = arguments[(separator + 1)...].joined(separator: " ")
      return ConversionRequest(quantity: quantity, targets: splitTargets(target), source: source,
                               quantityOffset: 0, targetOffset: quantity.count + arguments[separator].count + 2)
    }
    let quantity = arguments.dropLast().joined(separator: " ")
    // `5 mi km`: the last argument is the target, unless the quantity alone is not a quantity with
    // a unit and another split of the words is (`5 kg short ton`), or all of it is (`5 mi`).
    let simple = ConversionRequest(quantity: quantity, targets: splitTargets(arguments.last!), source: source,
                                   quantityOffset: 0, targetOffset: quantity.count + 1)
    if hasUnit(quantity, catalog: catalog) { return simple }
    let line = parse(line: source, catalog: catalog)
    return hasUnit(line.quantity, catalog: catalog) ? line : simple
  }

  /// Whether the text reads as a quantity with a unit (`5 mi`, `mi`), not a bare number. A
  /// temperature below absolute zero (`-500 °C`) counts, so that its error is the one reported.
  static func hasUnit(_ text: String, catalog: Catalog) -> Bool {
    do {
      return try catalog.parseQuantity(text).term.unitCount > 0
    } catch {
      if case .belowAbsoluteZero = error { return true }
      return false
    }
  }

  /// Lines longer than this (in bytes) are not split at all: no quantity or unit is that long, and
  /// splitting a megabyte of words would take a while. The quantity parser then refuses the line.
  static let longestSplitLine = 65_536

  /// Splits one line of text (batch input, the REPL, a single quoted argument).
  public static func parse(line: String, catalog: Catalog) -> ConversionRequest {
    if line.utf8.count > longestSplitLine {
      return ConversionRequest(quantity: line, targets: [], source: line, quantityOffset: 0, targetOffset: line.count)
    }
    let words = WordSplitter.split(line)
    if let separator = words.lastIndex(where: { separators.contains($0.text) }), separator > 0 {
      let quantityEnd = words[separator - 1].end
      let targetStart = separator + 1 < words.count ? words[separator + 1].start : line.count
      let characters = Array(line)
      let quantity = String(characters[0..<quantityEnd])
      let target = String(characters[targetStart...])
      return ConversionRequest(quantity: quantity, targets: splitTargets(target), source: line,
                               quantityOffset: 0, targetOffset: targetStart)
    }
    let characters = Array(line)
    // Try targets of one to four trailing words; take the first split where both sides parse.
    if words.count >= 2 {
      var firstCandidate: ConversionRequest? = nil
      for count in 1...min(4, words.count - 1) {
        let targetStart = words[words.count - count].start
        let quantity = String(characters[0..<words[words.count - count - 1].end])
        let target = String(characters[targetStart...])
        let candidate = ConversionRequest(quantity: quantity, targets: splitTargets(target), source: line,
                                          quantityOffset: 0, targetOffset: targetStart)
        if firstCandidate == nil { firstCandidate = candidate }
        // A target never starts with a number when no separator says where it starts:
        // `6 ft 2 in` is one quantity, not `6 ft` in units of `2 in`.
        let startsWithNumber = target.first.map { $0.isNumber || $0 == "." || $0 == "-" } ?? false
        let targetParses = !startsWithNumber && candidate.targets.allSatisfy { (try? catalog.parseUnit($0)) != nil }
        if targetParses, hasUnit(quantity, catalog: catalog) { return candidate }
      }
      // A quantity alone (`5 mi`, `6 ft 2 in`) is the whole-column request.
      if hasUnit(line, catalog: catalog) || (try? catalog.parseQuantity(line)) != nil {
        return ConversionRequest(quantity: line, targets: [], source: line, quantityOffset: 0,
                                 targetOffset: line.count)
      }
      return firstCandidate!
    }
    return ConversionRequest(quantity: line, targets: [], source: line, quantityOffset: 0, targetOffset: line.count)
  }

  static func splitTargets(_ text: String) -> [String] {
    let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { String($0) }
    return parts.count > 1 ? parts : [text]
  }
}

/// Splits a line into space-separated words, remembering where each is.
enum WordSplitter {
  struct Word {
    var text: String
    var start: Int
    var end: Int
  }

  static func split(_ line: String) -> [Word] {
    var words: [Word] = []
    var current = ""
    var start = 0
    for (offset, character) in line.enumerated() {
      if character.isWhitespace {
        if !current.isEmpty { words.append(Word(text: current, start: start, end: offset)) }
        current = ""
      } else {
        if current.isEmpty { start = offset }
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(Word(text: current, start: start, end: line.count)) }
    return words
  }
}
