import ConvKit

/// A quantity in several units at once (`1.8 m` into `ft;in`): whole numbers of every unit but the
/// last, the rest in the last.
package struct MixedResult: Sendable {
  /// One unit's share.
  package struct Part: Sendable {
    /// The number of this unit (a whole number for every part but the last).
    package let value: Rational
    /// The unit.
    package let unit: UnitExpression
    /// Whether every conversion step up to this part was exact.
    package let stepsExact: Bool
  }

  /// The quantity converted.
  package let quantity: Quantity
  /// The parts, largest unit first.
  package let parts: [Part]

  /// Whether every step was exact and every part is shown in full.
  package var isExact: Bool { parts.last?.stepsExact ?? true }

  /// Splits `quantity` into `targets` (at least one) through `catalog`.
  package init(_ quantity: Quantity, into targets: [UnitExpression], catalog: Catalog) throws(ConvError) {
    self.quantity = quantity
    let first = try catalog.convert(quantity, to: targets[0])
    // Through a substance the parts are split from the unrounded value, and the last is rounded
    // to the figures' digits (`0 lb 4.41 oz`, not the rounded pounds carried into ounces).
    let bridged = try catalog.unroundedBridging(quantity, to: targets[0])
    var remaining = bridged?.value ?? first.value.approximation
    var isExact = first.isExact && first.value.isRational
    var parts: [Part] = []
    for (index, target) in targets.enumerated() {
      if index > 0 {
        let carried = try catalog.quantity(remaining, in: targets[index - 1], text: "")
        let step = try catalog.convert(carried, to: target)
        remaining = step.value.approximation
        isExact = isExact && step.isExact && step.value.isRational
      }
      var value = remaining
      if index == targets.count - 1, let (total, bridge) = bridged {
        // The uncertainty of the whole, in the last unit.
        let spread = (Magnitude((total * bridge.relativeUncertainty).magnitude) * targets[0].factor / target.factor)
          .approximation
        value = SubstanceBridge.rounded(value, uncertainty: spread).rational
      }
      if index < targets.count - 1 {
        let (whole, _) = remaining.numerator.quotientAndRemainder(dividingBy: remaining.denominator)
        value = Rational(whole)
        remaining = remaining - value
      }
      parts.append(Part(value: value, unit: target, stepsExact: isExact))
    }
    self.parts = parts
  }
}
