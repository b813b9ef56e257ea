/// An exact real number of the form `rational × πᵏ`, enough for every unit definition.
///
/// Keeping the power of π symbolic lets `1 rev = 360°` and `3000 rpm = 50 Hz` stay exact even
/// though π itself is irrational: π only turns into digits when a result still holds it.
public struct Magnitude: Sendable, Hashable {
  /// The rational part.
  public var rational: Rational
  /// The power of π.
  public var piPower: Int

  /// Creates `rational × π^piPower`.
  public init(_ rational: Rational, piPower: Int = 0) {
    self.rational = rational
    self.piPower = rational.isZero ? 0 : piPower
  }

  /// One.
  public static let one = Magnitude(.one)

  /// Whether the value is a plain rational number (no π left).
  public var isRational: Bool { piPower == 0 }

  /// π to 50 significant digits (more than any double or default display needs).
  public static let pi = Rational(decimalLiteral: "3.1415926535897932384626433832795028841971693993751")!

  /// The value as a rational: exact when `isRational`, else with π taken to 50 digits.
  public var approximation: Rational {
    piPower == 0 ? rational : rational * Magnitude.pi.power(piPower)
  }

  /// The exact product (the powers of π add up).
  public static func * (lhs: Magnitude, rhs: Magnitude) -> Magnitude {
    Magnitude(lhs.rational * rhs.rational, piPower: lhs.piPower + rhs.piPower)
  }

  /// Division; the divisor must not be zero.
  public static func / (lhs: Magnitude, rhs: Magnitude) -> Magnitude {
    Magnitude(lhs.rational / rhs.rational, piPower: lhs.piPower - rhs.piPower)
  }

  /// The value raised to an integer power.
  public func power(_ exponent: Int) -> Magnitude {
    Magnitude(rational.power(exponent), piPower: piPower * exponent)
  }

  /// The reciprocal; the value must not be zero.
  public var reciprocal: Magnitude { Magnitude(rational.reciprocal, piPower: -piPower) }

  /// The sum, exact when both have the same power of π (else through the approximation).
  public static func + (lhs: Magnitude, rhs: Magnitude) -> Magnitude {
    if lhs.rational.isZero { return rhs }
    if rhs.rational.isZero { return lhs }
    if lhs.piPower == rhs.piPower {
      return Magnitude(lhs.rational + rhs.rational, piPower: lhs.piPower)
    }
    return Magnitude(lhs.approximation + rhs.approximation)
  }

  /// The value with its sign flipped.
  public static prefix func - (value: Magnitude) -> Magnitude {
    Magnitude(-value.rational, piPower: value.piPower)
  }

  /// Whether the value is zero.
  public var isZero: Bool { rational.isZero }
}
