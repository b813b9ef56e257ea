import ConvFormat
import ConvKit

/// The whole column of a batch's lines without a target (`5 mi`, `12.5 mi`, …), written from
/// integer maps: what ``Converter/wholeColumn(_:request:)`` writes for such a line in plain human
/// output, with what does not depend on the number made once for the shape.
///
/// Kept for the shape: the category, the curated column's candidate units (the value's size picks
/// among them, by the same ``ColumnCandidates/picks(magnitude:)`` as the exact path), how the full
/// column is counted, and for each candidate when a value first shows it its ``LinearMap`` and its
/// labels. A line that the maps cannot vouch for (a row without a map, an intermediate beyond 128
/// bits, a reciprocal row at zero or below) takes the exact path; the batch tests compare both.
final class ColumnPlan {
  /// A candidate unit made into a row: its map from the source unit and its labels.
  private final class Row {
    let map: LinearMap
    let symbol: String
    let symbolWidth: Int
    let singular: String
    let plural: String
    /// Whether the full column lists the unit (``ColumnListing``).
    let isListed: Bool
    /// Whether the unit is a reciprocal category's (no value at zero or below).
    let isReciprocal: Bool

    init(
      map: LinearMap, symbol: String, symbolWidth: Int, singular: String, plural: String, isListed: Bool,
      isReciprocal: Bool
    ) {
      self.map = map
      self.symbol = symbol
      self.symbolWidth = symbolWidth
      self.singular = singular
      self.plural = plural
      self.isListed = isListed
      self.isReciprocal = isReciprocal
    }
  }

  private let converter: Converter
  private let category: UnitCategory
  private let source: UnitExpression
  private let sourceLabel: PlainLabel
  private let candidates: ColumnCandidates
  private let listing: ColumnListing
  /// The value in the coherent SI unit, whose size picks the rows (`Term.baseValue`).
  private let base: LinearMap
  /// The quantity's text after its number (` mi`), for the hint `conv 5 mi --all`.
  private let quantityRest: String
  /// Each candidate's row: nil until a value shows it, `.none` when it has no map.
  private var rows: [Row??]

  /// Makes the plan of a shape from its template, for the human writer's plain quantities; nil
  /// for a column that the exact path writes otherwise: money, a substance, a setting's or every
  /// unit (`--all`), an evaluated expression, a source on a nonlinear scale or of a measured size.
  init?(template: ReadingTemplate, quantity: Quantity, converter: Converter) {
    let options = converter.options
    guard template.targets.isEmpty, !template.isScaledExpression, !template.isInParts,
      converter.presenter.writesPlainQuantities, !options.exact, !options.allUnits,
      let source = template.unitSource, let unit = source.singleUnit, quantity.unit?.singleUnit == unit,
      quantity.substance == nil, unit.unit.scale == nil, source.isExact,
      !Converter.involvesCurrency(quantity.dimension),
      let category = converter.columnCategory(for: quantity), options.columnUnits[category.identifier] == nil,
      // The value in the coherent unit is affine in the number: its map from the values at 0 and 1.
      let zero = try? template.reading(number: .zero, text: "0" + template.quantityRest),
      let one = try? template.reading(number: .one, text: "1" + template.quantityRest),
      zero.quantity.term.baseValue.isRational, one.quantity.term.baseValue.isRational,
      let base = LinearMap(
        kind: .affine, a: one.quantity.term.baseValue.rational - zero.quantity.term.baseValue.rational,
        b: zero.quantity.term.baseValue.rational, nonNegativeOnly: false, isExact: true)
    else { return nil }
    self.converter = converter
    self.category = category
    self.source = source
    self.base = base
    sourceLabel = converter.presenter.typedLabel(source, asTyped: converter.echoesAsTyped(source))
    candidates = converter.catalog.columnCandidates(in: category, source: unit, system: converter.userSystem)
    listing = ColumnListing(category: category, source: unit, catalog: converter.catalog)
    quantityRest = template.quantityRest
    rows = Array(repeating: nil, count: candidates.units.count)
  }

  /// Appends the column's lines for the number `x` typed as `numberText`, each ending in `\n`, and
  /// returns true; or returns false, appending nothing, when the maps cannot vouch for it.
  func append(_ x: LeadingDecimal, numberText: String, to output: inout [UInt8]) -> Bool {
    let presenter = converter.presenter
    let fraction = x.fraction
    guard let (numerator, denominator) = base.fraction(fraction) else { return false }
    let magnitude: Double
    if numerator == 0 {
      magnitude = 0
    } else {
      guard let value = LinearMap.nearestDouble(numerator, denominator) else { return false }
      magnitude = value.magnitude
    }
    let picks = candidates.picks(magnitude: magnitude)
    guard !picks.isEmpty else { return false }
    let atOrBelowZero = numerator <= 0
    var shown: [HumanColumnRow] = []
    shown.reserveCapacity(picks.count)
    var listed = 0
    for index in picks {
      guard let row = row(index), !(atOrBelowZero && row.isReciprocal),
        let value = HumanBatchLine.result(fraction, map: row.map, presenter: presenter)
      else { return false }
      let plural = value.isZero || !(value.digits == "1" && value.exponent == 0)
      shown.append(
        HumanColumnRow(
          number: presenter.formatted(value), relation: presenter.relation(exact: value.isExact),
          symbol: row.symbol, symbolWidth: row.symbolWidth, name: plural ? row.plural : row.singular))
      if row.isListed { listed += 1 }
    }
    let number = HumanBatchLine.typedNumber(x)
    HumanColumnRow.append(
      source: presenter.quantityText(number, label: sourceLabel.text(for: number)), category: category,
      rows: shown, hidden: listing.total - listed, typedQuantity: numberText + quantityRest, presenter: presenter,
      to: &output)
    return true
  }

  /// The row of a candidate, made the first time; nil when the exact path must write it (a unit
  /// on a nonlinear scale, money, a conversion without an integer map).
  private func row(_ index: Int) -> Row? {
    if let made = rows[index] { return made }
    let unit = candidates.units[index]
    let row = makeRow(unit)
    rows[index] = .some(row)
    return row
  }

  private func makeRow(_ unit: PrefixedUnit) -> Row? {
    guard unit.unit.scale == nil, unit.unit.dimension[.currency] == 0 else { return nil }
    let target = UnitExpression(text: unit.symbol, term: Term(unit: unit), singleUnit: unit)
    guard let conversion = try? Conversion(from: source, to: target, catalog: converter.catalog),
      let map = LinearMap(conversion, source: source, isExact: conversion.isExact && source.isExact)
    else { return nil }
    let presenter = converter.presenter
    let symbol = presenter.symbol(unit)
    return Row(
      map: map, symbol: symbol, symbolWidth: DisplayWidth.of(symbol), singular: presenter.display(unit.name),
      plural: presenter.display(unit.plural), isListed: listing.lists(unit),
      isReciprocal: unit.unit.dimension != source.dimension)
  }
}
