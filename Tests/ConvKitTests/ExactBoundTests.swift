import Testing

@testable import ConvKit

/// The bound on exact values (issue 20, finding 6) and the arithmetic that keeps values within it
/// prompt.
@Suite("Exact bound")
struct ExactBoundTests {
  let catalog = Catalog.builtin

  /// Textbook Euclid, one long division per step: the reference for Lehmer's gcd.
  static func euclid(_ a: BigInteger, _ b: BigInteger) -> BigInteger {
    var (x, y) = (a.magnitude, b.magnitude)
    while !y.isZero { (x, y) = (y, x.quotientAndRemainder(dividingBy: y).remainder) }
    return x
  }

  @Test("Lehmer's gcd agrees with Euclid's, shared factors and lopsided sizes included")
  func gcdAgreesWithEuclid() {
    var generator = SplitMix(seed: 20)
    for _ in 0..<300 {
      let common = generator.bigInteger(limbs: Int.random(in: 0...6, using: &generator))
      let a = generator.bigInteger(limbs: Int.random(in: 1...40, using: &generator)) * (common.isZero ? .one : common)
      let b = generator.bigInteger(limbs: Int.random(in: 1...40, using: &generator)) * (common.isZero ? .one : common)
      #expect(BigInteger.gcd(a, b) == Self.euclid(a, b))
      #expect(BigInteger.gcd(-a, b) == Self.euclid(a, b))
    }
    let three = BigInteger(3).power(5000)
    let seven = BigInteger(7).power(3000)
    #expect(BigInteger.gcd(three, seven) == .one)
    #expect(BigInteger.gcd(three * seven, seven * BigInteger(11)) == seven)
    #expect(BigInteger.gcd(three, three) == three)
    #expect(BigInteger.gcd(three, .zero) == three)
    #expect(BigInteger.gcd(.zero, .zero) == .zero)
    // Consecutive Fibonacci numbers: every quotient is 1, the longest run Euclid has.
    var (f, g) = (BigInteger.one, BigInteger.one)
    for _ in 0..<3000 { (f, g) = (g, f + g) }
    #expect(BigInteger.gcd(f, g) == .one)
    #expect(BigInteger.gcd(f * three, g * three) == three)
  }

  @Test(
    "Values beyond the bound are refused with one message", .timeLimit(.minutes(1)),
    arguments: [
      "(1/3)^24^24^17 m", "3^24^24^17 m", "(2^24)^24^24 * 2^24^24^2 m", "((1/3)^24^24)^10 * (1/3)^24^24^7 m",
      "1" + String(repeating: "0", count: 4000) + "e4000 m", "1e4000 m * 1e4000 m", "1e-4000 m / 1e4000",
      "(1/3)^24^24^17",
    ])
  func beyondTheBound(_ text: String) {
    #expect(throws: ConvError.self) { try catalog.parseQuantity(text) }
    do {
      _ = try catalog.parseQuantity(text)
    } catch {
      guard case .exactValueTooLarge = error else {
        Issue.record("\(text): \(error)")
        return
      }
      #expect(error.message.contains("4500 digits"))
      #expect(!error.message.contains("\n"))
    }
  }

  @Test(
    "Everything a person writes stays within the bound",
    arguments: [
      ("1e4000 m", "km"), ("1e-4000 m", "mm"), ("1e4000 ly", "pc"), ("1e-4000 mi^3", "L"),
      (String(repeating: "9", count: 300) + "e4000 m", "ft"),
      ("1." + String(repeating: "3", count: 300) + "e-4000 m", "in"),
      ("(1/3)^24^24^16 m", "ft"), ("(2/3)^24^24^8 m", "ft"), ("1e4000 m * 1e-4000", "ft"),
    ])
  func withinTheBound(_ quantity: String, _ target: String) throws {
    let result = try catalog.convert(quantity, to: target)
    #expect(!result.value.isZero)
  }

  @Test(
    "The bound is exact: 14,948 bits pass, 14,949 do not; a power is refused before it is computed",
    .timeLimit(.minutes(1)))
  func boundIsExact() throws {
    // 2^14947 has 14,948 bits (the bound), 2^14948 one more.
    let atBound = try catalog.parseQuantity("2^24^24^24 * 2^24^24 * 2^24^22 * 2^19 m")
    #expect(atBound.term.value.rational.numerator.bitWidth == ExactBound.maximumBits)
    #expect(throws: ConvError.self) { try catalog.parseQuantity("2^24^24^24 * 2^24^24 * 2^24^22 * 2^20 m") }
    #expect(throws: ConvError.self) { try catalog.parseQuantity("(1/2)^24^24^24 / 2^24^24 / 2^24^22 / 2^20 m") }
    // ((2^24)^24)^24)^24 would have 331,777 bits: refused from the sizes alone, at once.
    #expect(throws: ConvError.self) { try catalog.parseQuantity("2^24^24^24^24 m") }
  }
}
