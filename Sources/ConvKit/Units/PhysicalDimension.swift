/// A physical dimension: an integer exponent for each base quantity.
///
/// Speed is length¹·time⁻¹, energy is mass¹·length²·time⁻². Two units convert into each other
/// when their dimensions are equal (or exact inverses, for reciprocal conversions).
public struct PhysicalDimension: Hashable, Sendable {
  /// Exponents indexed by `BaseQuantity.rawValue`; unused lanes stay zero.
  package private(set) var exponents: SIMD16<Int8>

  /// The dimension of pure numbers.
  public static let none = PhysicalDimension(exponents: .zero)

  init(exponents: SIMD16<Int8>) { self.exponents = exponents }

  /// The sixteen exponents as two machine words, which compare and hash at once (the SIMD type's
  /// own `==` goes lane by lane).
  @inline(__always)
  private var words: (UInt64, UInt64) { unsafeBitCast(exponents, to: (UInt64, UInt64).self) }

  public static func == (lhs: PhysicalDimension, rhs: PhysicalDimension) -> Bool {
    lhs.words == rhs.words
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
  }

  /// The dimension of one base quantity.
  public init(_ base: BaseQuantity) {
    var exponents = SIMD16<Int8>.zero
    exponents[base.rawValue] = 1
    self.exponents = exponents
  }

  /// The exponent of one base quantity.
  public subscript(base: BaseQuantity) -> Int { Int(exponents[base.rawValue]) }

  /// Whether this is the dimension of pure numbers.
  public var isNone: Bool { exponents == .zero }

  /// The product of two dimensions (exponents add). Nil when an exponent would leave ±`maximumExponent`.
  public func multiplied(by other: PhysicalDimension) -> PhysicalDimension? {
    PhysicalDimension.checked(
      SIMD16<Int16>(truncatingIfNeeded: exponents) &+ SIMD16<Int16>(truncatingIfNeeded: other.exponents))
  }

  /// The quotient of two dimensions (exponents subtract).
  public func divided(by other: PhysicalDimension) -> PhysicalDimension? {
    PhysicalDimension.checked(
      SIMD16<Int16>(truncatingIfNeeded: exponents) &- SIMD16<Int16>(truncatingIfNeeded: other.exponents))
  }

  /// The dimension raised to an integer power.
  public func raised(to power: Int) -> PhysicalDimension? {
    guard abs(power) <= PhysicalDimension.maximumExponent else { return nil }
    return PhysicalDimension.checked(SIMD16<Int16>(truncatingIfNeeded: exponents) &* Int16(power))
  }

  /// The inverse dimension (every exponent negated).
  public var inverse: PhysicalDimension { PhysicalDimension(exponents: 0 &- exponents) }

  /// The largest exponent magnitude a dimension may carry.
  public static let maximumExponent = 24

  private static func checked(_ wide: SIMD16<Int16>) -> PhysicalDimension? {
    let limit = Int16(maximumExponent)
    for lane in 0..<16 where wide[lane] > limit || wide[lane] < -limit { return nil }
    return PhysicalDimension(exponents: SIMD16<Int8>(truncatingIfNeeded: wide))
  }

  /// The formula of the product (`sign` 1) or quotient (`sign` -1) of two dimensions, or of `self`
  /// raised to `power` (`other` nil), also when a power would be beyond `maximumExponent`
  /// (`length³²`), for the message that refuses it.
  package func unboundedFormula(times other: PhysicalDimension? = nil, sign: Int = 1, power: Int = 1) -> String {
    var parts: [String] = []
    for base in BaseQuantity.allCases {
      let exponent = other.map { self[base] + sign * $0[base] } ?? self[base] * power
      if exponent != 0 {
        parts.append(exponent == 1 ? base.identifier : base.identifier + PhysicalDimension.superscript(exponent))
      }
    }
    return parts.isEmpty ? "dimensionless" : parts.joined(separator: "·")
  }

  /// A formula such as `length·time⁻¹` or `mass·length²·time⁻²` (`dimensionless` for none).
  public var formula: String {
    var parts: [String] = []
    for base in BaseQuantity.allCases where self[base] != 0 {
      let exponent = self[base]
      parts.append(exponent == 1 ? base.identifier : base.identifier + PhysicalDimension.superscript(exponent))
    }
    return parts.isEmpty ? "dimensionless" : parts.joined(separator: "·")
  }

  /// Writes an integer with superscript digits (`²`, `⁻¹`).
  static func superscript(_ value: Int) -> String {
    let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    var text = value < 0 ? "⁻" : ""
    for character in String(value.magnitude) {
      text.append(digits[Int(character.asciiValue! - 48)])
    }
    return text
  }
}
