/// A substance: a food, fuel or material with a measured density, or a chemical with a formula,
/// which bridges mass, volume and amount of substance (`1 cup flour` in grams, `2 mol NaCl` in
/// grams). Its figures are measurements, so everything converted through one is approximate.
package struct Substance: Sendable, Hashable {
  /// The canonical name (`all-purpose flour`).
  package let name: String
  /// The other names, as written in `Data/` without their marks (`flour`, `plain flour`).
  package let aliases: [String]
  /// The plain words this substance is the documented default for (written `flour!`).
  package let defaultWords: [String]
  /// The group identifier (`food`, `fuel`, `material`, `chemical` for a formula typed alone).
  package let group: String
  /// The chemical formula as written (`H2O`), if any.
  package let formula: String?
  /// The density as the source states it (`125 g/cup`), if any.
  package let densityText: String?
  /// The density in kg/m³, exactly the source's figure.
  package let density: Rational?
  /// The density's relative uncertainty: half a unit in the last digit the source writes.
  package let densityUncertainty: Rational?
  /// The molar mass in g/mol from the standard atomic weights, if the substance has a formula.
  package let molarMass: Rational?
  /// The molar mass's published uncertainty (absolute, g/mol).
  package let molarMassUncertainty: Rational?
  /// How a dry ingredient was measured (`spooned and levelled`); may be empty.
  package let measured: String
  /// Temperature or state (`20 °C`); may be empty.
  package let conditions: String
  /// Where the figure comes from.
  package let source: String

  /// Creates a substance from its parts (normally made by `SubstanceLoader`).
  package init(
    name: String, aliases: [String], defaultWords: [String], group: String, formula: String?,
    densityText: String?, density: Rational?, densityUncertainty: Rational?, molarMass: Rational?,
    molarMassUncertainty: Rational?, measured: String, conditions: String, source: String
  ) {
    self.name = name
    self.aliases = aliases
    self.defaultWords = defaultWords
    self.group = group
    self.formula = formula
    self.densityText = densityText
    self.density = density
    self.densityUncertainty = densityUncertainty
    self.molarMass = molarMass
    self.molarMassUncertainty = molarMassUncertainty
    self.measured = measured
    self.conditions = conditions
    self.source = source
  }

  package static func == (lhs: Substance, rhs: Substance) -> Bool {
    lhs.name == rhs.name && lhs.formula == rhs.formula && lhs.densityText == rhs.densityText
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(formula)
  }

  /// The molar mass rounded to the digits its uncertainty supports (`58.44` for NaCl), as text.
  package var molarMassText: String? {
    guard let molarMass, let molarMassUncertainty else { return nil }
    return SubstanceBridge.rounded(molarMass, uncertainty: molarMassUncertainty).plainString
  }

  /// The source made short for a note: `USDA FDC 169761` for a FoodData Central entry
  /// (`USDA SR Legacy NDB 20081` by its SR Legacy number), else the work cited without the details
  /// that follow it (`EN 590:2022 Table 1`).
  package var shortSource: String {
    // USDA FoodData Central by FDC ID, or SR Legacy by its NDB number.
    for label in ["FDC", "NDB"] where source.hasPrefix("USDA") {
      guard let range = source.firstRange(ofText: label + " ") else { continue }
      let digits = source[range.upperBound...].prefix { $0.isNumber }
      if !digits.isEmpty { return "USDA " + (label == "NDB" ? "SR Legacy NDB " : "FDC ") + digits }
    }
    // The work cited, without the details after it: up to `; `, `: ` or ` (`.
    var end = source.endIndex
    for mark in ["; ", ": ", " ("] {
      if let range = source.firstRange(ofText: mark), range.lowerBound < end, range.lowerBound != source.startIndex {
        end = range.lowerBound
      }
    }
    return String(source[..<end].trimmed)
  }
}

/// A substance as a request names it: the substance and the word typed for it (`flour`).
package struct SubstanceUse: Sendable, Hashable {
  /// The substance.
  package let substance: Substance
  /// The words typed (`flour`, `H2O`).
  package let typed: String

  /// Creates a use.
  package init(substance: Substance, typed: String) {
    self.substance = substance
    self.typed = typed
  }
}
