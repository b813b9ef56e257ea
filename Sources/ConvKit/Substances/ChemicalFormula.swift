/// A chemical formula read into element counts: `H2O`, `C6H12O6`, `Ca(OH)2`, `CuSO4·5H2O`.
///
/// Grammar: element symbols (a capital letter and up to two small ones) each followed by an
/// optional count, groups in parentheses or brackets with an optional count, and hydrate parts
/// joined by `·`, `•`, `⋅`, `*` or `.`, each part with an optional leading multiplier (`5H2O`).
/// Counts may be written with subscript digits (`H₂O`). Every symbol must be in the element table.
package struct ChemicalFormula: Sendable, Hashable {
  /// The formula as written.
  package let text: String
  /// How many atoms of each element, by symbol.
  package let counts: [String: Int]

  /// Reads a formula; nil when the text is no formula of known elements.
  package init?(_ text: String, elements: ElementTable) {
    guard !text.isEmpty, text.count <= 64 else { return nil }
    var reader = FormulaScanner(characters: Array(text), elements: elements)
    guard let counts = reader.formula(), reader.index == reader.characters.count, !counts.isEmpty else { return nil }
    self.text = text
    self.counts = counts
  }

  /// The molar mass in g/mol and its uncertainty: the sum of count × standard atomic weight, and
  /// of count × published uncertainty (added linearly: the bounds of every weight taken together).
  package func molarMass(in elements: ElementTable) -> (value: Rational, uncertainty: Rational) {
    var value = Rational.zero
    var uncertainty = Rational.zero
    for (symbol, count) in counts {
      guard let element = elements[symbol] else { continue }
      value = value + Rational(count) * element.weight
      uncertainty = uncertainty + Rational(count) * element.uncertainty
    }
    return (value, uncertainty)
  }
}

/// Reads a formula character by character.
private struct FormulaScanner {
  let characters: [Character]
  let elements: ElementTable
  var index = 0
  /// Set when a count is zero or too large: the text is then no formula.
  var badCount = false
  /// Counts above this are refused (no formula has them; they would only hold up the arithmetic).
  static let largestCount = 10_000

  static let hydrateDots: Set<Character> = ["·", "•", "⋅", "*", "."]
  static let subscripts: [Character: Int] = [
    "₀": 0, "₁": 1, "₂": 2, "₃": 3, "₄": 4, "₅": 5, "₆": 6, "₇": 7, "₈": 8, "₉": 9,
  ]

  /// Parts joined by hydrate dots.
  mutating func formula() -> [String: Int]? {
    var total: [String: Int] = [:]
    while true {
      let multiplier = count() ?? 1
      guard let part = sequence(depth: 0), !part.isEmpty else { return nil }
      for (symbol, count) in part { total[symbol, default: 0] += count * multiplier }
      guard index < characters.count, FormulaScanner.hydrateDots.contains(characters[index]) else { break }
      index += 1
    }
    guard !badCount, total.values.allSatisfy({ $0 <= FormulaScanner.largestCount }) else { return nil }
    return total
  }

  /// Elements and groups up to a closing bracket, a hydrate dot or the end.
  mutating func sequence(depth: Int) -> [String: Int]? {
    guard depth < 8 else { return nil }
    var result: [String: Int] = [:]
    while index < characters.count {
      let character = characters[index]
      if character == "(" || character == "[" {
        let closing: Character = character == "(" ? ")" : "]"
        index += 1
        guard let inner = sequence(depth: depth + 1), !inner.isEmpty,
          index < characters.count, characters[index] == closing
        else { return nil }
        index += 1
        let times = count() ?? 1
        for (symbol, number) in inner { result[symbol, default: 0] += number * times }
      } else if character.isUppercase, character.isASCII {
        var symbol = String(character)
        index += 1
        while index < characters.count, characters[index].isLowercase, characters[index].isASCII, symbol.count < 3 {
          symbol.append(characters[index])
          index += 1
        }
        guard elements[symbol] != nil else { return nil }
        result[symbol, default: 0] += count() ?? 1
      } else {
        break
      }
      guard !badCount, result.values.allSatisfy({ $0 <= FormulaScanner.largestCount }) else { return nil }
    }
    return result
  }

  /// A count in ASCII or subscript digits, nil when none is written (zero or a count above
  /// `largestCount` sets `badCount`).
  mutating func count() -> Int? {
    var value = 0
    var read = false
    while index < characters.count {
      let character = characters[index]
      let digit: Int
      if let ascii = character.asciiValue, ascii >= 48, ascii <= 57 {
        digit = Int(ascii - 48)
      } else if let sub = FormulaScanner.subscripts[character] {
        digit = sub
      } else {
        break
      }
      value = value * 10 + digit
      read = true
      index += 1
      guard value <= FormulaScanner.largestCount else {
        badCount = true
        return 1
      }
    }
    if read && value == 0 { badCount = true }
    return read && value > 0 ? value : nil
  }
}
