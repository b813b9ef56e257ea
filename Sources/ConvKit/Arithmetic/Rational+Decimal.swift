extension Rational {
  /// Reads a decimal literal exactly: `42`, `0.0254`, `.5`, `1.5e3`, `6.02214076E23`, `1e-9`.
  ///
  /// Returns nil unless the whole text is such a literal (no sign, no spaces). Exponents beyond
  /// ±`maximumExponent` are refused so that hostile input cannot ask for a gigantic integer.
  public init?<S: StringProtocol>(decimalLiteral text: S, maximumExponent: Int = 4000) {
    // The digits of the mantissa: in a machine integer while there are at most 18 (most numbers,
    // no text made), also as text from the 19th on.
    var mantissaDigits = ""
    var digitCount = 0
    var small: UInt64 = 0
    var fractionLength = 0
    var seenPoint = false
    var exponent = 0
    var utf8 = Substring(text).utf8[...]
    while let byte = utf8.first {
      if byte >= 48 && byte <= 57 {
        if digitCount < Rational.smallDecimalDigits {
          small = small &* 10 &+ UInt64(byte &- 48)
        } else {
          if digitCount == Rational.smallDecimalDigits { mantissaDigits = String(small) }
          mantissaDigits.unicodeScalars.append(Unicode.Scalar(byte))
        }
        digitCount += 1
        if seenPoint { fractionLength += 1 }
      } else if byte == 46 && !seenPoint {  // "."
        seenPoint = true
      } else if byte == 95 {  // "_" digit separator
      } else {
        break
      }
      utf8 = utf8.dropFirst()
    }
    guard digitCount > 0 else { return nil }
    if let marker = utf8.first {
      guard marker == 101 || marker == 69 else { return nil }  // e, E
      utf8 = utf8.dropFirst()
      var negative = false
      if let sign = utf8.first, sign == 43 || sign == 45 {
        negative = sign == 45
        utf8 = utf8.dropFirst()
      }
      guard !utf8.isEmpty, utf8.count <= 9 else { return nil }
      var value = 0
      for byte in utf8 {
        guard byte >= 48 && byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      exponent = negative ? -value : value
    }
    let scale = exponent - fractionLength
    guard abs(scale) <= maximumExponent + digitCount else { return nil }
    if digitCount <= Rational.smallDecimalDigits, let value = Rational.smallDecimal(small, scale: scale) {
      self = value
      return
    }
    if digitCount <= Rational.smallDecimalDigits { mantissaDigits = String(small) }
    guard let mantissa = BigInteger(decimalDigits: mantissaDigits) else { return nil }
    if mantissa.isZero {
      self = .zero
    } else if scale >= 0 {
      self.init(mantissa * BigInteger.tenToThe(scale), .one)
    } else {
      self.init(mantissa, BigInteger.tenToThe(-scale))
    }
  }

  /// Most digits of a mantissa that `smallDecimal(_:scale:)` takes (any 18 digits fit in 64 bits).
  static let smallDecimalDigits = 18

  /// `mantissa × 10^scale` in machine integers, reduced by their gcd, for a mantissa of at most
  /// ``smallDecimalDigits`` digits when the power of ten fits in 64 bits (`61.82`, `1.5e3`): the
  /// same fraction as the general reading, without big-integer arithmetic. Nil otherwise.
  static func smallDecimal(_ mantissa: UInt64, scale: Int) -> Rational? {
    guard scale >= -19, scale <= 19 else { return nil }
    if mantissa == 0 { return .zero }
    var power: UInt64 = 1
    for _ in 0..<abs(scale) { power *= 10 }
    if scale >= 0 {
      let (product, overflow) = mantissa.multipliedReportingOverflow(by: power)
      guard !overflow else { return nil }
      return Rational(unreducedNumerator: BigInteger(product), denominator: .one)
    }
    let divisor = gcd(mantissa, power)
    return Rational(unreducedNumerator: BigInteger(mantissa / divisor), denominator: BigInteger(power / divisor))
  }

  /// The nearest `Double` (ties to even), or ±infinity when out of range.
  public var doubleValue: Double {
    if isZero { return 0 }
    return Rational.nearestDouble(numerator, over: denominator)
  }

  /// The `Double` nearest to `numerator / denominator` (ties to even), the same whether or not the
  /// fraction is reduced (the quotient is scaled to 55 or 56 bits and rounded by hand), so that a
  /// caller holding an unreduced fraction skips the gcd. `denominator` must be positive.
  package static func nearestDouble(_ numerator: BigInteger, over denominator: BigInteger) -> Double {
    if numerator.isZero { return 0 }
    let isNegative = numerator.signum < 0
    if let n = numerator.magnitudeUInt64, let d = denominator.magnitudeUInt64,
      n <= 1 << 53, d <= 1 << 53
    {
      // Both are exact doubles, so one IEEE division rounds correctly.
      let value = Double(n) / Double(d)
      return isNegative ? -value : value
    }
    let n = numerator.magnitude
    let d = denominator
    // Scale so that the integer quotient has 55 or 56 bits.
    let shift = 55 - (n.bitWidth - d.bitWidth)
    if shift > 1200 { return isNegative ? -0.0 : 0.0 }
    if shift < -1200 { return isNegative ? -.infinity : .infinity }
    let quotient: UInt64
    let inexact: Bool
    if shift < 0, let divisor = d.magnitudeUInt64, let top = n.magnitudeShiftedRight(by: -shift) {
      // A long numerator over a divisor of at most 64 bits (a long number times a unit's factor):
      // floor(n / (d·2^s)) = floor(floor(n / 2^s) / d), the bits shifted out kept as sticky.
      let (q, r) = top.quotientAndRemainder(dividingBy: UInt128(divisor))
      quotient = UInt64(q)
      inexact = r != 0 || n.hasBitsSet(below: -shift)
    } else {
      let (q, r) =
        shift >= 0
        ? n.shiftedLeft(by: shift).quotientAndRemainder(dividingBy: d)
        : n.quotientAndRemainder(dividingBy: d.shiftedLeft(by: -shift))
      quotient = q.magnitudeUInt64!
      inexact = !r.isZero
    }
    let bits = 64 - quotient.leadingZeroBitCount
    let drop = bits - 53
    var mantissa = quotient >> drop
    let rest = quotient & ((1 << drop) - 1)
    let half: UInt64 = 1 << (drop - 1)
    if rest > half || (rest == half && (inexact || mantissa & 1 == 1)) { mantissa += 1 }
    let value = Double(
      sign: isNegative ? .minus : .plus, exponent: drop - shift,
      significand: Double(mantissa))
    return value
  }

  /// An estimate of `floor(log10(|self|))`, off by at most one. The value must not be zero.
  private var decimalExponentEstimate: Int {
    let bits = numerator.bitWidth - denominator.bitWidth
    // log10(2) ≈ 0.30103
    return Int((Double(bits) * 0.30102999566398120).rounded(.down))
  }

  /// Rounds to `significantDigits` significant digits (ties to even) for display.
  ///
  /// The result carries `isExact` when nothing was lost. Rounding can carry into a new leading
  /// digit (9.9999999 → 10), which this accounts for.
  public func rounded(significantDigits: Int) -> DecimalDigits {
    precondition(significantDigits >= 1)
    if isZero { return DecimalDigits(isNegative: false, digits: "0", exponent: 0, isExact: true) }
    return roundedInMachineWords(significantDigits: significantDigits)
      ?? roundedInBigIntegers(significantDigits: significantDigits)
  }

  /// ``rounded(significantDigits:)`` in 128-bit integers, for the common case of a numerator and
  /// denominator that fit in 64 bits; nil otherwise. Same result.
  func roundedInMachineWords(significantDigits: Int) -> DecimalDigits? {
    guard let n = numerator.magnitudeUInt64, let d = denominator.magnitudeUInt64 else { return nil }
    return DecimalDigits.rounding(
      UInt128(n), over: UInt128(d), isNegative: isNegative,
      significantDigits: significantDigits)
  }

  /// ``rounded(significantDigits:)`` in exact big-integer arithmetic, for any value but zero.
  func roundedInBigIntegers(significantDigits: Int) -> DecimalDigits {
    let absolute = magnitude
    var leading = absolute.decimalExponentEstimate
    // Adjust the estimate so that 10^leading <= |x| < 10^(leading+1).
    while Rational.powerOfTen(leading) > absolute { leading -= 1 }
    while Rational.powerOfTen(leading + 1) <= absolute { leading += 1 }
    var exponent = leading - (significantDigits - 1)
    var (digits, exact) = absolute.roundedInteger(scaledBy: -exponent)
    if digits == BigInteger.tenToThe(significantDigits) {
      digits = BigInteger.tenToThe(significantDigits - 1)
      exponent += 1
    }
    return DecimalDigits(
      isNegative: isNegative, digits: digits.description, exponent: exponent,
      isExact: exact)
  }

  /// Rounds to a fixed number of digits after the decimal point (ties to even).
  public func rounded(fractionDigits: Int) -> DecimalDigits {
    let (digits, exact) = magnitude.roundedInteger(scaledBy: fractionDigits)
    return DecimalDigits(
      isNegative: isNegative, digits: digits.description, exponent: -fractionDigits,
      isExact: exact)
  }

  /// `round(self × 10^scale)` for a non-negative value, ties to even, and whether it was exact.
  ///
  /// One division of n·10^scale by d (or of n by d·10^-scale), without reducing the scaled
  /// fraction first: that reduction was a gcd of two numbers of thousands of digits (the power of
  /// ten and the denominator), slower than the rest of printing a number by far.
  private func roundedInteger(scaledBy scale: Int) -> (BigInteger, Bool) {
    let (dividend, divisor) =
      scale >= 0
      ? (numerator * BigInteger.tenToThe(scale), denominator)
      : (numerator, denominator * BigInteger.tenToThe(-scale))
    let (q, r) = dividend.quotientAndRemainder(dividingBy: divisor)
    if r.isZero { return (q, true) }
    let twice = r.shiftedLeft(by: 1)
    if twice > divisor || (twice == divisor && q.isOdd) {
      return (q + .one, false)
    }
    return (q, false)
  }

  /// The exact value as a terminating decimal, if it has one (the denominator is 2ᵃ·5ᵇ).
  public var terminatingDecimal: DecimalDigits? {
    var d = denominator
    // 2³¹ and 5¹³ (one limb each) at a time, then one factor at a time: a division per factor
    // made the denominator of 1e-4000 take 8,000 divisions (fuzz: convert, whole column of
    // `1e-4000` with --exact, over ten seconds).
    func strip(_ factor: Int, _ chunk: Int, _ perChunk: Int) -> Int {
      var count = 0
      for (divisor, step) in [(BigInteger(chunk), perChunk), (BigInteger(factor), 1)] {
        while true {
          let (q, r) = d.quotientAndRemainder(dividingBy: divisor)
          if !r.isZero { break }
          d = q
          count += step
        }
      }
      return count
    }
    let twos = strip(2, 1 << 31, 31)
    let fives = strip(5, 1_220_703_125, 13)
    guard d == .one else { return nil }
    let places = max(twos, fives)
    return rounded(fractionDigits: places)
  }
}

extension BigInteger {
  /// Whether the lowest bit is set.
  var isOdd: Bool { (limbs.first ?? 0) & 1 == 1 }
}
