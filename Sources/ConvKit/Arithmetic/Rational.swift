/// An exact fraction of two integers, always in lowest terms with a positive denominator.
public struct Rational: Sendable, Hashable {
  /// The numerator; carries the sign.
  public let numerator: BigInteger
  /// The denominator; always positive.
  public let denominator: BigInteger

  /// Creates `numerator / denominator`, reducing it. The denominator must not be zero.
  public init(_ numerator: BigInteger, _ denominator: BigInteger = .one) {
    precondition(!denominator.isZero, "zero denominator")
    var n = numerator
    var d = denominator
    if d.isNegative {
      n = -n
      d = -d
    }
    let divisor = BigInteger.gcd(n, d)
    if divisor != .one && !divisor.isZero {
      n = n.quotientAndRemainder(dividingBy: divisor).quotient
      d = d.quotientAndRemainder(dividingBy: divisor).quotient
    }
    self.numerator = n
    self.denominator = d
  }

  /// Creates a fraction known to be in lowest terms with a positive denominator (generated data).
  init(unreducedNumerator numerator: BigInteger, denominator: BigInteger) {
    self.init(reduced: numerator, denominator)
  }

  private init(reduced numerator: BigInteger, _ denominator: BigInteger) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// Creates an integer-valued fraction.
  public init(_ value: Int) { self.init(reduced: BigInteger(value), .one) }

  /// Zero.
  public static let zero = Rational(0)
  /// One.
  public static let one = Rational(1)

  /// Whether the value is zero.
  public var isZero: Bool { numerator.isZero }
  /// Whether the value is below zero.
  public var isNegative: Bool { numerator.isNegative }
  /// Whether the value is a whole number.
  public var isInteger: Bool { denominator == .one }
  /// The absolute value.
  public var magnitude: Rational { Rational(reduced: numerator.magnitude, denominator) }
  /// `1 / self`. The value must not be zero.
  public var reciprocal: Rational { Rational(denominator, numerator) }

  /// Exact `ten to the power exponent`, for any integer exponent.
  public static func powerOfTen(_ exponent: Int) -> Rational {
    exponent >= 0
      ? Rational(reduced: BigInteger.tenToThe(exponent), .one)
      : Rational(reduced: .one, BigInteger.tenToThe(-exponent))
  }

  /// `self` raised to an integer power (negative powers take the reciprocal).
  public func power(_ exponent: Int) -> Rational {
    if exponent >= 0 {
      return Rational(reduced: numerator.power(exponent), denominator.power(exponent))
    }
    return Rational(denominator.power(-exponent), numerator.power(-exponent))
  }
}

extension Rational: Comparable {
  public static func < (lhs: Rational, rhs: Rational) -> Bool {
    lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
  }
}

extension Rational {
  public static func + (lhs: Rational, rhs: Rational) -> Rational {
    if lhs.denominator == rhs.denominator {
      return Rational(lhs.numerator + rhs.numerator, lhs.denominator)
    }
    return Rational(lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
                    lhs.denominator * rhs.denominator)
  }

  public static func - (lhs: Rational, rhs: Rational) -> Rational { lhs + (-rhs) }

  public static prefix func - (value: Rational) -> Rational {
    Rational(reduced: -value.numerator, value.denominator)
  }

  public static func * (lhs: Rational, rhs: Rational) -> Rational {
    if lhs.denominator == .one && rhs.denominator == .one {
      return Rational(reduced: lhs.numerator * rhs.numerator, .one)
    }
    return Rational(lhs.numerator * rhs.numerator, lhs.denominator * rhs.denominator)
  }

  /// Division; the divisor must not be zero.
  public static func / (lhs: Rational, rhs: Rational) -> Rational {
    Rational(lhs.numerator * rhs.denominator, lhs.denominator * rhs.numerator)
  }
}

extension Rational: CustomStringConvertible {
  /// `n` or `n/d` in lowest terms.
  public var description: String {
    isInteger ? numerator.description : "\(numerator)/\(denominator)"
  }
}
