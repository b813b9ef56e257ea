/// A word "did you mean" is asked about, with its lower case and what its bytes tell.
///
/// A word of one ASCII character a byte (most unknown words) is lower-cased, measured and cut by
/// bytes; any other by characters, as strings do.
struct SuggestionWord {
  /// The word as typed.
  let text: String
  /// Its lower case.
  let key: String
  /// Whether each byte of the word is a character of its own (ASCII, no `\r`).
  let isSimple: Bool
  /// Whether a simple word has a capital after its first letter.
  let hasLaterCapital: Bool
  /// The number of characters of the lower case.
  let length: Int

  init(_ text: String) {
    var (isSimple, hasFirstCapital, hasLaterCapital) = (true, false, false)
    ByteScan.withBytes(of: text) { bytes in
      for (offset, byte) in bytes.enumerated() {
        guard byte < 0x80, byte != 13 else {
          isSimple = false
          return
        }
        if SuggestionWord.isCapital(byte) {
          if offset == 0 { hasFirstCapital = true } else { hasLaterCapital = true }
        }
      }
    }
    self.text = text
    self.isSimple = isSimple
    self.hasLaterCapital = isSimple && hasLaterCapital
    // (ASCII without capitals is its own lower case: no copy.)
    key = isSimple && !hasFirstCapital && !hasLaterCapital ? text : text.lowercased()
    length = isSimple ? key.utf8.count : key.count
  }

  /// Whether an ASCII byte is a capital letter.
  static func isCapital(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

  /// An ASCII letter's byte in the other case; nil for any other byte.
  static func otherCase(_ byte: UInt8) -> UInt8? {
    isCapital(byte) || (byte >= 0x61 && byte <= 0x7A) ? byte ^ 0x20 : nil
  }

  /// `text` (the word or its lower case) without the prefix it starts with (as many characters
  /// as `prefix` has; for a simple word, as many bytes).
  func dropping(_ prefix: String, of text: String) -> Substring {
    isSimple ? text[text.utf8.index(text.startIndex, offsetBy: prefix.utf8.count)...] : text.dropFirst(prefix.count)
  }

  /// Calls `body` with the first byte of each case variant of the simple word that differs from
  /// it, in order: its lower case, that with a capital first letter, and the word with its other
  /// letters in lower case (each that byte and the rest of the lower case). The word is not empty.
  func forEachCaseVariant(_ body: (UInt8) -> Void) {
    guard let first = text.utf8.first, let keyFirst = key.utf8.first else { return }
    let capital = keyFirst >= 0x61 && keyFirst <= 0x7A ? keyFirst - 0x20 : keyFirst
    for byte in [keyFirst, capital, first] where byte != first || hasLaterCapital { body(byte) }
  }
}
