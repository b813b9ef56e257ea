/// An exact fraction of two integers, always in lowest terms with a positive denominator.
public struct Rational: Sendable, Hashable {
  /// The numerator; carries the sign.
  package let numerator: BigInteger
  /// The denominator; always positive.
  package let denominator: BigInteger

  /// Creates `numerator / denominator`, reducing it. The denominator must not be zero.
  package init(_ numerator: BigInteger, _ denominator: BigInteger = .one) {
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
  public var reciprocal: Rational {
    precondition(!numerator.isZero, "reciprocal of zero")
    // Already in lowest terms: only the sign moves to the new numerator.
    return Rational(reduced: numerator.isNegative ? -denominator : denominator, numerator.magnitude)
  }

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
    // Powers of coprime numbers are coprime: no gcd needed, only the sign moves.
    return Rational(reduced: denominator.power(-exponent), numerator.power(-exponent)).signNormalized
  }

  /// The same value with a positive denominator (for fractions built in lowest terms but possibly
  /// with the sign below the line).
  private var signNormalized: Rational {
    precondition(!denominator.isZero, "zero denominator")
    return denominator.isNegative ? Rational(reduced: -numerator, -denominator) : self
  }
}

extension BigInteger {
  /// The quotient by a divisor known to divide the value exactly.
  fileprivate func dividedExactly(by divisor: BigInteger) -> BigInteger {
    divisor == .one ? self : quotientAndRemainder(dividingBy: divisor).quotient
  }
}

extension Rational: Comparable {
  /// Whether `lhs` is less than `rhs`, compared exactly.
  public static func < (lhs: Rational, rhs: Rational) -> Bool {
    lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
  }
}

extension Rational {
  /// The exact sum, in lowest terms.
  ///
  /// Knuth, TAOCP vol. 2, 4.5.1: with g = gcd(b, d), a/b + c/d = t / ((b/g)·d) where
  /// t = a·(d/g) + c·(b/g), and only gcd(t, g) remains to divide out. The gcds involved are of the
  /// denominators and of g, never of the full products, which keeps large values fast.
  public static func + (lhs: Rational, rhs: Rational) -> Rational {
    if lhs.isZero { return rhs }
    if rhs.isZero { return lhs }
    if lhs.denominator == rhs.denominator {
      return Rational(lhs.numerator + rhs.numerator, lhs.denominator)
    }
    let g = BigInteger.gcd(lhs.denominator, rhs.denominator)
    if g == .one {
      return Rational(
        reduced: lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
        lhs.denominator * rhs.denominator)
    }
    let lhsRest = lhs.denominator.dividedExactly(by: g)
    let rhsRest = rhs.denominator.dividedExactly(by: g)
    let t = lhs.numerator * rhsRest + rhs.numerator * lhsRest
    if t.isZero { return .zero }
    let h = BigInteger.gcd(t, g)
    return Rational(reduced: t.dividedExactly(by: h), lhsRest * rhs.denominator.dividedExactly(by: h))
  }

  /// The exact difference, in lowest terms.
  public static func - (lhs: Rational, rhs: Rational) -> Rational { lhs + (-rhs) }

  /// The value with its sign flipped.
  public static prefix func - (value: Rational) -> Rational {
    Rational(reduced: -value.numerator, value.denominator)
  }

  /// The exact product, in lowest terms.
  ///
  /// Both fractions are in lowest terms, so cancelling gcd(a, d) and gcd(c, b) crosswise leaves
  /// the product in lowest terms (Knuth, TAOCP vol. 2, 4.5.1): the gcds are of the factors, not
  /// of the products.
  public static func * (lhs: Rational, rhs: Rational) -> Rational {
    if let product = smallProduct(lhs, rhs) { return product }
    if lhs.denominator == .one && rhs.denominator == .one {
      return Rational(reduced: lhs.numerator * rhs.numerator, .one)
    }
    if lhs.isZero || rhs.isZero { return .zero }
    let g1 = BigInteger.gcd(lhs.numerator, rhs.denominator)
    let g2 = BigInteger.gcd(rhs.numerator, lhs.denominator)
    return Rational(
      reduced: lhs.numerator.dividedExactly(by: g1) * rhs.numerator.dividedExactly(by: g2),
      lhs.denominator.dividedExactly(by: g2) * rhs.denominator.dividedExactly(by: g1))
  }

  /// The product computed below in machine integers, when the four terms and the two terms of
  /// the result fit in 64 bits: the same fraction as below (the same cross-cancelling), without
  /// big-integer arithmetic. Nil otherwise.
  private static func smallProduct(_ lhs: Rational, _ rhs: Rational) -> Rational? {
    guard let a = lhs.numerator.smallMagnitude, let b = lhs.denominator.smallMagnitude,
      let c = rhs.numerator.smallMagnitude, let d = rhs.denominator.smallMagnitude
    else { return nil }
    if a == 0 || c == 0 { return .zero }
    let g1 = gcd(a, d)
    let g2 = gcd(c, b)
    let (numerator, numeratorOverflow) = (a / g1).multipliedReportingOverflow(by: c / g2)
    let (denominator, denominatorOverflow) = (b / g2).multipliedReportingOverflow(by: d / g1)
    guard !numeratorOverflow, !denominatorOverflow else { return nil }
    return Rational(
      reduced: BigInteger(magnitude: numerator, isNegative: lhs.numerator.isNegative != rhs.numerator.isNegative),
      BigInteger(magnitude: denominator, isNegative: false))
  }

  /// The greatest common divisor of two machine integers, not both zero.
  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
  }

  /// Division; the divisor must not be zero.
  public static func / (lhs: Rational, rhs: Rational) -> Rational {
    lhs * rhs.reciprocal
  }
}

extension Rational: CustomStringConvertible {
  /// `n` or `n/d` in lowest terms.
  public var description: String {
    isInteger ? numerator.description : "\(numerator)/\(denominator)"
  }
}
