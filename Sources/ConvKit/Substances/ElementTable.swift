/// Standard atomic weights of the elements, read from `Data/substances/elements.table`.
///
/// Each line is `symbol | name | number | atomic weight | uncertainty | source`. The weight is the
/// published decimal (`1.0080`), read exactly, with its published uncertainty (`0.0002`); an
/// element without a standard atomic weight gives the mass number of its longest-lived isotope in
/// brackets (`[97]`) and no uncertainty, and is taken as that number ± 0.5. An interval as CIAAW
/// writes it (`[1.00784, 1.00811]`) is taken as its midpoint ± half its width.
package struct ElementTable: Sendable {
  /// One element.
  package struct Element: Sendable, Hashable {
    /// The symbol (`Na`).
    package let symbol: String
    /// The name (`sodium`).
    package let name: String
    /// The atomic number.
    package let number: Int
    /// The standard atomic weight (dimensionless; g/mol as a molar mass), as published.
    package let weight: Rational
    /// The published uncertainty of `weight`.
    package let uncertainty: Rational
    /// Whether `weight` is only the mass number of the longest-lived isotope (`[97]`).
    package let isMassNumber: Bool
    /// Where the figure comes from.
    package let source: String
  }

  /// The elements, by symbol.
  package let elements: [String: Element]

  /// Creates a table from its elements.
  package init(elements: [Element]) {
    var bySymbol: [String: Element] = [:]
    for element in elements where bySymbol[element.symbol] == nil { bySymbol[element.symbol] = element }
    self.elements = bySymbol
  }

  /// The element of a symbol (case-sensitive: `Co` is cobalt, `CO` is no element).
  package subscript(symbol: String) -> Element? { elements[symbol] }

  /// Reads an `elements.table` file; problems are reported as diagnostics and their lines left out.
  package static func parse(_ source: CatalogSource) -> (ElementTable, [CatalogDiagnostic]) {
    var elements: [Element] = []
    var diagnostics: [CatalogDiagnostic] = []
    var seen: Set<String> = []
    for (index, raw) in source.text.fileLines.enumerated() {
      let line = raw.utf8.firstIndex(of: UInt8(ascii: "#")).map { raw[..<$0] } ?? raw[...]
      guard !line.trimmed.isEmpty else { continue }
      func report(_ message: String) {
        diagnostics.append(CatalogDiagnostic(path: source.path, line: index + 1, message: message))
      }
      let fields = line.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
        .map { String(Substring($0).trimmed) }
      guard fields.count == 6 else {
        report(
          "an element line has 6 fields separated by '|' (symbol | name | number | atomic weight | uncertainty | source), found \(fields.count)"
        )
        continue
      }
      let symbol = fields[0]
      guard let first = symbol.unicodeScalars.first, ("A"..."Z").contains(first),
        symbol.unicodeScalars.dropFirst().allSatisfy({ ("a"..."z").contains($0) }), symbol.count <= 3
      else {
        report("'\(symbol)' is not an element symbol (a capital letter and up to two small ones)")
        continue
      }
      guard seen.insert(symbol).inserted else {
        report("element '\(symbol)' is listed twice")
        continue
      }
      guard let number = Int(fields[2]), number >= 1, number <= 118 else {
        report("atomic number '\(fields[2])' of \(symbol) is not a number from 1 to 118")
        continue
      }
      guard !fields[5].isEmpty else {
        report("element '\(symbol)' has no source")
        continue
      }
      guard let (weight, uncertainty, isMassNumber) = weight(fields[3], uncertainty: fields[4]) else {
        report(
          "atomic weight '\(fields[3])' ± '\(fields[4])' of \(symbol) is not a decimal with its uncertainty, an interval [a, b] or a mass number [A]"
        )
        continue
      }
      elements.append(
        Element(
          symbol: symbol, name: fields[1], number: number, weight: weight,
          uncertainty: uncertainty, isMassNumber: isMassNumber, source: fields[5]))
    }
    return (ElementTable(elements: elements), diagnostics)
  }

  /// A weight field and its uncertainty: `1.0080` and `0.0002`, `[97]` (± 0.5), `[1.00784, 1.00811]`.
  static func weight(_ text: String, uncertainty: String) -> (Rational, Rational, Bool)? {
    if text.hasPrefix("[") && text.hasSuffix("]") {
      let inside = text.dropFirst().dropLast()
      let parts = inside.split(separator: ",").map { $0.trimmed }
      if parts.count == 1, let number = Int(parts[0]), number > 0 {
        return (Rational(number), Rational(1) / Rational(2), true)
      }
      guard parts.count == 2, let low = Rational(decimalLiteral: parts[0]),
        let high = Rational(decimalLiteral: parts[1]),
        low < high, !low.isNegative
      else { return nil }
      return ((low + high) / Rational(2), (high - low) / Rational(2), false)
    }
    guard let weight = Rational(decimalLiteral: text), !weight.isNegative, !weight.isZero,
      let spread = Rational(decimalLiteral: uncertainty), !spread.isNegative, !spread.isZero
    else { return nil }
    return (weight, spread, false)
  }
}
