/// A decimal number as a string of significant digits and a power of ten, ready for formatting.
///
/// The value is `±digits × 10^exponent`, where `digits` is read as an integer. Trailing zeros are
/// removed from `digits` (they move into `exponent`), so `0.03048` is `"3048" × 10⁻⁵` and
/// `8 × 10¹⁵` is `"8" × 10¹⁵`. Zero is `"0" × 10⁰`.
public struct DecimalDigits: Sendable, Hashable {
  /// Whether the number is below zero. Never set for zero.
  public var isNegative: Bool
  /// The significant digits as ASCII characters `0`–`9`, most significant first, without leading or
  /// trailing zeros (except the single digit `"0"` for zero).
  public var digits: String
  /// The power of ten that `digits`, read as an integer, is multiplied by.
  public var exponent: Int
  /// Whether this is the exact value, rather than a rounding of it.
  public var isExact: Bool

  /// Creates a decimal number, normalizing leading and trailing zeros.
  public init(isNegative: Bool, digits: String, exponent: Int, isExact: Bool) {
    // On the UTF-8 bytes: the digits are ASCII, and Character-wise trimming costs more than the
    // rest of rounding a number.
    let bytes = digits.utf8
    var start = bytes.startIndex
    while start != bytes.endIndex && bytes[start] == UInt8(ascii: "0") { start = bytes.index(after: start) }
    var end = bytes.endIndex
    var exponent = exponent
    while end != start && bytes[bytes.index(before: end)] == UInt8(ascii: "0") {
      end = bytes.index(before: end)
      exponent += 1
    }
    let body = Substring(digits.utf8[start..<end])
    if body.isEmpty {
      self.isNegative = false
      self.digits = "0"
      self.exponent = 0
    } else {
      self.isNegative = isNegative
      self.digits = String(body)
      self.exponent = exponent
    }
    self.isExact = isExact
  }

  /// Whether the number is zero.
  public var isZero: Bool { digits == "0" }

  /// The power of ten of the leading digit: 2 for 345, −3 for 0.00125, 0 for zero.
  public var scientificExponent: Int { isZero ? 0 : exponent + digits.utf8.count - 1 }

  /// Plain positional notation with `.` as decimal point and no grouping: `-0.03048`, `8000`.
  public var plainString: String {
    // Built as bytes: the digits are ASCII, and String concatenation costs more than the rest of
    // formatting a number.
    let source = digits.utf8
    let count = source.count
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + max(exponent, -exponent) + 3)
    if isNegative { bytes.append(UInt8(ascii: "-")) }
    if exponent >= 0 {
      bytes.append(contentsOf: source)
      if !isZero { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: exponent)) }
    } else if count > -exponent {
      bytes.append(contentsOf: source.prefix(count + exponent))
      bytes.append(UInt8(ascii: "."))
      bytes.append(contentsOf: source.suffix(-exponent))
    } else {
      bytes.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: ".")])
      bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -exponent - count))
      bytes.append(contentsOf: source)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension DecimalDigits {
  /// `±numerator/denominator` rounded to `significantDigits` (ties to even) in 128-bit integers,
  /// as `Rational.rounded(significantDigits:)` rounds it; nil when an intermediate would not fit
  /// (a scaling beyond 10³⁸, or a product beyond 2¹²⁸), or the denominator is zero.
  public static func rounding(
    _ numerator: UInt128, over denominator: UInt128, isNegative: Bool,
    significantDigits: Int
  ) -> DecimalDigits? {
    guard denominator != 0, significantDigits >= 1, significantDigits <= 38 else { return nil }
    if numerator == 0 { return DecimalDigits(isNegative: false, digits: "0", exponent: 0, isExact: true) }
    // 10^leading ≤ numerator/denominator < 10^(leading+1).
    var leading = 0
    if numerator >= denominator {
      var power = denominator
      while true {
        let (next, overflow) = power.multipliedReportingOverflow(by: 10)
        if overflow || next > numerator { break }
        power = next
        leading += 1
      }
    } else {
      var power = numerator
      while power < denominator {
        leading -= 1
        let (next, overflow) = power.multipliedReportingOverflow(by: 10)
        if overflow { break }  // then power · 10 ≥ 2¹²⁸ > denominator
        power = next
      }
    }
    var exponent = leading - (significantDigits - 1)
    let scale = -exponent
    guard scale.magnitude < powersOfTen128.count else { return nil }
    let power = powersOfTen128[Int(scale.magnitude)]
    let (scaled, overflow) =
      scale >= 0 ? numerator.multipliedReportingOverflow(by: power) : denominator.multipliedReportingOverflow(by: power)
    guard !overflow else { return nil }
    let divisor = scale >= 0 ? denominator : scaled
    let (quotient, remainder) = (scale >= 0 ? scaled : numerator).quotientAndRemainder(dividingBy: divisor)
    var digits = quotient
    // Ties to even; `remainder > divisor - remainder` is `2·remainder > divisor` without overflow.
    let half = divisor - remainder
    if remainder > half || (remainder == half && digits & 1 == 1) { digits += 1 }
    if digits == powersOfTen128[significantDigits] {
      digits = powersOfTen128[significantDigits - 1]
      exponent += 1
    }
    // The normal form from the integer: trailing zeros go into the exponent (digits > 0 here).
    if digits <= UInt128(UInt64.max) {
      var small = UInt64(digits)
      while small % 10 == 0 {
        small /= 10
        exponent += 1
      }
      return DecimalDigits(
        isNegative: isNegative, normalizedDigits: String(small), exponent: exponent, isExact: remainder == 0)
    }
    return DecimalDigits(isNegative: isNegative, digits: String(digits), exponent: exponent, isExact: remainder == 0)
  }

  /// A number whose digits are already without leading and trailing zeros, and not zero.
  private init(isNegative: Bool, normalizedDigits: String, exponent: Int, isExact: Bool) {
    self.isNegative = isNegative
    digits = normalizedDigits
    self.exponent = exponent
    self.isExact = isExact
  }

  /// 10⁰ … 10³⁸, the powers of ten below 2¹²⁸.
  static let powersOfTen128: [UInt128] = {
    var powers: [UInt128] = [1]
    for _ in 1...38 { powers.append(powers[powers.count - 1] * 10) }
    return powers
  }()
}

extension DecimalDigits {
  /// The number as an exact fraction: `digits × 10^exponent`, with its sign.
  public var rational: Rational {
    let magnitude = Rational(BigInteger(decimalDigits: digits) ?? .zero) * Rational.powerOfTen(exponent)
    return isNegative ? -magnitude : magnitude
  }
}
