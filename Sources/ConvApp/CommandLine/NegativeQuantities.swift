/// Negative quantities on the command line (`conv -40 °F °C`, `conv -t "-10 lb" kg`): words that
/// start with a minus sign and a number are quantities, never options (`CommandLineParser`).
package enum NegativeQuantities {
  /// Whether a word starts with a minus sign (`-`, `−`, `–`) followed by a digit, a decimal point
  /// and a digit, or a vulgar fraction (`-40`, `-10 lb`, `-.5`, `−½ cup`), or holds a space.
  package static func isNegativeQuantity(_ word: String) -> Bool {
    // A word with a space in it is never an option (`- 4 m`).
    if word.hasPrefix("-") && word.contains(where: \.isWhitespace) && !word.hasPrefix("--") { return true }
    var scalars = word.unicodeScalars.makeIterator()
    guard let sign = scalars.next(), sign.isMinusSign,
      let first = scalars.next()
    else { return false }
    if ("0"..."9").contains(first) { return true }
    if first == ".", let second = scalars.next() { return ("0"..."9").contains(second) }
    return "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒".unicodeScalars.contains(first)
  }
}
