import ConvKit

/// Reads a test literal such as `-1.5e20`, `0.000001` or `1e12` into exact `DecimalDigits`.
func decimal(_ literal: String) -> DecimalDigits {
  var text = Substring(literal)
  let isNegative = text.first == "-"
  if isNegative { text.removeFirst() }
  var exponent = 0
  if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
    exponent = Int(text[text.index(after: e)...]) ?? 0
    text = text[..<e]
  }
  var digits = ""
  var seenPoint = false
  for character in text {
    if character == "." {
      seenPoint = true
    } else {
      digits.append(character)
      if seenPoint { exponent -= 1 }
    }
  }
  return DecimalDigits(isNegative: isNegative, digits: digits, exponent: exponent, isExact: true)
}
