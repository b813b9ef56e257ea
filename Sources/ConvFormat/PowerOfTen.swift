/// Writes the power-of-ten part of scientific notation.
enum PowerOfTen {
  /// ` × 10¹⁵`, ` × 10⁻⁹` (U+00D7 between spaces, superscript digits and U+207B minus), or in
  /// ASCII `e15`, `e-9`.
  static func text(_ exponent: Int, ascii: Bool) -> String {
    if ascii { return "e" + String(exponent) }
    return " \u{D7} 10" + superscript(exponent)
  }

  /// The exponent in superscript digits: `¹⁵`, `⁻⁹`.
  static func superscript(_ exponent: Int) -> String {
    var result = exponent < 0 ? "\u{207B}" : ""
    for digit in String(exponent.magnitude).utf8 {
      result.unicodeScalars.append(superscriptDigits[Int(digit - UInt8(ascii: "0"))])
    }
    return result
  }

  private static let superscriptDigits: [Unicode.Scalar] = [
    "\u{2070}", "\u{B9}", "\u{B2}", "\u{B3}", "\u{2074}", "\u{2075}", "\u{2076}", "\u{2077}", "\u{2078}", "\u{2079}",
  ]
}
