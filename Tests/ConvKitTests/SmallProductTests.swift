import Testing

@testable import ConvKit

/// The product of fractions whose terms fit in 64 bits, computed in machine integers, is the
/// fraction the big-integer product reduces to, for terms around every size that matters (small,
/// 32 bits, 63 and 64 bits, beyond), either sign, and zero.
@Suite("Small products")
struct SmallProductTests {
  static func term(_ generator: inout SplitMix) -> BigInteger {
    let sizes: [UInt64] = [9, 1_000, UInt64(UInt32.max), 1 << 40, UInt64(Int64.max), UInt64.max]
    let magnitude = generator.next() % sizes[Int(generator.next() % UInt64(sizes.count))] + 1
    let value = BigInteger(magnitude)
    // Beyond 64 bits now and then.
    return generator.next() % 8 == 0 ? value * BigInteger(UInt64(1) << 40) : value
  }

  @Test("Machine-integer products equal the reduced big-integer products")
  func productsMatch() {
    var generator = SplitMix(seed: 0x5A11)
    for _ in 0..<20_000 {
      var numerators = [Self.term(&generator), Self.term(&generator)]
      if generator.next() % 4 == 0 { numerators[0] = -numerators[0] }
      if generator.next() % 4 == 0 { numerators[1] = -numerators[1] }
      if generator.next() % 50 == 0 { numerators[0] = .zero }
      let lhs = Rational(numerators[0], Self.term(&generator))
      let rhs = Rational(numerators[1], generator.next() % 3 == 0 ? .one : Self.term(&generator))
      let reference = Rational(lhs.numerator * rhs.numerator, lhs.denominator * rhs.denominator)
      let product = lhs * rhs
      #expect(product == reference, "\(lhs) × \(rhs)")
      #expect(
        product.numerator.limbs == reference.numerator.limbs && product.denominator.limbs == reference.denominator.limbs
      )
    }
  }
}
