import ConvKit

/// Text made safe for a terminal: the one function applied where conv writes for a person
/// (standard output, standard error, the REPL's screen).
///
/// What conv prints holds strings from people, files and the environment: unit names, symbols,
/// sources and category titles of a units file, paths, the REPL's filter, echoed input. Written
/// raw, an escape sequence among them could set the window title, clear the screen, rewrite what
/// was printed before or answer back into the input; a bidirectional override could reorder a
/// line. Each such character is written as `<U+001B>` instead, as error messages already show them.
package enum TerminalText {
  /// The text with every C0 and C1 control but tab (escape, bell, carriage return, line feed,
  /// delete…), the line and paragraph separators and the bidirectional embeddings, overrides and
  /// isolates written as `<U+XXXX>`. With `keepingStyle`, conv's own styling, Select Graphic
  /// Rendition sequences (`ESC [ 1;33 m`), is kept; any other escape sequence is written out.
  ///
  /// Text with nothing to replace is returned as it is, without a copy.
  package static func escaped(_ text: String, keepingStyle: Bool = false) -> String {
    // Printable ASCII and tabs are safe as they are.
    if ByteScan.all(text.utf8, { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) { return text }
    let scalars = text.unicodeScalars
    var result: String? = nil
    var copied = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if keepingStyle && scalar == "\u{1B}", let end = styleEnd(scalars, at: index) {
        index = end
        continue
      }
      let next = scalars.index(after: index)
      if isUnsafe(scalar) {
        if result == nil { result = "" }
        result!.unicodeScalars.append(contentsOf: scalars[copied..<index])
        result! += visible(scalar)
        copied = next
      }
      index = next
    }
    guard var result else { return text }
    result.unicodeScalars.append(contentsOf: scalars[copied...])
    return result
  }

  /// Whether a character may drive a terminal or reorder a line.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: return false
    case 0x00..<0x20, 0x7F..<0xA0: return true
    case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// `<U+001B>`.
  static func visible(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
  }

  /// The end of a Select Graphic Rendition sequence starting at `start` (`ESC [`, digits and
  /// semicolons, `m`), or nil when what starts there is anything else.
  private static func styleEnd(_ scalars: String.UnicodeScalarView, at start: String.UnicodeScalarView.Index)
    -> String.UnicodeScalarView.Index?
  {
    var index = scalars.index(after: start)
    guard index < scalars.endIndex, scalars[index] == "[" else { return nil }
    index = scalars.index(after: index)
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "m" { return scalars.index(after: index) }
      guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
      index = scalars.index(after: index)
    }
    return nil
  }
}
