import ConvKit

/// Chooses how a unit is named after a value: its symbol, or its name in words.
///
/// Long names are English (singular for exactly 1 and -1, plural otherwise), except in a non-English
/// locale when the unit has a CLDR id that ICU knows: then ICU writes the whole quantity with the
/// locale's name and plural form (`5 Meilen`, `8,04672 Kilometer` in `de_DE`), using the style's
/// separators, grouping and notation. ASCII output always uses the English names, since localized
/// names may not be ASCII.
public struct UnitNameFormatter: Sendable {
  /// Symbols or names.
  public enum Width: Sendable, Hashable {
    /// The unit's symbol: `mi`.
    case symbol
    /// The unit's name: `miles`, or a localized quantity.
    case long
  }

  /// Symbols or names.
  public let width: Width
  /// The style of localized quantities, and the locale that decides between English and ICU names.
  public var style: NumberStyle { rendering.style }
  private let rendering: NumberRendering

  /// Creates a unit name formatter.
  public init(width: Width = .symbol, style: NumberStyle = NumberStyle()) {
    self.width = width
    self.rendering = NumberRendering(style: style)
  }

  /// The label for `unit` after `value`.
  public func label(for value: DecimalDigits, unit: UnitDisplayNames) -> UnitLabel {
    guard width == .long else { return .unit(unit.symbol) }
    if !style.ascii, !style.isEnglish, let id = unit.cldrID, isPlausibleCLDRID(id),
      let quantity = rendering.format(value, unitStems: "measure-unit/\(id) unit-width-full-name")
    {
      return .quantity(quantity)
    }
    let isOne = value.digits == "1" && value.exponent == 0
    return .unit(isOne ? unit.singular : unit.plural)
  }

  /// Whether an id can go into a skeleton unchanged: lower-case letters, digits and dashes.
  private func isPlausibleCLDRID(_ id: String) -> Bool {
    !id.isEmpty
      && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
  }
}
