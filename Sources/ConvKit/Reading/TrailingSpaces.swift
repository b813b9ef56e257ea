extension StringProtocol {
  /// The text without the space bytes (U+0020) at its end, found from its last byte backwards (an
  /// aligned line's padding: the REPL writes every line of a column through this). By bytes, not
  /// characters: a space after a prepended mark (U+0D4E, which joins what follows into one
  /// character) goes too.
  package var droppingTrailingSpaces: Substring {
    let text = Substring(self)
    let bytes = text.utf8
    var end = bytes.endIndex
    while end > bytes.startIndex {
      let before = bytes.index(before: end)
      guard bytes[before] == UInt8(ascii: " ") else { break }
      end = before
    }
    return text[..<end]
  }
}
