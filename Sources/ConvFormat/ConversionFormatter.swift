import ConvKit

/// A conversion result as one line for people: `5 mi = 8.04672 km`, `1 m ≈ 3.2808399 ft`,
/// `20 dBm ≈ 100 mW`, in a locale's digits (`5 mi = 8,04672 km` in German).
///
/// `=` only when the value is exact and shown in full; `≈` otherwise. The value is rounded once, as
/// `conv` rounds: to `digits` significant digits, but never into the integer part of a number
/// written plainly (`1 c = 299,792,458 m/s`).
///
/// ```swift
/// let result = try Catalog.builtin.convert("5 mi", to: "km")
/// ConversionFormatter().string(for: result)                       // "5 mi = 8.04672 km"
/// ConversionFormatter(width: .long).value(of: result)            // "8.04672" and the unit's name
/// ```
public struct ConversionFormatter: Sendable {
  /// How numbers are written.
  public let style: NumberStyle
  /// Symbols (`km`) or names (`kilometres`).
  public let width: UnitNameFormatter.Width
  /// Significant digits of a rounded value.
  public let digits: Int

  /// Creates a formatter; by default English digits with grouping, symbols, 8 significant digits.
  public init(
    style: NumberStyle = NumberStyle(grouping: true), width: UnitNameFormatter.Width = .symbol,
    digits: Int = 8
  ) {
    self.style = style
    self.width = width
    self.digits = max(1, min(digits, 40))
  }

  /// The value and its unit: `8.04672 km`, without the relation.
  public func value(of result: ConversionResult) -> String {
    let shown = rounded(result)
    guard let single = result.target.singleUnit else {
      return QuantityNumberFormatter(style: style).format(shown).styled + " " + result.target.text
    }
    let names = UnitDisplayNames(
      symbol: single.symbol, singular: single.name, plural: single.plural,
      cldrID: single.prefix == nil ? single.unit.cldrIdentifier : nil)
    switch UnitNameFormatter(width: width, style: style).label(for: shown, unit: names) {
    case .unit(let text):
      let number = QuantityNumberFormatter(style: style).format(shown).styled
      return text.isEmpty ? number : number + " " + text
    case .quantity(let localized):
      // A localized quantity (`5 Kilometer`) holds the number already.
      return localized.styled
    }
  }

  /// The whole line: the quantity as written, `=` or `≈`, and the value in the target unit.
  public func string(for result: ConversionResult) -> String {
    let shown = rounded(result)
    let relation = shown.isExact ? "=" : (style.ascii ? "~" : "≈")
    return result.quantity.text + " " + relation + " " + value(of: result)
  }

  /// The value rounded once, exact only when the conversion is and every digit is kept.
  func rounded(_ result: ConversionResult) -> DecimalDigits {
    let value = result.value.approximation
    if result.isExact, var exact = value.terminatingDecimal, exact.digits.count <= digits {
      exact.isExact = true
      return exact
    }
    // Rounded as conv rounds for people: never into the integer part written plainly.
    var shown =
      DisplayRounding.rounded(digits: digits, notation: style.notation) { value.rounded(significantDigits: $0) }
      ?? value.rounded(significantDigits: digits)
    shown.isExact = shown.isExact && result.isExact
    return shown
  }
}
