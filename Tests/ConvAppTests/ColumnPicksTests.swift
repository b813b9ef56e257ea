import ConvKit
import Testing

@testable import ConvApp

/// ``ColumnCandidates/picks(magnitude:)`` picks a curated column's rows by the value's size, for
/// the exact path and for a batch's remembered columns alike; it must pick what the rule says,
/// written here the plain way (on units, with sets, every step spelled out), for every category,
/// system and source, at sizes from 10⁻³⁰ to 10³⁰.
@Suite("Column picks")
struct ColumnPicksTests {
  /// The rule, on units: rows in which the value reads badly (below 10⁻³, from 10⁷) are dropped,
  /// spare units that read well fill up to the minimum, by size, then the least bad rows are put
  /// back; the category's own units first, then the fill, then the reciprocal category's.
  static func reference(_ candidates: ColumnCandidates, category: UnitCategory, magnitude: Double) -> [PrefixedUnit] {
    let rows = Array(candidates.units[..<candidates.rowCount])
    let spare = Array(candidates.units[candidates.rowCount...])
    func badness(_ unit: PrefixedUnit) -> Double {
      guard unit.unit.dimension == category.dimension, unit.unit.scale == nil, magnitude.isFinite, magnitude > 0
      else { return 0 }
      let shown = magnitude / unit.factor.approximation.doubleValue
      if shown >= 1e-3 && shown < 1e7 { return 0 }
      return shown < 1e-3 ? 1e-3 / shown : shown / 1e7
    }
    let badnesses = rows.map(badness)
    var kept = Set(rows.indices.filter { badnesses[$0] == 0 })
    let declared = !category.everyday.isEmpty
    let available = rows.count + (declared ? 0 : spare.count)
    let minimum = min(declared ? Catalog.declaredColumnMinimum : Catalog.curatedColumnMinimum, available)
    var filled: [PrefixedUnit] = []
    if kept.count < minimum {
      filled = Catalog.byMagnitude(Array(spare.filter { badness($0) == 0 }.prefix(minimum - kept.count)))
    }
    let worse = rows.indices.filter { badnesses[$0] > 0 }.sorted { (badnesses[$0], $0) < (badnesses[$1], $1) }
    kept.formUnion(worse.prefix(max(0, minimum - kept.count - filled.count)))
    let shown = rows.indices.filter(kept.contains).map { rows[$0] }
    let column =
      shown.filter { $0.unit.dimension == category.dimension } + filled
      + shown.filter { $0.unit.dimension != category.dimension }
    return Array(column.prefix(Catalog.curatedColumnLimit))
  }

  @Test("Picks follow the rule for every category, system and size", arguments: MeasurementSystem.allCases)
  func sameAsRule(_ system: MeasurementSystem) {
    let catalog = Catalog.builtin
    let magnitudes = [0, Double.infinity] + stride(from: -30.0, through: 30.0, by: 0.83).map { Self.pow10($0) }
    var checked = 0
    for category in catalog.categories {
      // No source, and the category's first units as sources.
      let sources: [PrefixedUnit?] = [nil] + catalog.columnUnits(in: category).prefix(2).map { $0 }
      for source in sources {
        let candidates = catalog.columnCandidates(in: category, source: source, system: system)
        for magnitude in magnitudes {
          let picked = candidates.picks(magnitude: magnitude).map { candidates.units[$0] }
          let expected = Self.reference(candidates, category: category, magnitude: magnitude)
          #expect(picked == expected, "\(category.identifier) \(source?.symbol ?? "-") \(magnitude)")
          checked += 1
        }
      }
    }
    #expect(checked > 5_000)
  }

  /// 10 to a real power, without Foundation.
  static func pow10(_ exponent: Double) -> Double {
    let whole = exponent.rounded(.down)
    var value = 1.0
    for _ in 0..<Int(whole.magnitude) { value = whole < 0 ? value / 10 : value * 10 }
    // 10^f = e^(f ln 10) for the fraction f, by its series (f < 1: a few terms suffice).
    let x = (exponent - whole) * 2.302585092994046
    var term = 1.0
    var sum = 1.0
    for n in 1..<30 {
      term *= x / Double(n)
      sum += term
    }
    return value * sum
  }
}
