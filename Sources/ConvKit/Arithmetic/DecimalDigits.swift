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
  public var scientificExponent: Int { isZero ? 0 : exponent + digits.count - 1 }

  /// Plain positional notation with `.` as decimal point and no grouping: `-0.03048`, `8000`.
  public var plainString: String {
    let sign = isNegative ? "-" : ""
    if exponent >= 0 {
      return sign + digits + String(repeating: "0", count: isZero ? 0 : exponent)
    }
    let fractionLength = -exponent
    if digits.count > fractionLength {
      let split = digits.index(digits.endIndex, offsetBy: -fractionLength)
      return sign + digits[..<split] + "." + digits[split...]
    }
    return sign + "0." + String(repeating: "0", count: fractionLength - digits.count) + digits
  }
}
