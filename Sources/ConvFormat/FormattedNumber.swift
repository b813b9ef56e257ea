import ConvKit

/// A number ready to print: its text in parts, so that the power of ten can be dimmed and aligned.
///
/// The text is `leading + exponent + trailing`. For a bare number `trailing` is empty; for a
/// localized quantity (``UnitLabel/quantity(_:)``) it holds the unit name.
public struct FormattedNumber: Sendable, Hashable, CustomStringConvertible {
  /// Sign, digits and separators: `-1,234.5`, or the mantissa `1.5` of `1.5 × 10²⁰`.
  public var leading: String
  /// The power-of-ten part, ` × 10²⁰` or `e20` in ASCII; empty in plain notation.
  public var exponent: String
  /// Text after the power of ten, such as a localized unit name; usually empty.
  public var trailing: String
  /// The display columns before the decimal separator, or up to the end of the integer digits.
  public var anchorColumn: Int
  /// Whether ``styled`` includes the dim escapes (taken from the style that made this number).
  public var color: Bool

  /// Creates a formatted number from its parts.
  public init(leading: String, exponent: String = "", trailing: String = "", anchorColumn: Int, color: Bool = false) {
    self.leading = leading
    self.exponent = exponent
    self.trailing = trailing
    self.anchorColumn = anchorColumn
    self.color = color
  }

  /// Wraps text that is not a number (a dash, a message), anchored at its end for alignment.
  public init(verbatim text: String) {
    self.init(leading: text, anchorColumn: DisplayWidth.of(text))
  }

  /// The text without escape codes.
  public var plain: String { leading + exponent + trailing }

  /// The text, with the power of ten dimmed when ``color`` is set.
  public var styled: String { rendered(color: color) }

  /// The text, with the power-of-ten part between SGR dim (`ESC[2m`) and normal intensity (`ESC[22m`)
  /// when `color` is true and there is a power of ten.
  public func rendered(color: Bool) -> String {
    guard color, !exponent.isEmpty else { return plain }
    return leading + SGR.dim + exponent + SGR.normalIntensity + trailing
  }

  /// Appends the bytes of ``rendered(color:)``.
  public func appendRendered(color: Bool, to bytes: inout [UInt8]) {
    bytes.appendUTF8(leading)
    guard !exponent.isEmpty else {
      if !trailing.isEmpty { bytes.appendUTF8(trailing) }
      return
    }
    if color { bytes.appendUTF8(SGR.dim) }
    bytes.appendUTF8(exponent)
    if color { bytes.appendUTF8(SGR.normalIntensity) }
    bytes.appendUTF8(trailing)
  }

  /// The number of terminal columns the text takes (escape codes take none).
  public var displayWidth: Int {
    // Printable ASCII takes a column a byte (the usual number: `1,234.5`); anything else is measured.
    if ByteScan.isPrintableASCII(leading.utf8) && exponent.isEmpty && trailing.isEmpty { return leading.utf8.count }
    return DisplayWidth.of(plain)
  }

  /// The plain text.
  public var description: String { plain }
}

/// The Select Graphic Rendition escape sequences conv uses.
enum SGR {
  /// Faint intensity.
  static let dim = "\u{1B}[2m"
  /// Normal intensity: ends ``dim`` (and bold) without resetting colours.
  static let normalIntensity = "\u{1B}[22m"
}
