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
    set { scaleBox = newValue.map(ScaleUnitBox.init) }
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
    scaleBox = unit.unit.scale != nil ? ScaleUnitBox(unit) : nil
    ratesUse = unit.unit.ratesUse
    coefficient = .one
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
  init(_ unit: PrefixedUnit) { self.unit = unit }
  static func == (lhs: ScaleUnitBox, rhs: ScaleUnitBox) -> Bool { lhs.unit == rhs.unit }
  func hash(into hasher: inout Hasher) { hasher.combine(unit) }
}
