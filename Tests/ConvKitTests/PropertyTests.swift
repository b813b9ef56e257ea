import PropertyBased
import Testing

@testable import ConvKit

/// Algebraic laws of conversion and of exact arithmetic over the built-in catalog, on generated
/// units and values; a failing case is shrunk to its smallest (swift-property-based) and reported
/// with the seed that reproduces it.
///
/// Arithmetic is exact (fractions, with π kept symbolic), so the laws hold with zero tolerance:
/// the stated tolerance of these tests is exact equality.
@Suite("Conversion laws")
struct PropertyTests {
  static let catalog = Catalog.builtin

  /// The categories with at least three units these laws hold for exactly: every unit but the
  /// nonlinear scales (dBm, AWG), which convert in floating point (`NonlinearScaleTests` checks
  /// their round trips to 10⁻¹²).
  static let categories: [[CatalogUnit]] = catalog.categories
    .map { catalog.units(in: $0).filter { $0.scale == nil } }
    .filter { $0.count >= 3 }

  /// Three units of one category (a category, then three positions in it: each shrinks towards
  /// the category's first unit).
  static let units = zip(
    Gen.int(in: 0...(categories.count - 1)), Gen.int(in: 0...9_999), Gen.int(in: 0...9_999),
    Gen.int(in: 0...9_999)
  )
  .map { category, a, b, c in
    let units = PropertyTests.categories[category]
    return Units(a: units[a % units.count], b: units[b % units.count], c: units[c % units.count])
  }

  /// A decimal value `n / 10^k` (negative, zero and positive; shrinks towards 0).
  static let values = zip(Gen.int(in: -1_000_000...1_000_000), Gen.int(in: 0...8))
    .map { numerator, scale in Rational(BigInteger(numerator), BigInteger.tenToThe(scale)) }

  /// A fraction with a small nonzero denominator (shrinks towards 0 and 1).
  static let fractions = zip(Gen.int(in: -10_000...10_000), Gen.int(in: 1...999))
    .map { numerator, denominator in Rational(BigInteger(numerator), BigInteger(denominator)) }

  struct Units: CustomStringConvertible {
    let a: CatalogUnit
    let b: CatalogUnit
    let c: CatalogUnit
    var description: String { "\(a.name), \(b.name), \(c.name)" }
  }

  static func conversion(_ from: CatalogUnit, _ to: CatalogUnit) throws -> Conversion {
    try Conversion(
      from: UnitExpression(unit: PrefixedUnit(unit: from)), to: UnitExpression(unit: PrefixedUnit(unit: to)),
      catalog: catalog)
  }

  @Test("Round trip: a → b → a returns the input exactly")
  func roundTrip() async {
    await propertyCheck(count: 1000, input: Self.units, Self.values) { units, value in
      let there = try Self.conversion(units.a, units.b).convert(value)
      // Convert the exact intermediate back (π kept symbolic through both legs).
      let back = try Self.conversion(units.b, units.a).convertExactly(there)
      #expect(back == Magnitude(value))
    }
  }

  @Test("Transitivity: a → b → c equals a → c exactly")
  func transitivity() async {
    await propertyCheck(count: 1000, input: Self.units, Self.values) { units, value in
      let viaB = try Self.conversion(units.b, units.c).convertExactly(
        try Self.conversion(units.a, units.b).convert(value))
      let direct = try Self.conversion(units.a, units.c).convert(value)
      #expect(viaB == direct)
    }
  }

  @Test("Identity: a → a returns the input exactly")
  func identity() async {
    await propertyCheck(count: 300, input: Self.units, Self.values) { units, value in
      let same = try Self.conversion(units.a, units.a).convert(value)
      #expect(same == Magnitude(value))
    }
  }

  @Test("Linearity: a linear conversion of x + y is the sum of the conversions, of k·x k times the conversion")
  func linearity() async {
    await propertyCheck(count: 500, input: Self.units, Self.values, Self.values, Self.fractions) { units, x, y, k in
      let conversion = try Self.conversion(units.a, units.b)
      guard conversion.kind == .linear else { return }
      let (cx, cy) = (try conversion.convert(x), try conversion.convert(y))
      let sum = try conversion.convert(x + y)
      let scaled = try conversion.convert(k * x)
      #expect(sum == cx + cy)
      #expect(scaled == cx * Magnitude(k))
    }
  }

  @Test("The Double path agrees with the exact path to within 4 ulps for linear conversions")
  func doublePath() async {
    await propertyCheck(count: 1000, input: Self.units, Self.values) { units, value in
      let conversion = try Self.conversion(units.a, units.b)
      guard conversion.kind == .linear else { return }
      let exact = try conversion.convert(value).approximation.doubleValue
      let fast = conversion.convert(value.doubleValue)
      #expect(abs(fast - exact) <= 4 * exact.ulp)
    }
  }

  @Test("Exact arithmetic: a field (commutative, associative, distributive, inverses)")
  func rationalField() async {
    await propertyCheck(count: 1000, input: Self.fractions, Self.fractions, Self.fractions) { x, y, z in
      #expect(x + y == y + x)
      #expect(x * y == y * x)
      #expect((x + y) + z == x + (y + z))
      #expect((x * y) * z == x * (y * z))
      #expect(x * (y + z) == x * y + x * z)
      #expect(x - x == Rational.zero)
      if !y.isZero { #expect((x / y) * y == x) }
    }
  }
}
