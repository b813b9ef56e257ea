import ConvKit

/// The whole column: a quantity in every other unit of its category (`conv 5 mi`).
package struct ColumnResult: Sendable {
  /// The quantity converted.
  package let quantity: Quantity
  /// The quantity as typed, for the hint that lists every unit (`conv 5 mi --all`).
  package let typedQuantity: String
  /// The category shown.
  package let category: UnitCategory
  /// The units shown, in order.
  package let units: [PrefixedUnit]
  /// How many units of the category the curated selection leaves out (0 with `--all`).
  package let hidden: Int
  /// The units that have no value for this quantity, with the reason: the reciprocal units of a
  /// quantity at or below zero (`0 mph` has no pace in `min/mi`). Each writer says so: a note in
  /// human and terse output, an object with an `error` in JSON; never a row silently left out.
  package var withoutValue: [(unit: PrefixedUnit, reason: ConvError)] = []
  /// The catalog that converts the rows.
  let catalog: Catalog

  package init(
    quantity: Quantity, typedQuantity: String, category: UnitCategory, units: [PrefixedUnit],
    hidden: Int, catalog: Catalog
  ) {
    self.quantity = quantity
    self.typedQuantity = typedQuantity
    self.category = category
    self.hidden = hidden
    self.catalog = catalog
    // A reciprocal unit of zero or of a value below zero (`0 mph` in `min/mi`) has no value.
    var shown: [PrefixedUnit] = []
    for unit in units {
      guard unit.unit.dimension != quantity.dimension,
        quantity.term.baseValue.approximation.isZero || quantity.term.baseValue.approximation.isNegative
      else {
        shown.append(unit)
        continue
      }
      do throws(ConvError) {
        _ = try catalog.convert(
          quantity, to: UnitExpression(text: unit.symbol, term: Term(unit: unit), singleUnit: unit))
        shown.append(unit)
      } catch {
        switch error {
        case .reciprocalOfZero, .reciprocalOfNegative: withoutValue.append((unit, error))
        default: shown.append(unit)
        }
      }
    }
    self.units = shown
  }

  /// One note for the units without a value: `min/mi, min/km: no value (the reciprocal of zero is
  /// infinite)`; nil when every unit has one.
  package var withoutValueNote: String? {
    guard let first = withoutValue.first else { return nil }
    let reason: String
    switch first.reason {
    case .reciprocalOfZero: reason = "the reciprocal of zero is infinite"
    default: reason = "a reciprocal conversion needs a value above zero"
    }
    return withoutValue.map { ConvError.printable($0.unit.symbol) }.joined(separator: ", ") + ": no value (" + reason
      + ")"
  }

  /// The quantity in one of the units, converted as the writer asks (any other row that cannot be
  /// computed fails the whole column).
  package func result(in unit: PrefixedUnit) throws(ConvError) -> ConversionResult {
    try catalog.convert(quantity, to: UnitExpression(text: unit.symbol, term: Term(unit: unit), singleUnit: unit))
  }
}
