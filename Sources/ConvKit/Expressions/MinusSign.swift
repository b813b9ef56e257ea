/// The minus signs conv reads before a number and between terms: the hyphen-minus `-`, the minus
/// sign `−` (U+2212) and the en dash `–` (U+2013), which word processors put in its place.
extension Unicode.Scalar {
  /// Whether the scalar is one of the three minus signs conv reads (`-`, `−`, `–`).
  package var isMinusSign: Bool { self == "-" || self == "\u{2212}" || self == "\u{2013}" }
}

extension Character {
  /// Whether the character is one of the three minus signs conv reads (`-`, `−`, `–`).
  package var isMinusSign: Bool {
    unicodeScalars.count == 1 && unicodeScalars.first!.isMinusSign
  }
}
