/// The value of an expression: a magnitude in coherent SI units, with its dimension.
///
/// `5 mi` is 8046.72 (metres) of dimension length; `L/100km` is 10⁻⁸ (square metres). A term made
/// of a number and one absolute temperature (`-40 °C`) also remembers that unit and the number, so
/// the temperature can be converted with its offset.
package struct Term: Sendable, Hashable {
  /// The value in the coherent SI unit of `dimension` (for absolute temperatures: the number times
  /// the unit's degree size, without the offset).
  package var value: Magnitude
  /// The dimension.
  package var dimension: PhysicalDimension
  /// Whether every factor involved is exact (no `approx` unit).
  package var isExact: Bool
  /// How many unit names went into the term (0 for a pure number).
  package var unitCount: Int
  /// The absolute temperature, when the term is a number times exactly one such unit.
  package var absoluteUnit: PrefixedUnit?
  /// The nonlinear unit (dBm, AWG), when the term is a number times exactly one such unit.
  package var scaleUnit: PrefixedUnit? {
    get { scaleBox?.unit }
    set { scaleBox = newValue.map { ScaleUnitBox($0, hasNumber: false) } }
  }
  /// Whether a number was written before the nonlinear unit (`20 dBm`, not `dBm`): the term is
  /// then a value on the scale, which no arithmetic applies to.
  package var scaleHasNumber: Bool { scaleBox?.hasNumber ?? false }
  /// Whether the term is a value rather than a unit: a number on a scale (`20 dBm`) or an absolute
  /// temperature with a number other than one (`(20 °C)`). Such a term cannot be read as a unit.
  package var holdsValue: Bool {
    scaleHasNumber || (absoluteUnit != nil && coefficient != .one)
  }
  /// `scaleUnit` behind a reference: terms live in every frame of the recursive evaluator, and a
  /// second inline unit would double their size (a chain of definitions recurses once per unit).
  private var scaleBox: ScaleUnitBox?
  /// The publications of exchange rates the currencies in the term were taken at (empty but
  /// when newer rates replace the snapshot).
  package var ratesUse: RatesUse
  /// The number multiplying `absoluteUnit` (−40 in `-40 °C`) or `scaleUnit` (20 in `20 dBm`).
  package var coefficient: Rational

  /// A pure number.
  package init(number: Rational) {
    value = Magnitude(number)
    dimension = .none
    isExact = true
    unitCount = 0
    absoluteUnit = nil
    scaleBox = nil
    ratesUse = []
    coefficient = number
  }

  /// One unit, possibly prefixed.
  package init(unit: PrefixedUnit) {
    value = unit.factor
    dimension = unit.unit.dimension
    isExact = unit.unit.isExact
    unitCount = 1
    absoluteUnit = unit.unit.isAbsolute ? unit : nil
    scaleBox = unit.unit.scale != nil ? ScaleUnitBox(unit, hasNumber: false) : nil
    ratesUse = unit.unit.ratesUse
    coefficient = .one
  }

  /// The value `number` on the scale of this term's nonlinear unit (`20 dBm` from `dBm`).
  func valueOnScale(_ number: Rational) -> Term {
    var result = self
    result.value = Magnitude(number) * value
    result.coefficient = number
    result.scaleBox = scaleBox.map { ScaleUnitBox($0.unit, hasNumber: true) }
    return result
  }

  /// Whether the term holds an absolute temperature whose zero is shifted (°C, °F).
  var hasOffsetTemperature: Bool { absoluteUnit?.unit.hasOffset ?? false }

  /// The value in kelvin for an absolute temperature, else the plain value, exact where possible.
  package var baseValue: Magnitude {
    guard let unit = absoluteUnit, unit.unit.hasOffset else { return value }
    return Magnitude(coefficient + unit.unit.offset) * unit.factor
  }
}

/// A nonlinear unit held by reference in a `Term`.
final class ScaleUnitBox: Sendable, Hashable {
  let unit: PrefixedUnit
  /// Whether a number was written before the unit.
  let hasNumber: Bool
  init(_ unit: PrefixedUnit, hasNumber: Bool) {
    self.unit = unit
    self.hasNumber = hasNumber
  }
  static func == (lhs: ScaleUnitBox, rhs: ScaleUnitBox) -> Bool {
    lhs.unit == rhs.unit && lhs.hasNumber == rhs.hasNumber
  }
  func hash(into hasher: inout Hasher) {
    hasher.combine(unit)
    hasher.combine(hasNumber)
  }
}
