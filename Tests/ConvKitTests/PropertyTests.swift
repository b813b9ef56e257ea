import Testing
@testable import ConvKit

/// Algebraic laws of conversion over the built-in catalog, on random units and values.
///
/// Arithmetic is exact (fractions, with π kept symbolic), so the laws hold with zero tolerance:
/// the stated tolerance of these tests is exact equality.
@Suite("Conversion laws")
struct PropertyTests {
  static let catalog = Catalog.builtin

  /// Random units of one category that have no offset problems between them.
  static func randomPair(_ generator: inout SplitMix) -> (CatalogUnit, CatalogUnit, CatalogUnit) {
    let categories = catalog.categories.filter { catalog.units(in: $0).count >= 3 }
    let category = categories[Int(generator.next() % UInt64(categories.count))]
    let units = catalog.units(in: category)
    func pick() -> CatalogUnit { units[Int(generator.next() % UInt64(units.count))] }
    return (pick(), pick(), pick())
  }

  static func randomValue(_ generator: inout SplitMix) -> Rational {
    let numerator = Int(generator.next() % 2_000_001) - 1_000_000
    let scale = Int(generator.next() % 9)
    return Rational(BigInteger(numerator), BigInteger.tenToThe(scale))
  }

  static func expression(_ unit: CatalogUnit) -> UnitExpression {
    UnitExpression(unit: PrefixedUnit(unit: unit))
  }

  @Test("Round trip: a → b → a returns the input exactly", arguments: 0..<8)
  func roundTrip(seed: Int) throws {
    var generator = SplitMix(seed: UInt64(seed) &* 7919 &+ 1)
    for _ in 0..<250 {
      let (a, b, _) = Self.randomPair(&generator)
      let value = Self.randomValue(&generator)
      let forward = try Conversion(from: Self.expression(a), to: Self.expression(b), catalog: Self.catalog)
      let backward = try Conversion(from: Self.expression(b), to: Self.expression(a), catalog: Self.catalog)
      let there = try forward.convert(value)
      // Convert the exact intermediate back (π kept symbolic through both legs).
      let back = try backward.convertExactly(there)
      #expect(back == Magnitude(value), "\(value) \(a.name) → \(b.name) → \(a.name)")
    }
  }

  @Test("Transitivity: a → b → c equals a → c exactly", arguments: 0..<8)
  func transitivity(seed: Int) throws {
    var generator = SplitMix(seed: UInt64(seed) &* 104_729 &+ 3)
    for _ in 0..<250 {
      let (a, b, c) = Self.randomPair(&generator)
      let value = Self.randomValue(&generator)
      let ab = try Conversion(from: Self.expression(a), to: Self.expression(b), catalog: Self.catalog)
      let bc = try Conversion(from: Self.expression(b), to: Self.expression(c), catalog: Self.catalog)
      let ac = try Conversion(from: Self.expression(a), to: Self.expression(c), catalog: Self.catalog)
      let viaB = try bc.convertExactly(try ab.convert(value))
      #expect(viaB == (try ac.convert(value)), "\(value) \(a.name) → \(b.name) → \(c.name)")
    }
  }

  @Test("The Double path agrees with the exact path to within 4 ulps for linear conversions", arguments: 0..<4)
  func doublePath(seed: Int) throws {
    var generator = SplitMix(seed: UInt64(seed) &+ 99)
    for _ in 0..<250 {
      let (a, b, _) = Self.randomPair(&generator)
      let value = Self.randomValue(&generator)
      let conversion = try Conversion(from: Self.expression(a), to: Self.expression(b), catalog: Self.catalog)
      guard conversion.kind == .linear else { continue }
      let exact = try conversion.convert(value).approximation.doubleValue
      let fast = conversion.convert(value.doubleValue)
      #expect(abs(fast - exact) <= 4 * exact.ulp, "\(value) \(a.name) → \(b.name)")
    }
  }
}
