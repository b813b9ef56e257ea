extension Catalog {
  /// The catalog embedded in conv, generated from `Data/`.
  public static let builtin = Catalog(categories: builtinCategories, units: builtinUnits)
}

/// Flags of generated unit records.
enum GeneratedFlag {
  case absolute, approximate, common, si, iec
}

/// Builds a dimension from exponents in `BaseQuantity` order (generated code).
func d(_ e: Int8...) -> Dimension {
  var exponents = SIMD16<Int8>.zero
  for (lane, value) in e.enumerated() { exponents[lane] = value }
  return Dimension(exponents: exponents)
}

/// An integer in generated code: small ones as literals, large ones as decimal strings.
protocol GeneratedInteger {
  var bigInteger: BigInteger { get }
}

extension Int: GeneratedInteger {
  var bigInteger: BigInteger { BigInteger(self) }
}

extension String: GeneratedInteger {
  var bigInteger: BigInteger {
    hasPrefix("-") ? -BigInteger(decimalDigits: dropFirst())! : BigInteger(decimalDigits: self)!
  }
}

/// Builds a unit record (generated code).
func u(_ name: String, _ plural: String, _ symbols: [String], _ aliases: [String], _ claimed: [String],
       _ category: String, _ dimension: Dimension, _ numerator: some GeneratedInteger,
       _ denominator: some GeneratedInteger, _ piPower: Int, _ offsetNumerator: some GeneratedInteger,
       _ offsetDenominator: some GeneratedInteger, _ flags: [GeneratedFlag], _ definition: String,
       _ source: String, _ cldr: String?) -> Unit {
  Unit(
    name: name, plural: plural, symbols: symbols, aliases: aliases, claimedNames: claimed,
    categoryIdentifier: category, dimension: dimension,
    factor: Magnitude(Rational(numerator.bigInteger, denominator.bigInteger), piPower: piPower),
    offset: Rational(offsetNumerator.bigInteger, offsetDenominator.bigInteger),
    isAbsolute: flags.contains(.absolute), isExact: !flags.contains(.approximate),
    prefixes: flags.contains(.iec) ? .iec : flags.contains(.si) ? .si : .none,
    isCommon: flags.contains(.common), definition: definition, source: source, cldrIdentifier: cldr)
}
