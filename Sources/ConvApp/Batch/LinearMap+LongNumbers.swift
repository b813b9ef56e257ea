import ConvKit

/// A decimal of up to ``maximumDigits`` digits with an optional exponent, as the lexer reads it
/// where the point is the decimal mark: `6548.2e300`, `-1.5E-7`, a 300-digit integer. Only its
/// first 19 significant digits are kept, with whether the others are all zeros: the value lies in
/// `[head, head + 1) × 10^exponent`, and is `head × 10^exponent` when ``isExact``.
struct LongDecimal {
  var isNegative: Bool
  /// The first 19 significant digits (all of them when there are fewer).
  var head: UInt64
  /// The value is `head × 10^exponent`, plus the digits after the head.
  var exponent: Int
  /// Whether every digit after the head is zero.
  var isExact: Bool

  /// Most digits above or below the fraction line: 10³⁴⁰ < 2¹¹³⁰, within the numbers a
  /// ``ReadingTemplate`` admits (``ReadingTemplate/largestNumberBits``).
  static let maximumDigits = 340
  /// Digits of the head.
  static let headDigits = 19

  /// Reads the bytes of a number (`LeadingNumber`): a sign, digits with at most one point, and an
  /// exponent of one to three digits with an optional sign; nil for anything else or a number
  /// beyond ``maximumDigits``.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    isNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if isNegative { index += 1 }
    let start = index
    var point: Int? = nil
    var head: UInt64 = 0
    var significant = 0
    var dropped = 0
    var isExact = true
    while index < bytes.count, bytes[index] != UInt8(ascii: "e") && bytes[index] != UInt8(ascii: "E") {
      let byte = bytes[index]
      if significant == LongDecimal.headDigits, byte &- 0x30 < 10, let base = bytes.baseAddress {
        // After the head, a run of digits at once: how many, and whether any is not zero.
        let runEnd = ByteScan.endOfDigits(in: base, from: index, to: bytes.count)
        dropped += runEnd - index
        if isExact && !ByteScan.allZeroDigits(in: base, from: index, to: runEnd) { isExact = false }
        index = runEnd
        continue
      }
      if byte == UInt8(ascii: ".") && point == nil {
        point = index
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        if significant < LongDecimal.headDigits {
          if significant > 0 || byte != UInt8(ascii: "0") {
            head = head * 10 + UInt64(byte - 48)
            significant += 1
          }
        } else {
          dropped += 1
          if byte != UInt8(ascii: "0") { isExact = false }
        }
      } else {
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
        // (Only the first three digits count: a longer exponent is refused below, and read whole
        // it would overflow.)
        if index - exponentStart < 3 { written = written * 10 + Int(bytes[index] - 48) }
        index += 1
      }
      guard index == bytes.count, index > exponentStart, index - exponentStart <= 3 else { return nil }
      if negative { written = -written }
    }
    let exponent = written - (point.map { digitsEnd - $0 - 1 } ?? 0)
    // Far below the template's bound above and below the fraction line.
    guard (exponent >= 0 ? digitCount + exponent : max(digitCount, -exponent)) <= LongDecimal.maximumDigits else {
      return nil
    }
    self.head = head
    self.exponent = exponent + dropped
    self.isExact = isExact
  }

  /// Whether the number read can be `value` (the lexer's reading): its value when exact, else
  /// within its bounds.
  func admits(_ value: Rational) -> Bool {
    let low = LongDecimal.rational(isNegative: isNegative, head: head, exponent: exponent)
    if isExact { return value == low }
    let high = LongDecimal.rational(isNegative: isNegative, head: head + 1, exponent: exponent)
    return isNegative ? (high < value && value <= low) : (low <= value && value < high)
  }

  static func rational(isNegative: Bool, head: UInt64, exponent: Int) -> Rational {
    let signed = isNegative ? -BigInteger(head) : BigInteger(head)
    return exponent >= 0
      ? Rational(signed * BigInteger.tenToThe(exponent)) : Rational(signed, BigInteger.tenToThe(-exponent))
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

  /// The last product `numerator × 10^exponent` asked for: long numbers of one length, converted
  /// by one map, ask for the same one line after line.
  private var lastProduct: (numerator: BigInteger, exponent: Int, product: BigInteger)? = nil

  /// `numerator × 10^exponent`, the last one kept.
  mutating func product(_ numerator: BigInteger, timesTenToThe exponent: Int) -> BigInteger {
    if let last = lastProduct, last.exponent == exponent, last.numerator == numerator { return last.product }
    let product = numerator * self(exponent)
    lastProduct = (numerator, exponent, product)
    return product
  }
}

extension LinearMap {
  /// The `Double` nearest to the exact value for a long decimal (what `Rational.doubleValue`
  /// gives for the exact result); nil when the result is not a finite nonzero double (the exact
  /// path writes it), the exact path would refuse `x`, or the digits after the head decide it.
  /// With digits after the head, the value lies between the results for `head` and `head + 1`
  /// (the map is monotonic between them): when both round to the same `Double`, so does it.
  func value(_ x: LongDecimal, tens: inout PowersOfTen) -> Double? {
    if kind == .affine, exactB.isZero, x.exponent >= 0 { return linearValue(x, tens: &tens) }
    guard let low = value(head: x.head, exponent: x.exponent, isNegative: x.isNegative, tens: &tens) else { return nil }
    if x.isExact { return low }
    guard let high = value(head: x.head + 1, exponent: x.exponent, isNegative: x.isNegative, tens: &tens),
      high == low
    else { return nil }
    return low
  }

  /// `a·x` for a long number with a non-negative exponent: both bounds share `an·10^exponent`, so
  /// that the head's bounds cost one long product and a sum (a long number times a unit's factor).
  private func linearValue(_ x: LongDecimal, tens: inout PowersOfTen) -> Double? {
    if nonNegativeOnly && x.isNegative && x.head != 0 { return nil }
    let scaled = tens.product(exactA.numerator, timesTenToThe: x.exponent)
    let low = scaled * BigInteger(x.head)
    if low.isZero { return 0 }
    func rounded(_ magnitude: BigInteger) -> Double? {
      let value = Rational.nearestDouble(x.isNegative ? -magnitude : magnitude, over: exactA.denominator)
      return value.isFinite && value != 0 ? value : nil
    }
    guard let value = rounded(low) else { return nil }
    if x.isExact { return value }
    guard let high = rounded(low + scaled), high == value else { return nil }
    return value
  }

  /// The value for `±head × 10^exponent`, from one unreduced fraction of big integers.
  private func value(head: UInt64, exponent: Int, isNegative: Bool, tens: inout PowersOfTen) -> Double? {
    if nonNegativeOnly && isNegative && head != 0 { return nil }
    let signed = isNegative ? -BigInteger(head) : BigInteger(head)
    let xn = exponent > 0 ? signed * tens(exponent) : signed
    let xd = exponent < 0 ? tens(-exponent) : BigInteger.one
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
      numerator = exactA.numerator * (isNegative ? -xd : xd)
      denominator = exactA.denominator * xn.magnitude
    }
    if numerator.isZero { return 0 }
    let value = Rational.nearestDouble(numerator, over: denominator)
    return value.isFinite && value != 0 ? value : nil
  }
}
