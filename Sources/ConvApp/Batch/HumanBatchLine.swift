import ConvKit

/// Writes a batch line's human output from the integer map: what `Converter.render` writes for
/// `NUMBER UNIT to UNIT` (`123.4 mi ≈ 198.59305 km`), without parsing or big-integer arithmetic.
enum HumanBatchLine {
  /// The unit labels of a shape, as the presenter writes them after a number.
  struct Labels {
    /// Nil for a quantity evaluated as a whole (`94 m^2`), which is written back as typed.
    var source: PlainLabel?
    var target: PlainLabel
  }

  /// Appends the line for the number `x` (without its line break) and returns true, or returns
  /// false, appending nothing, when 128-bit arithmetic cannot vouch for it (the exact path then
  /// writes it). Only for a presenter that ``ValuePresenter/writesPlainQuantities``.
  static func append(
    _ x: LeadingDecimal, map: LinearMap, labels: Labels, presenter: ValuePresenter,
    to output: inout [UInt8]
  ) -> Bool {
    let number = typedNumber(x)
    guard let sourceLabel = labels.source?.text(for: number),
      let value = result(x.fraction, map: map, presenter: presenter)
    else { return false }
    let relation = " " + presenter.relation(exact: value.isExact) + " "
    let start = output.count
    let targetLabel = labels.target.text(for: value)
    if presenter.appendQuantity(number, label: sourceLabel, to: &output) {
      output.append(contentsOf: relation.utf8)
      if presenter.appendQuantity(value, label: targetLabel, to: &output) { return true }
      output.removeSubrange(start...)
    }
    let text =
      presenter.quantityText(number, label: sourceLabel) + relation
      + presenter.quantityText(value, label: targetLabel)
    output.append(contentsOf: text.utf8)
    return true
  }

  /// Appends the line for the number `x` of a quantity written back as typed (`94 m^2 = …`), as
  /// `Converter.render` writes a quantity with no number and unit of its own; false, appending
  /// nothing, when 128-bit arithmetic cannot vouch for it.
  static func append(
    _ x: SmallFraction, typed: String, map: LinearMap, labels: Labels, presenter: ValuePresenter,
    to output: inout [UInt8]
  ) -> Bool {
    guard let value = result(x, map: map, presenter: presenter) else { return false }
    let text =
      typed + " " + presenter.relation(exact: value.isExact) + " "
      + presenter.quantityText(value, label: labels.target.text(for: value))
    output.append(contentsOf: text.utf8)
    return true
  }

  /// The number as typed, every digit.
  static func typedNumber(_ x: LeadingDecimal) -> DecimalDigits {
    DecimalDigits(isNegative: x.isNegative, digits: String(x.mantissa), exponent: -x.fractionDigits, isExact: true)
  }

  /// The result rounded for display, exact when the digits shown are and the map is.
  static func result(_ x: SmallFraction, map: LinearMap, presenter: ValuePresenter) -> DecimalDigits? {
    guard let (numerator, denominator) = map.fraction(x),
      var value = presenter.displayRounding({ digits in
        DecimalDigits.rounding(
          numerator.magnitude, over: UInt128(denominator), isNegative: numerator < 0,
          significantDigits: digits)
      })
    else { return nil }
    value.isExact = value.isExact && map.isExact
    return value
  }
}
