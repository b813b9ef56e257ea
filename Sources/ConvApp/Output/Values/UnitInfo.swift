import ConvKit

/// `conv info UNIT`: the unit a spelling reads as, and its other readings.
package struct UnitInfo: Sendable {
  /// The spelling asked about (`pt`).
  package let spelling: String
  /// The unit it reads as on its own.
  package let unit: PrefixedUnit
  /// The units it reads as when the other side of a conversion asks for them.
  package let others: [PrefixedUnit]

  /// Creates the value.
  package init(spelling: String, unit: PrefixedUnit, others: [PrefixedUnit]) {
    self.spelling = spelling
    self.unit = unit
    self.others = others
  }
}
