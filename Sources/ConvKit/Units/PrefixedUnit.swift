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

extension PrefixedUnit {
  /// π as a factor of an expression (`2 pi rad`, `π/180`), spelled `pi` or `π`: exact, kept
  /// symbolic; nil for any other spelling.
  package static func constant(named spelling: String) -> PrefixedUnit? {
    // (Both are two bytes: any other length is neither, without a string comparison.)
    spelling.utf8.count == 2 && (spelling == "pi" || spelling == "π") ? pi : nil
  }

  private static let pi = PrefixedUnit(
    unit: CatalogUnit(
      name: "pi", plural: "pi", symbols: ["π"], aliases: [], categoryIdentifier: "", dimension: .none,
      factor: Magnitude(.one, piPower: 1), definition: "π", source: "mathematics"))
}
