/// What the catalog knows about naming a unit, as the formatting layer needs it.
public struct UnitDisplayNames: Sendable, Hashable {
  /// The display symbol: `mi`, `°C`.
  public var symbol: String
  /// The English singular name: `mile`.
  public var singular: String
  /// The English plural name: `miles` (the singular again for `hertz`).
  public var plural: String
  /// The CLDR unit id (`length-mile`), when CLDR has the unit, for localized names.
  public var cldrID: String?

  /// Creates the names of a unit.
  public init(symbol: String, singular: String, plural: String, cldrID: String? = nil) {
    self.symbol = symbol
    self.singular = singular
    self.plural = plural
    self.cldrID = cldrID
  }
}

/// What to print for a unit next to a number.
public enum UnitLabel: Sendable, Hashable {
  /// A symbol or English name to print after the number (the caller chooses the space).
  case unit(String)
  /// A whole localized quantity, number included (`5 Meilen`): print it instead of number and unit.
  case quantity(FormattedNumber)
}
