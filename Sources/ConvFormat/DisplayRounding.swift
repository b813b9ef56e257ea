import ConvKit

/// How a value is rounded for people: to a number of significant digits, but never into the
/// integer part of a number below 10³⁸ that is written in plain notation (`299,792,458`, not
/// `299,792,460`).
package enum DisplayRounding {
  /// The most integer digits kept in full: beyond them (`--notation plain` of 1e3010 g) every digit
  /// of a huge integer costs big-integer divisions, for digits nobody reads.
  package static let longestExactInteger = 38

  /// `round(digits)`, or the rounding to the integer part where it is written plainly; `round(n)`
  /// rounds the value to `n` significant digits (nil if it cannot).
  package static func rounded(digits: Int, notation: NumberNotation, _ round: (Int) -> DecimalDigits?) -> DecimalDigits?
  {
    guard let rounded = round(digits) else { return nil }
    let integerDigits = rounded.scientificExponent + 1
    guard !rounded.isZero, integerDigits > digits, integerDigits <= longestExactInteger else { return rounded }
    switch notation {
    case .scientific: return rounded
    case .automatic where !NumberNotation.automaticPlainExponents.contains(rounded.scientificExponent): return rounded
    case .automatic, .plain: return round(integerDigits)
    }
  }
}
