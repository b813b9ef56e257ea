import ConvKit

/// `value = a·x + b` or `value = a / x` for a number `x` (a decimal or a fraction of integers), with `a` and `b` exact fractions of
/// integers below 2¹²⁷, computed with 128-bit integers.
struct LinearMap {
  enum Kind { case affine, reciprocal }
  let kind: Kind
  let an: Int128, ad: Int128, bn: Int128, bd: Int128
  /// Only for x ≥ 0 (absolute temperatures: below absolute zero is the exact path's error; a
  /// reciprocal of a value below zero too).
  let nonNegativeOnly: Bool
  /// Whether the exact path calls the result exact (no approximate unit on either side).
  let isExact: Bool
  /// `a` and `b` as exact fractions, for numbers beyond 64 bits (`LinearMap+LongNumbers.swift`).
  var exactA: Rational { exact.a }
  var exactB: Rational { exact.b }
  /// (In a box of their own: a copy of the map, as a batch line makes, then retains one object.)
  private let exact: ExactFactors

  private final class ExactFactors: Sendable {
    let a: Rational
    let b: Rational
    init(a: Rational, b: Rational) {
      self.a = a
      self.b = b
    }
  }
  /// Whether the map takes a ``LongDecimal`` (`6548.2e300`, 300 digits) in terse output.
  var takesLongDecimals = false
  /// Whether a number written with a minus sign, `-0` included, is left to the exact path (a
  /// quantity in parts: the sign applies to every part, `-0 ft 2 in` is -2 in).
  var refusesSign = false

  init?(kind: Kind, a: Rational, b: Rational, nonNegativeOnly: Bool, isExact: Bool) {
    guard let an = LinearMap.int128(a.numerator), let ad = LinearMap.int128(a.denominator),
      let bn = LinearMap.int128(b.numerator), let bd = LinearMap.int128(b.denominator)
    else { return nil }
    self.kind = kind
    self.an = an
    self.ad = ad
    self.bn = bn
    self.bd = bd
    self.nonNegativeOnly = nonNegativeOnly
    self.isExact = isExact
    exact = ExactFactors(a: a, b: b)
  }

  /// The map of a conversion from `source`, when the exact path computes it as `a·x + b` or
  /// `c / x` with rational `a`, `b`, `c`; nil for anything else (through a substance or a scale,
  /// temperatures on scales whose zero is below absolute zero).
  init?(_ conversion: Conversion, source: UnitExpression, isExact: Bool) {
    // Through a substance every result is rounded to its figures' digits: the exact path, line by line.
    guard conversion.bridge == nil else { return nil }
    switch conversion.kind {
    case .linear, .cycles, .affine:
      // a·x + b: b = f(0), a = f(1) − f(0) (f is exactly that for these kinds). Temperatures only
      // from zero up, and only on scales whose zero is at or above absolute zero: below absolute
      // zero is an error of the exact path.
      if let unit = source.absoluteUnit,
        unit.unit.offset.isNegative || unit.factor.rational.isNegative
          || !unit.factor.isRational
      {
        return nil
      }
      guard let zero = try? conversion.convert(.zero), let one = try? conversion.convert(.one),
        zero.isRational, one.isRational
      else { return nil }
      // Nor below zero in a unit where that means nothing (`-1 mpg`, flag `positive`).
      self.init(
        kind: .affine, a: one.rational - zero.rational, b: zero.rational,
        nonNegativeOnly: source.absoluteUnit != nil || source.singleUnit?.unit.isPositive == true,
        isExact: isExact)
    case .scale:
      // Through a function: every line takes the checked path, with its domain errors.
      return nil
    case .reciprocal:
      guard source.absoluteUnit == nil, let one = try? conversion.convert(.one), one.isRational else { return nil }
      // A value below zero has no reciprocal (`-1 mpg`): the exact path's error.
      self.init(kind: .reciprocal, a: one.rational, b: .zero, nonNegativeOnly: true, isExact: isExact)
    }
  }

  static func int128(_ value: BigInteger) -> Int128? {
    guard value.bitWidth < 127 else { return nil }
    var result: Int128 = 0
    for word in value.magnitude.description.utf8 { result = result * 10 + Int128(word &- 48) }
    return value.signum < 0 ? -result : result
  }

  /// The `Double` nearest to the exact value (ties to even), as `Rational.doubleValue` gives it;
  /// nil when an intermediate does not fit (left to the exact path).
  func value(_ x: SmallFraction) -> Double? {
    guard let (numerator, denominator) = fraction(x) else { return nil }
    if numerator == 0 { return 0 }  // the exact zero, written `0`
    return LinearMap.nearestDouble(numerator, denominator)
  }

  /// The exact value as a fraction with a positive denominator; nil when an intermediate does not
  /// fit, or the exact path would refuse `x`.
  func fraction(_ x: SmallFraction) -> (numerator: Int128, denominator: Int128)? {
    if nonNegativeOnly && x.isNegative && x.numerator != 0 { return nil }
    if refusesSign && x.isNegative { return nil }
    guard x.denominator > 0 else { return nil }
    let m = Int128(x.numerator)
    let scale = Int128(x.denominator)
    let numerator: Int128
    let denominator: Int128
    switch kind {
    case .affine:
      // a·x + b = (an·m·bd ± bn·ad·q) / (ad·q·bd) for x = ±m/q, with the sign of x on the first term.
      guard let first = LinearMap.product(an, m, bd), let second = LinearMap.product(bn, ad, scale),
        let d = LinearMap.product(ad, scale, bd)
      else { return nil }
      let (sum, overflow) = (x.isNegative ? -first : first).addingReportingOverflow(second)
      guard !overflow else { return nil }
      numerator = sum
      denominator = d
    case .reciprocal:
      // a / x = an·q / (ad·m), with the sign of x.
      guard m != 0, let n = LinearMap.product(an, scale, 1), let d = LinearMap.product(ad, m, 1) else { return nil }
      numerator = x.isNegative ? -n : n
      denominator = d
    }
    guard denominator > 0 else { return nil }
    return (numerator, denominator)
  }

  private static func product(_ a: Int128, _ b: Int128, _ c: Int128) -> Int128? {
    let (ab, first) = a.multipliedReportingOverflow(by: b)
    guard !first else { return nil }
    let (abc, second) = ab.multipliedReportingOverflow(by: c)
    return second ? nil : abc
  }

  /// `n / d` rounded to the nearest `Double`, ties to even, for `d > 0`: one IEEE division when
  /// both are at most 2⁵³ (exact as doubles), else the quotient scaled to 55 or 56 bits and
  /// rounded by hand, as `Rational.doubleValue` does. Nil when the shifted operands would not fit
  /// or the result would not be a normal double.
  static func nearestDouble(_ n: Int128, _ d: Int128) -> Double? {
    let magnitude = n.magnitude
    let divisor = UInt128(d)
    if magnitude <= 1 &<< 53 && divisor <= 1 &<< 53 {
      let value = Double(UInt64(truncatingIfNeeded: magnitude)) / Double(UInt64(truncatingIfNeeded: divisor))
      return n < 0 ? -value : value
    }
    let nBits = 128 - magnitude.leadingZeroBitCount
    let dBits = 128 - divisor.leadingZeroBitCount
    let shift = 55 - (nBits - dBits)
    var q: UInt128
    var r: UInt128
    if shift >= 0 {
      // (n · 2^shift) / d, a few bits at a time so that nothing overflows (r < d < 2^127).
      (q, r) = magnitude.quotientAndRemainder(dividingBy: divisor)
      var remaining = shift
      let step = 127 - dBits
      guard step > 0 else { return nil }
      while remaining > 0 {
        let bits = min(remaining, step)
        let (more, rest) = (r &<< UInt128(bits)).quotientAndRemainder(dividingBy: divisor)
        q = (q &<< UInt128(bits)) | more
        r = rest
        remaining -= bits
      }
    } else {
      (q, r) = magnitude.quotientAndRemainder(dividingBy: divisor &<< UInt128(-shift))
    }
    let bits = 128 - q.leadingZeroBitCount
    let drop = bits - 53
    guard drop >= 1 && drop <= 3 else { return nil }
    let narrow = UInt64(truncatingIfNeeded: q)
    var mantissa = narrow &>> UInt64(drop)
    let rest = narrow & ((1 &<< UInt64(drop)) - 1)
    let half: UInt64 = 1 &<< UInt64(drop - 1)
    if rest > half || (rest == half && (r != 0 || mantissa & 1 == 1)) { mantissa += 1 }
    let exponent = drop - shift
    guard exponent > -1000 && exponent < 900 else { return nil }
    return Double(sign: n < 0 ? .minus : .plus, exponent: exponent, significand: Double(mantissa))
  }
}
