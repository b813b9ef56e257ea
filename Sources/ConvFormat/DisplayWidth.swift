/// Counts the terminal columns a string takes.
///
/// Each Unicode scalar takes one column, except: ANSI escape sequences (CSI such as `ESC[2m`, OSC
/// ended by BEL or `ESC\`, and two-character escapes) take none; so do control characters, combining
/// marks (categories Mn and Me), format characters (Cf: joiners, bidirectional marks) and Hangul
/// medial and final jamo; East Asian Wide and Fullwidth characters (CJK, most emoji) take two.
public enum DisplayWidth {
  /// The number of terminal columns `text` takes.
  public static func of<Text: StringProtocol>(_ text: Text) -> Int {
    var width = 0
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        skipEscapeSequence(&scalars)
      } else {
        width += columns(scalar)
      }
    }
    return width
  }

  /// The columns of one scalar outside an escape sequence.
  static func columns(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) { return 0 }
    return value >= 0x1100 && ICU.isWide(scalar) ? 2 : 1
  }

  /// Consumes the rest of an escape sequence whose ESC was just read.
  private static func skipEscapeSequence<Scalars: IteratorProtocol<Unicode.Scalar>>(_ scalars: inout Scalars) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[":  // CSI: parameters, then a final byte in 0x40...0x7E.
      while let scalar = scalars.next(), !(0x40...0x7E).contains(scalar.value) {}
    case "]":  // OSC: ends with BEL or ST (ESC \).
      while let scalar = scalars.next() {
        if scalar == "\u{07}" { break }
        if scalar == "\u{1B}" {
          _ = scalars.next()
          break
        }
      }
    default:  // A two-character escape such as ESC 7.
      break
    }
  }
}
