import ConvKit

/// The whole column: a quantity in every other unit of its category (`conv 5 mi`).
package struct ColumnResult: Sendable {
  /// The quantity converted.
  package let quantity: Quantity
  /// The quantity as typed, for the hint that lists every unit (`conv 5 mi --all`).
  package let typedQuantity: String
  /// The category shown.
  package let category: UnitCategory
  /// Each unit shown and its conversion, in order; a row that could not be computed holds its
  /// error (the writer fails the whole column at the first: never a row silently left out).
  package let rows: [(unit: PrefixedUnit, result: Result<ConversionResult, ConvError>)]
  /// How many units of the category the curated selection leaves out (0 with `--all`).
  package let hidden: Int
}
