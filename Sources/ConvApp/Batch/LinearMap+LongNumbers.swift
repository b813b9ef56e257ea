import ConvKit

/// A decimal of up to ``maximumDigits`` digits with an optional exponent, as the lexer reads it
/// where the point is the decimal mark: `6548.2e300`, `-1.5E-7`, a 300-digit integer.
struct LongDecimal {
  var isNegative: Bool
  /// Every digit, the point removed.
  var mantissa: BigInteger
  /// The value is `mantissa × 10^exponent`.
  var exponent: Int

  /// Most digits above or below the fraction line: 10³⁴⁰ < 2¹¹³⁰, within the numbers a
  /// ``ReadingTemplate`` admits (``ReadingTemplate/largestNumberBits``).
  static let maximumDigits = 340

  /// Reads the bytes of a number (`LeadingNumber`): a sign, digits with at most one point, and an
  /// exponent of one to three digits with an optional sign; nil for anything else or a number
  /// beyond ``maximumDigits``.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    isNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if isNegative { index += 1 }
    let start = index
    var point: Int? = nil
    while index < bytes.count, bytes[index] != UInt8(ascii: "e") && bytes[index] != UInt8(ascii: "E") {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") && point == nil {
        point = index
      } else if !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
        return nil
      }
      index += 1
    }
    let digitsEnd = index
    let digitCount = digitsEnd - start - (point == nil ? 0 : 1)
    guard digitCount > 0, digitCount <= LongDecimal.maximumDigits else { return nil }
    var written = 0
    if index < bytes.count {
      // `e` or `E`, an optional sign, one to three digits, and the end of the number.
      index += 1
      var negative = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        negative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      let exponentStart = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
        written = written * 10 + Int(bytes[index] - 48)
        index += 1
      }
      guard index == bytes.count, index > exponentStart, index - exponentStart <= 3 else { return nil }
      if negative { written = -written }
    }
    exponent = written - (point.map { digitsEnd - $0 - 1 } ?? 0)
    // Far below the template's bound above and below the fraction line.
    guard (exponent >= 0 ? digitCount + exponent : max(digitCount, -exponent)) <= LongDecimal.maximumDigits else {
      return nil
    }
    mantissa = BigInteger(digitsIn: UnsafeBufferPointer(rebasing: bytes[start..<digitsEnd]))
  }
}

extension LongDecimal {
  /// The exact value.
  var rational: Rational {
    let signed = isNegative ? -mantissa : mantissa
    return exponent >= 0 ? Rational(signed * BigInteger.tenToThe(exponent))
      : Rational(signed, BigInteger.tenToThe(-exponent))
  }
}

/// Powers of ten up to ``LongDecimal/maximumDigits``, made once each.
struct PowersOfTen {
  private var powers: [BigInteger?] = Array(repeating: nil, count: LongDecimal.maximumDigits + 1)

  mutating func callAsFunction(_ exponent: Int) -> BigInteger {
    if let power = powers[exponent] { return power }
    let power = BigInteger.tenToThe(exponent)
    powers[exponent] = power
    return power
  }
}

extension LinearMap {
  /// The `Double` nearest to the exact value for a long decimal (what `Rational.doubleValue`
  /// gives for the exact result), from one unreduced fraction of big integers; nil when the
  /// result is not a normal or subnormal double (the exact path writes it) or the exact path would
  /// refuse `x`.
  func value(_ x: LongDecimal, tens: inout PowersOfTen) -> Double? {
    if nonNegativeOnly && x.isNegative && !x.mantissa.isZero { return nil }
    let signed = x.isNegative ? -x.mantissa : x.mantissa
    let xn = x.exponent > 0 ? signed * tens(x.exponent) : signed
    let xd = x.exponent < 0 ? tens(-x.exponent) : BigInteger.one
    let numerator: BigInteger
    let denominator: BigInteger
    switch kind {
    case .affine:
      if exactB.isZero {
        numerator = exactA.numerator * xn
        denominator = exactA.denominator * xd
      } else {
        // a·x + b = (an·xn·bd + bn·ad·xd) / (ad·xd·bd)
        numerator = exactA.numerator * xn * exactB.denominator + exactB.numerator * exactA.denominator * xd
        denominator = exactA.denominator * xd * exactB.denominator
      }
    case .reciprocal:
      // a / x = an·xd / (ad·xn), with the sign of x.
      guard !xn.isZero else { return nil }
      numerator = exactA.numerator * (x.isNegative ? -xd : xd)
      denominator = exactA.denominator * xn.magnitude
    }
    if numerator.isZero { return 0 }
    let value = Rational.nearestDouble(numerator, over: denominator)
    return value.isFinite && value != 0 ? value : nil
  }
}
