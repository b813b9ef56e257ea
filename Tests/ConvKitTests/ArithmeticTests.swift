import Testing

@testable import ConvKit

@Suite("Exact arithmetic")
struct ArithmeticTests {
  struct ProductCase: Sendable, CustomTestStringConvertible {
    let a: String, b: String, product: String
    var testDescription: String { "\(a) × \(b)" }
  }

  @Test("Powers of ten and the prefixes' factors are the plain products")
  func powersAndPrefixFactors() {
    for exponent in 0..<80 {
      #expect(BigInteger.tenToThe(exponent) == BigInteger(10).power(exponent), "10^\(exponent)")
    }
    /// The power of `base` that `factor` is, by repeated division; nil when it is none.
    func exponent(of factor: Rational, base: Int) -> Int? {
      let step = Rational(BigInteger(base))
      var (value, sign) = factor < .one ? (.one / factor, -1) : (factor, 1)
      var count = 0
      while value > .one, count <= 200 {
        value = value / step
        count += 1
      }
      return value == .one ? sign * count : nil
    }
    #expect(
      Prefix.si.map { exponent(of: $0.factor, base: 10) }
        == [30, 27, 24, 21, 18, 15, 12, 9, 6, 3, 2, 1, -1, -2, -3, -6, -9, -12, -15, -18, -21, -24, -27, -30])
    #expect(Prefix.iec.map { exponent(of: $0.factor, base: 2) } == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
  }

  @Test(
    "Big integer products",
    arguments: [
      ProductCase(a: "0", b: "12345", product: "0"),
      ProductCase(a: "4294967296", b: "4294967296", product: "18446744073709551616"),
      ProductCase(
        a: "123456789012345678901234567890", b: "987654321098765432109876543210",
        product: "121932631137021795226185032733622923332237463801111263526900"),
    ])
  func products(_ c: ProductCase) {
    let product = BigInteger(decimalDigits: c.a)! * BigInteger(decimalDigits: c.b)!
    #expect(product.description == c.product)
  }

  @Test("Long division round-trips: q·d + r = n with 0 ≤ r < d")
  func division() {
    var generator = SplitMix(seed: 7)
    for _ in 0..<300 {
      let n = generator.bigInteger(limbs: Int.random(in: 1...8, using: &generator))
      let d = generator.bigInteger(limbs: Int.random(in: 1...5, using: &generator))
      guard !d.isZero else { continue }
      let (q, r) = n.quotientAndRemainder(dividingBy: d)
      #expect(q * d + r == n)
      #expect(r < d)
      #expect(!r.isNegative)
    }
  }

  struct DecimalCase: Sendable {
    let literal: String, fraction: String
  }

  @Test(
    "Decimal literals read exactly",
    arguments: [
      DecimalCase(literal: "0.0254", fraction: "127/5000"),
      DecimalCase(literal: "1.5e3", fraction: "1500"),
      DecimalCase(literal: ".5", fraction: "1/2"),
      DecimalCase(literal: "6.02214076E23", fraction: "602214076000000000000000"),
      DecimalCase(literal: "1e-9", fraction: "1/1000000000"),
      DecimalCase(literal: "1_000", fraction: "1000"),
    ])
  func decimalLiterals(_ c: DecimalCase) {
    #expect(Rational(decimalLiteral: c.literal)?.description == c.fraction)
  }

  @Test("Malformed literals are refused", arguments: ["", "e5", "1e", "1.2.3", "1e+", "-1", "1e99999999999"])
  func malformedLiterals(_ text: String) {
    #expect(Rational(decimalLiteral: text) == nil)
  }

  @Test(
    "Nearest double is correctly rounded",
    arguments: [
      ("3048/100000", 0.03048), ("1/3", 1.0 / 3.0), ("250/9", 27.77777777777778), ("1609344/1000", 1609.344),
      ("-7/2", -3.5),
    ])
  func doubles(_ text: String, _ expected: Double) {
    let parts = text.split(separator: "/")
    let value = Rational(BigInteger(Int(parts[0])!), BigInteger(Int(parts[1])!))
    #expect(value.doubleValue == expected)
  }

  @Test("Large fractions convert to the nearest double")
  func largeDoubles() {
    // 10^30 / 3 needs the long path; compare with the shortest decimal that reads back.
    let value = Rational(BigInteger.tenToThe(30), BigInteger(3))
    #expect(value.doubleValue == 333333333333333333333333333333.0 + 0)
    let tiny = Rational(BigInteger.one, BigInteger.tenToThe(40))
    #expect(tiny.doubleValue == 1e-40)
    let huge = Rational(BigInteger.tenToThe(400), .one)
    #expect(huge.doubleValue == .infinity)
  }

  struct RoundingCase: Sendable {
    let literal: String, digits: Int, plain: String, exact: Bool
  }

  @Test(
    "Rounding to significant digits, once",
    arguments: [
      RoundingCase(literal: "3.28083989501312335958", digits: 8, plain: "3.2808399", exact: false),
      RoundingCase(literal: "9.99999999", digits: 3, plain: "10", exact: false),
      RoundingCase(literal: "0.03048", digits: 15, plain: "0.03048", exact: true),
      RoundingCase(literal: "8000000000000000", digits: 6, plain: "8000000000000000", exact: true),
      RoundingCase(literal: "0.000125", digits: 2, plain: "0.00012", exact: false),
      RoundingCase(literal: "0.000135", digits: 2, plain: "0.00014", exact: false),
      RoundingCase(literal: "0", digits: 5, plain: "0", exact: true),
    ])
  func rounding(_ c: RoundingCase) {
    let value = Rational(decimalLiteral: c.literal)!
    let rounded = value.rounded(significantDigits: c.digits)
    #expect(rounded.plainString == c.plain)
    #expect(rounded.isExact == c.exact)
  }

  @Test("Rounding in machine words agrees with big-integer rounding")
  func machineWordRounding() throws {
    var generator = SplitMix(seed: 0x5EED_0128)
    var checked = 0
    // Random fractions of every size up to 64 bits, ties (x.5 at the last digit) and carries (9.999…).
    var values: [Rational] = [
      Rational(BigInteger(5), BigInteger(2)), Rational(BigInteger(15), BigInteger(2)),
      Rational(BigInteger(99_999_999_5), BigInteger(100)), Rational(BigInteger(1), BigInteger(3)),
    ]
    for _ in 0..<4_000 {
      let n = UInt64.random(in: 1...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
      let d = UInt64.random(in: 1...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)
      values.append(Rational(BigInteger(max(n, 1)), BigInteger(max(d, 1))))
    }
    for value in values {
      for digits in [1, 3, 8, 15, 17, 19, 30] {
        for signed in [value, -value] {
          guard let fast = signed.roundedInMachineWords(significantDigits: digits) else { continue }
          #expect(fast == signed.roundedInBigIntegers(significantDigits: digits), "\(signed) to \(digits) digits")
          checked += 1
        }
      }
    }
    // The fast path must take most of these, or it tests nothing.
    #expect(checked > 40_000)
    // Full 128-bit numerators and denominators, as the batch converter passes them.
    func big(_ value: UInt128) -> BigInteger {
      BigInteger(UInt64(value >> 64)).shiftedLeft(by: 64) + BigInteger(UInt64(truncatingIfNeeded: value))
    }
    var wide = 0
    for _ in 0..<3_000 {
      let n = UInt128(generator.next()) << 64 | UInt128(generator.next())
      let d = UInt128(generator.next()) << 64 | UInt128(generator.next())
      let numerator = n >> UInt128(generator.next() % 128)
      let denominator = max(d >> UInt128(generator.next() % 128), 1)
      let exact = Rational(big(numerator), big(denominator))
      for digits in [1, 8, 17] {
        guard
          let fast = DecimalDigits.rounding(numerator, over: denominator, isNegative: false, significantDigits: digits)
        else { continue }
        #expect(
          fast
            == (exact.isZero
              ? DecimalDigits(isNegative: false, digits: "0", exponent: 0, isExact: true)
              : exact.roundedInBigIntegers(significantDigits: digits)),
          "\(numerator)/\(denominator)")
        wide += 1
      }
    }
    #expect(wide > 5_000)
    #expect(DecimalDigits.rounding(1, over: 0, isNegative: false, significantDigits: 8) == nil)
  }

  @Test("Terminating decimals are found exactly; others are not")
  func terminating() {
    #expect(Rational(BigInteger(1), BigInteger(8)).terminatingDecimal?.plainString == "0.125")
    #expect(Rational(BigInteger(1), BigInteger(3)).terminatingDecimal == nil)
  }
}

/// A small deterministic generator so property tests are repeatable.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func bigInteger(limbs: Int) -> BigInteger {
    var value = BigInteger.zero
    for _ in 0..<limbs {
      value = value.shiftedLeft(by: 32) + BigInteger(UInt64(UInt32.random(in: 0...UInt32.max, using: &self)))
    }
    return value
  }
}
