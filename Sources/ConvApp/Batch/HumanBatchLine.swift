import ConvKit

/// Writes a batch line's human output from the integer map: what `Converter.render` writes for
/// `NUMBER UNIT to UNIT` (`123.4 mi ≈ 198.59305 km`), without parsing or big-integer arithmetic.
enum HumanBatchLine {
  /// The unit labels of a shape, as the presenter writes them after a number.
  struct Labels {
    var source: String
    var target: String
  }

  /// The line for the number `x`, or nil when 128-bit arithmetic cannot vouch for it (the exact
  /// path then writes it). Only for a presenter that ``ValuePresenter/writesPlainQuantities``.
  static func text(_ x: LeadingDecimal, map: LinearMap, labels: Labels, presenter: ValuePresenter) -> String? {
    guard let (numerator, denominator) = map.fraction(x),
          var value = presenter.displayRounding({ digits in
            DecimalDigits.rounding(numerator.magnitude, over: UInt128(denominator), isNegative: numerator < 0,
                                   significantDigits: digits)
          })
    else { return nil }
    // The number as typed, every digit.
    let number = DecimalDigits(isNegative: x.isNegative, digits: String(x.mantissa), exponent: -x.fractionDigits,
                               isExact: true)
    value.isExact = value.isExact && map.isExact
    return presenter.quantityText(number, label: labels.source) + " " + presenter.relation(exact: value.isExact) + " "
      + presenter.quantityText(value, label: labels.target)
  }
}
