/// The value of an expression: a magnitude in coherent SI units, with its dimension.
///
/// `5 mi` is 8046.72 (metres) of dimension length; `L/100km` is 10⁻⁸ (square metres). A term made
/// of a number and one absolute temperature (`-40 °C`) also remembers that unit and the number, so
/// the temperature can be converted with its offset.
public struct Term: Sendable, Hashable {
  /// The value in the coherent SI unit of `dimension` (for absolute temperatures: the number times
  /// the unit's degree size, without the offset).
  public var value: Magnitude
  /// The dimension.
  public var dimension: PhysicalDimension
  /// Whether every factor involved is exact (no `approx` unit).
  public var isExact: Bool
  /// How many unit names went into the term (0 for a pure number).
  public var unitCount: Int
  /// The absolute temperature, when the term is a number times exactly one such unit.
  public var absoluteUnit: PrefixedUnit?
  /// The number multiplying `absoluteUnit` (−40 in `-40 °C`).
  public var coefficient: Rational

  /// A pure number.
  public init(number: Rational) {
    value = Magnitude(number)
    dimension = .none
    isExact = true
    unitCount = 0
    absoluteUnit = nil
    coefficient = number
  }

  /// One unit, possibly prefixed.
  public init(unit: PrefixedUnit) {
    value = unit.factor
    dimension = unit.unit.dimension
    isExact = unit.unit.isExact
    unitCount = 1
    absoluteUnit = unit.unit.isAbsolute ? unit : nil
    coefficient = .one
  }

  /// Whether the term holds an absolute temperature whose zero is shifted (°C, °F).
  var hasOffsetTemperature: Bool { absoluteUnit?.unit.hasOffset ?? false }

  /// The value in kelvin for an absolute temperature, else the plain value, exact where possible.
  public var baseValue: Magnitude {
    guard let unit = absoluteUnit, unit.unit.hasOffset else { return value }
    return Magnitude(coefficient + unit.unit.offset) * unit.factor
  }
}
