/// Units written one after the other without `+` (`6 ft 2 in`, `1 st 4 lb`, `1 h 30 min`): which
/// pairs are conventional, and the smaller unit a bare number after a unit stands for.
///
/// A sum written without an operator is read only within one system of units (customary with
/// customary, metric with metric — a power of ten of the SI unit; any time or angle units): `5 ft 11 cm` is refused, never summed.
/// A bare number after a unit that has a conventional smaller partner is a number of that partner,
/// noted (`5 ft 11` is 5 ft 11 in, `1 st 4` 1 st 4 lb, `1 h 30` 1 h 30 min).
enum ConventionalPairs {
  /// The spelling of the smaller unit conventionally written after a unit, by the unit's name.
  static let smaller: [String: String] = [
    "foot": "in", "yard": "ft", "stone": "lb", "pound": "oz", "hour": "min", "minute": "s", "metre": "cm",
  ]

  /// The smaller unit a bare number after `unit` stands for; nil when there is none.
  static func partner(of unit: PrefixedUnit, resolver: any UnitResolving) throws(ConvError) -> PrefixedUnit? {
    guard unit.prefix == nil, let spelling = smaller[unit.unit.name] else { return nil }
    return try resolver.resolveUnit(spelling, span: SourceSpan(start: 0, length: 0))
  }

  /// Whether a sum written without an operator may join these two units: times and angles in any
  /// units, else both metric or both not.
  static func join(_ first: PrefixedUnit, _ second: PrefixedUnit) -> Bool {
    let dimension = first.unit.dimension
    if dimension == PhysicalDimension(.time) || dimension == PhysicalDimension(.angle) { return true }
    return isMetric(first) == isMetric(second)
  }

  /// Whether a unit is metric: its size is a power of ten of the coherent SI unit (`cm`, `kg`,
  /// `t`, `L`, `ha`; not `ft`, `lb`, `gal`).
  static func isMetric(_ unit: PrefixedUnit) -> Bool {
    guard unit.factor.isRational else { return false }
    let factor = unit.factor.rational
    // (Machine integers: a batch of `6 ft 2 in` lines asks for every line.)
    if let numerator = factor.numerator.intValue, let denominator = factor.denominator.intValue {
      return isPowerOfTen(numerator) && isPowerOfTen(denominator)
    }
    guard let decimal = factor.terminatingDecimal else { return false }
    return decimal.digits == "1" && !decimal.isNegative
  }

  /// Whether a number is 1, 10, 100, …
  private static func isPowerOfTen(_ value: Int) -> Bool {
    var value = value
    guard value > 0 else { return false }
    while value % 10 == 0 { value /= 10 }
    return value == 1
  }
}
