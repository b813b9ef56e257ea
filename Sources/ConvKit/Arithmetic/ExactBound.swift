/// The largest exact value conv computes with: a bound on the size of a numerator or denominator.
///
/// Exact arithmetic costs grow with the square of the digits involved (and a gcd with more), so
/// an unbounded power such as `(1/3)^24^24^17` would make a single line take seconds and a units
/// file of such definitions take minutes. Every value an expression produces, and every number it
/// is written with, must fit: about 4,500 decimal digits above and below the fraction line, enough
/// for `1e4000`, `1e-4000` with a 300-digit mantissa, and any catalog factor.
package enum ExactBound {
  /// Most bits a numerator or denominator may have: 2¹⁴⁹⁴⁸ < 10⁴⁵⁰⁰, so at most 4,500 digits.
  package static let maximumBits = 14_948
  /// The bound in decimal digits, for messages and documentation.
  package static let maximumDigits = 4_500

  /// Whether the numerator and the denominator both fit.
  package static func admits(_ value: Rational) -> Bool {
    value.numerator.bitWidth <= maximumBits && value.denominator.bitWidth <= maximumBits
  }
}
