/// The units a curated column may show before the value is known: its rows, then the spare units
/// that may replace rows in which the value reads badly (see ``Catalog/curatedColumn(in:source:value:system:)``).
package struct ColumnCandidates: Sendable {
  /// The rows, then the spare units.
  package let units: [PrefixedUnit]
  /// How many of `units` are rows.
  package let rowCount: Int
  /// Each unit's size in the coherent SI unit, nil where a value always reads well: a unit of
  /// another dimension (a reciprocal category's) or on a nonlinear scale (−10 dBW reads as it is).
  private let sizes: [Double?]
  /// Whether each unit has the category's dimension (the others are a reciprocal category's).
  private let isOwn: [Bool]
  /// Whether the column is drawn from the category's declared everyday units.
  private let declared: Bool

  init(rows: [PrefixedUnit], spare: [PrefixedUnit], category: UnitCategory) {
    units = rows + spare
    rowCount = rows.count
    isOwn = units.map { $0.unit.dimension == category.dimension }
    sizes = units.map { unit in
      unit.unit.dimension == category.dimension && unit.unit.scale == nil
        ? unit.factor.approximation.doubleValue : nil
    }
    declared = !category.everyday.isEmpty
  }

  /// The indices in `units` of the column for a value of `magnitude` in the coherent SI unit (0 when
  /// there is none), in column order.
  ///
  /// Rows in which the value reads badly (below 10⁻³ or from 10⁷ on) are replaced by spare units in
  /// which it reads well; while fewer than `curatedColumnMinimum` rows remain, the least bad are
  /// put back where they were. A declared column keeps only rows that read well while at least
  /// `declaredColumnMinimum` remain, and is never filled beyond its own size (12 AWG shows its five
  /// units).
  package func picks(magnitude: Double) -> [Int] {
    // How far the value in each unit is from reading well (0 when it does).
    func badness(_ index: Int) -> Double {
      guard let size = sizes[index], magnitude.isFinite, magnitude > 0 else { return 0 }
      let shown = magnitude / size
      if shown >= 1e-3 && shown < 1e7 { return 0 }
      return shown < 1e-3 ? 1e-3 / shown : shown / 1e7
    }
    let rows = 0..<rowCount
    let spare = rowCount..<units.count
    var badnesses = [Double](repeating: 0, count: rowCount)
    var keptCount = 0
    for index in rows {
      badnesses[index] = badness(index)
      if badnesses[index] == 0 { keptCount += 1 }
    }
    let available = rowCount + (declared ? 0 : spare.count)
    let minimum = min(declared ? Catalog.declaredColumnMinimum : Catalog.curatedColumnMinimum, available)
    if keptCount >= minimum {
      // Enough rows read well: those, the category's own first.
      var column: [Int] = []
      column.reserveCapacity(keptCount)
      for index in rows where badnesses[index] == 0 && isOwn[index] { column.append(index) }
      for index in rows where badnesses[index] == 0 && !isOwn[index] { column.append(index) }
      return Array(column.prefix(Catalog.curatedColumnLimit))
    }
    // Too few: spare units that read well fill the column, by size; then the least bad rows.
    var kept = badnesses.map { $0 == 0 }
    let readingWell = spare.filter { badness($0) == 0 }.prefix(minimum - keptCount)
    let filled = readingWell.enumerated()
      .sorted {
        (units[$0.element].factor.approximation, $0.offset) < (units[$1.element].factor.approximation, $1.offset)
      }
      .map(\.element)
    let worse = rows.filter { badnesses[$0] > 0 }.sorted { (badnesses[$0], $0) < (badnesses[$1], $1) }
    for index in worse.prefix(max(0, minimum - keptCount - filled.count)) {
      kept[index] = true
      keptCount += 1
    }
    let shown = rows.filter { kept[$0] }
    let column = shown.filter { isOwn[$0] } + filled + shown.filter { !isOwn[$0] }
    return Array(column.prefix(Catalog.curatedColumnLimit))
  }
}
