import ConvKit

/// The terse form of a number: the shortest decimal that reads back as the same `Double`.
///
/// ASCII only, `.` as decimal point, no grouping; plain for 10⁻⁴ ≤ |x| < 10¹⁵, otherwise with an
/// `e` exponent (`8e15`, `1.5e-9`).
public enum TerseNumber {
  /// Formats a finite double; nil for NaN or infinity.
  public static func format(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    if value == 0 { return "0" }
    let digits = shortestDigits(value)
    let leading = digits.scientificExponent
    if leading >= -4 && leading < 15 { return digits.plainString }
    var mantissa = digits.digits
    if mantissa.count > 1 { mantissa.insert(".", at: mantissa.index(after: mantissa.startIndex)) }
    return (digits.isNegative ? "-" : "") + mantissa + "e" + String(leading)
  }

  /// The shortest round-trip digits of a double, from the standard library's description.
  public static func shortestDigits(_ value: Double) -> DecimalDigits {
    let text = value.magnitude.description  // e.g. "1609.344", "1e-09", "8e+15", "27.77777777777778"
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      exponent = Int(text[text.index(after: e)...].replacing("+", with: "")) ?? 0
    }
    var digits = ""
    var fractionLength = 0
    var seenPoint = false
    for character in mantissa {
      if character == "." {
        seenPoint = true
      } else {
        digits.append(character)
        if seenPoint { fractionLength += 1 }
      }
    }
    return DecimalDigits(isNegative: value < 0, digits: digits, exponent: exponent - fractionLength, isExact: true)
  }
}
