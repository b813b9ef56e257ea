import Testing

@testable import ConvKit

/// Short decimal literals are read in machine integers: the same fractions as the big-integer
/// reading, at the edges of that path (18 digits, powers of ten up to 10^19, overflow) and on
/// random literals.
@Suite("Decimal literals")
struct DecimalLiteralTests {
  /// The big-integer reading of digits × 10^scale, reduced by `Rational.init`.
  static func reference(_ digits: String, scale: Int) -> Rational {
    let mantissa = BigInteger(decimalDigits: digits)!
    return scale >= 0
      ? Rational(mantissa * BigInteger.tenToThe(scale), .one)
      : Rational(mantissa, BigInteger.tenToThe(-scale))
  }

  static let literals: [(text: String, digits: String, scale: Int)] = [
    ("61.82", "6182", -2), ("0", "0", 0), ("0.000", "0000", -3), ("5.", "5", 0), (".5", "5", -1),
    ("1e19", "1", 19), ("1e20", "1", 20), ("9e18", "9", 18), ("18446744073709551615", "18446744073709551615", 0),
    ("999999999999999999", "999999999999999999", 0), ("999999999999999999e1", "999999999999999999", 1),
    ("999999999999999999e2", "999999999999999999", 2), ("1.000000000000000000", "1000000000000000000", -18),
    ("0.000000000000000001", "0000000000000000001", -18), ("1e-19", "1", -19), ("1e-20", "1", -20),
    ("12_500.25", "1250025", -2), ("6.02214076E23", "602214076", 15), ("2.5e-3", "25", -4), ("100", "100", 0),
  ]

  @Test("Edge literals read as the big-integer path reads them", arguments: literals.indices)
  func edges(_ index: Int) throws {
    let (text, digits, scale) = Self.literals[index]
    let read = try #require(Rational(decimalLiteral: text))
    #expect(read == Self.reference(digits, scale: scale), "\(text)")
    #expect(read.numerator == Self.reference(digits, scale: scale).numerator)
    #expect(read.denominator == Self.reference(digits, scale: scale).denominator)
  }

  @Test("Random literals read as the big-integer path reads them")
  func random() throws {
    var generator = SplitMix(seed: 61_82)
    for _ in 0..<5_000 {
      let integerDigits = Int(generator.next() % 12)
      let fractionDigits = Int(generator.next() % 12)
      let digits = (0..<(integerDigits + fractionDigits + 1)).map { _ in String(generator.next() % 10) }.joined()
      let exponent = Int(generator.next() % 41) - 20
      let pointAt = digits.index(digits.startIndex, offsetBy: integerDigits + 1)
      let text = digits[..<pointAt] + "." + digits[pointAt...] + "e\(exponent)"
      let read = try #require(Rational(decimalLiteral: text))
      let reference = Self.reference(digits, scale: exponent - fractionDigits)
      #expect(read.numerator == reference.numerator && read.denominator == reference.denominator, "\(text)")
    }
  }
}
