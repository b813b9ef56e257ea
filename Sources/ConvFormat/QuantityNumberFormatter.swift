import ConvKit

/// Formats engine results for people: locale separators, grouping, and scientific notation.
///
/// The input is already rounded by the engine: every digit of the `DecimalDigits` is shown and none is
/// added. ICU formatters are created on first use and cached for the process, so creating many
/// `QuantityNumberFormatter` values is cheap, and one can be used from any thread.
///
/// ```
/// QuantityNumberFormatter(style: NumberStyle(locale: "de_DE", grouping: true))
///   .format(DecimalDigits(isNegative: false, digits: "12345", exponent: -1, isExact: true))
///   .plain  // "1.234,5"
/// ```
public struct QuantityNumberFormatter: Sendable {
  /// The style every number is written in.
  public var style: NumberStyle { rendering.style }
  private let rendering: NumberRendering

  /// Creates a formatter for a style.
  public init(style: NumberStyle = NumberStyle()) {
    self.rendering = NumberRendering(style: style)
  }

  /// Appends the UTF-8 bytes of `format(value).styled` when the style's locale skips ICU
  /// (English), and returns true; returns false, appending nothing, otherwise.
  public func append(_ value: DecimalDigits, to bytes: inout [UInt8]) -> Bool {
    guard rendering.isPlainEnglish else { return false }
    rendering.appendEnglish(value, to: &bytes)
    return true
  }

  /// Formats a value: plain or scientific as the style's notation decides.
  public func format(_ value: DecimalDigits) -> FormattedNumber {
    rendering.format(value) ?? rendering.fallback(value)
  }
}
