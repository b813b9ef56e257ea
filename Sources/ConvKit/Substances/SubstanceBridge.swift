/// How a substance carries a quantity across dimensions: the target's dimension divided by the
/// source's must be density^a · molar mass^b for small integers a and b (density M·L⁻³, molar mass
/// M·N⁻¹), so a comes from the length exponent and b from the amount exponent, and the mass
/// exponent must then agree. `cup → g` is a = 1; `g → mol` is b = −1; `mL → mol` is a = 1, b = −1.
package struct SubstanceBridge: Sendable, Hashable {
  /// The substance applied.
  package let use: SubstanceUse
  /// The power of the density (a).
  package let densityPower: Int
  /// The power of the molar mass (b).
  package let molarMassPower: Int
  /// density^a · molar mass^b in coherent SI units (kg/m³, kg/mol).
  package let factor: Rational
  /// The relative uncertainty of `factor`: |a| times the density's, plus |b| times the molar mass's.
  package let relativeUncertainty: Rational

  /// The largest power of either figure a bridge takes (`m³ → mol²` is no conversion anyone means).
  static let largestPower = 2

  /// The powers (a, b) that carry `from` to `to`; nil when none do, or when none are needed
  /// (the same dimension: a = b = 0).
  package static func powers(from: PhysicalDimension, to: PhysicalDimension) -> (density: Int, molarMass: Int)? {
    guard let ratio = to.divided(by: from), ratio != .none else { return nil }
    for base in BaseQuantity.allCases where base != .length && base != .mass && base != .amount {
      if ratio[base] != 0 { return nil }
    }
    guard ratio[.length] % 3 == 0 else { return nil }
    let a = -ratio[.length] / 3
    let b = -ratio[.amount]
    guard ratio[.mass] == a + b, abs(a) <= largestPower, abs(b) <= largestPower else { return nil }
    return (a, b)
  }

  /// The bridge from a source dimension to a target dimension through a substance; throws the
  /// reason when the substance cannot carry the one into the other.
  package init(
    use: SubstanceUse, from: PhysicalDimension, to: PhysicalDimension, fromText: String, toText: String,
    catalog: Catalog
  ) throws(ConvError) {
    let substance = use.substance
    let name = ConvError.printable(use.typed)
    guard let (a, b) = SubstanceBridge.powers(from: from, to: to) else {
      throw .substanceMismatch(
        "\(name) does not bridge \(catalog.describe(from)) and \(catalog.describe(to)) ('\(ConvError.printable(fromText))' to '\(ConvError.printable(toText))'): a density links mass and volume, a molar mass links mass and amount of substance"
      )
    }
    var factor = Rational.one
    var uncertainty = Rational.zero
    if a != 0 {
      guard let density = substance.density, let relative = substance.densityUncertainty else {
        throw .substanceMismatch(
          "\(name) has no density in conv's data, so '\(ConvError.printable(fromText))' (\(catalog.describe(from))) does not convert to '\(ConvError.printable(toText))' (\(catalog.describe(to)))"
        )
      }
      factor = factor * density.power(a)
      uncertainty = uncertainty + Rational(abs(a)) * relative
    }
    if b != 0 {
      guard let grams = substance.molarMass, let spread = substance.molarMassUncertainty, !grams.isZero else {
        throw .substanceMismatch(
          "\(name) is a mixture with no chemical formula, so it has no molar mass: '\(ConvError.printable(fromText))' (\(catalog.describe(from))) does not convert to '\(ConvError.printable(toText))' (\(catalog.describe(to)))"
        )
      }
      factor = factor * (grams / Rational(1000)).power(b)
      uncertainty = uncertainty + Rational(abs(b)) * (spread / grams)
    }
    self.use = use
    densityPower = a
    molarMassPower = b
    self.factor = factor
    relativeUncertainty = uncertainty
  }

  /// A value through the bridge, rounded to the digits the figures' uncertainty supports.
  package func rounded(_ value: Magnitude) -> Magnitude {
    let exact = value.approximation
    return Magnitude(SubstanceBridge.rounded(exact, uncertainty: (exact * relativeUncertainty).magnitude).rational)
  }

  /// `value` rounded at the decimal place of the leading digit of `uncertainty` (`18.01528 ± 0.0014`
  /// is `18.015`); every digit kept, up to 15 significant, when the uncertainty is zero.
  package static func rounded(_ value: Rational, uncertainty: Rational) -> DecimalDigits {
    guard !value.isZero else { return DecimalDigits(isNegative: false, digits: "0", exponent: 0, isExact: false) }
    let valueExponent = value.magnitude.rounded(significantDigits: 20).scientificExponent
    guard !uncertainty.isZero else { return value.rounded(significantDigits: 15) }
    // The place of the uncertainty's leading digit, from its exact value (no rounding up to 10).
    let place = uncertainty.magnitude.rounded(significantDigits: 20).scientificExponent
    let digits = max(1, min(15, valueExponent - place + 1))
    return value.rounded(significantDigits: digits)
  }
}
