import ConvFormat

/// Fitting text into terminal columns, escape codes included.
package enum ReplText {
  private static let spaceRun = String(repeating: " ", count: 512)

  /// `count` spaces (none for a negative count).
  package static func spaces(_ count: Int) -> String {
    guard count > 0 else { return "" }
    guard count <= 512 else { return String(repeating: " ", count: count) }
    return String(spaceRun.utf8.prefix(count))!
  }

  /// The text cut to `width` display columns (with an ellipsis when cut) and padded with spaces to
  /// exactly `width`. Escape sequences take no room and are kept; when the cut falls after an
  /// opening SGR, normal intensity is restored.
  package static func fit(_ text: String, width: Int, ascii: Bool = false) -> String {
    guard width > 0 else { return "" }
    let total = DisplayWidth.of(text)
    if total <= width { return text + ReplText.spaces(width - total) }
    let ellipsis = ascii ? "." : "…"
    let room = width - 1
    var out = ""
    var used = 0
    var sawEscape = false
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        sawEscape = true
        out.unicodeScalars.append(scalar)
        copyEscape(&scalars, into: &out)
        continue
      }
      let columns = DisplayWidth.of(String(scalar))
      if used + columns > room { break }
      out.unicodeScalars.append(scalar)
      used += columns
    }
    if sawEscape { out += "\u{1B}[22m" }
    out += ellipsis
    used += 1
    return out + ReplText.spaces(max(0, width - used))
  }

  /// The text padded with spaces on the right to `width` columns (never cut).
  package static func pad(_ text: String, to width: Int) -> String {
    text + ReplText.spaces(max(0, width - DisplayWidth.of(text)))
  }

  /// The text padded with spaces on the left to `width` columns (never cut).
  package static func padLeft(_ text: String, to width: Int) -> String {
    ReplText.spaces(max(0, width - DisplayWidth.of(text))) + text
  }

  /// The text without escape sequences.
  package static func plain(_ text: String) -> String {
    guard text.unicodeScalars.contains("\u{1B}") else { return text }
    var out = ""
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        var skipped = ""
        copyEscape(&scalars, into: &skipped)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func copyEscape(_ scalars: inout String.UnicodeScalarView.Iterator, into out: inout String) {
    guard let introducer = scalars.next() else { return }
    out.unicodeScalars.append(introducer)
    guard introducer == "[" else { return }
    while let scalar = scalars.next() {
      out.unicodeScalars.append(scalar)
      if (0x40...0x7E).contains(scalar.value) { break }
    }
  }
}
