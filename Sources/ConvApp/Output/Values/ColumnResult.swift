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
  /// The catalog that converts the rows.
  let catalog: Catalog

  /// The quantity in one of the units, converted as the writer asks (a row that cannot be
  /// computed fails the whole column: never a row silently left out).
  package func result(in unit: PrefixedUnit) throws(ConvError) -> ConversionResult {
    try catalog.convert(quantity, to: UnitExpression(text: unit.symbol, term: Term(unit: unit), singleUnit: unit))
  }
}
