import ConvKit

extension Converter {
  /// Rows a whole column adds for each dimension a substance reaches (`conv 1 cup flour`: grams
  /// and ounces beside the volumes).
  static let substanceRowLimit = 6

  /// The units of the other dimensions a quantity's substance carries it to, for the whole
  /// column: the curated units of each one's primary category in which the value reads well
  /// (from 0.01 up to 100,000), at most `substanceRowLimit` of each. Empty without a substance.
  func substanceColumnUnits(_ quantity: Quantity) -> [PrefixedUnit] {
    guard let use = quantity.substance else { return [] }
    var units: [PrefixedUnit] = []
    for dimension in Catalog.substanceColumnDimensions(use.substance, from: quantity.dimension) {
      guard let category = catalog.primaryCategory(for: dimension),
        let powers = SubstanceBridge.powers(from: quantity.dimension, to: dimension)
      else { continue }
      var factor = Rational.one
      if powers.density != 0, let density = use.substance.density { factor = factor * density.power(powers.density) }
      if powers.molarMass != 0, let grams = use.substance.molarMass {
        factor = factor * (grams / Rational(1000)).power(powers.molarMass)
      }
      let value = (quantity.term.baseValue.approximation * factor).magnitude.doubleValue
      let readable = catalog.curatedColumn(in: category, source: nil, value: nil).filter { unit in
        let shown = value / unit.factor.approximation.doubleValue
        return unit.unit.scale == nil && shown >= 0.01 && shown < 100_000
      }
      units += readable.prefix(Converter.substanceRowLimit)
    }
    return units
  }

  /// The JSON members of a result through a substance: its name, the word typed, and the figures
  /// used with their sources (none for a result that needed no substance).
  func substanceMembers(_ result: ConversionResult) -> [(String, JSONValue)] {
    guard let bridge = result.bridge else { return [] }
    let substance = bridge.use.substance
    var members: [(String, JSONValue)] = [
      ("substance", .string(substance.name)),
      ("substance_typed", .string(bridge.use.typed)),
    ]
    if bridge.densityPower != 0, let density = substance.densityText {
      members.append(("density", .string(density)))
      members.append(("density_measured", substance.measured.isEmpty ? .null : .string(substance.measured)))
      members.append(("density_conditions", substance.conditions.isEmpty ? .null : .string(substance.conditions)))
      members.append(("density_source", .string(substance.source)))
    }
    if bridge.molarMassPower != 0, let mass = substance.molarMassText {
      members.append(("formula", substance.formula.map(JSONValue.string) ?? .null))
      members.append(("molar_mass", .string(mass + " g/mol")))
    }
    return members
  }
}
