/// A catalog unit, possibly with a prefix: `km`, `GiB`, or plain `mi`.
public struct PrefixedUnit: Sendable, Hashable {
  /// The catalog unit.
  public let unit: CatalogUnit
  /// The prefix, if any.
  public let prefix: Prefix?

  /// Creates a prefixed unit.
  public init(unit: CatalogUnit, prefix: Prefix? = nil) {
    self.unit = unit
    self.prefix = prefix
  }

  /// The size in the coherent SI unit, prefix included.
  public var factor: Magnitude { prefix.map { Magnitude($0.factor) * unit.factor } ?? unit.factor }

  /// The symbol shown in output (`km`).
  public var symbol: String { (prefix?.symbol ?? "") + unit.symbol }
  /// Singular name (`kilometre`).
  public var name: String { (prefix?.name ?? "") + unit.name }
  /// Plural name (`kilometres`).
  public var plural: String { (prefix?.name ?? "") + unit.plural }
}
