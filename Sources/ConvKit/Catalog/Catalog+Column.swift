extension Catalog {
  /// Most rows the curated whole column shows: what fits a terminal screen.
  package static let curatedColumnLimit = 20
  /// Fewest rows left when units in which the value reads badly are dropped.
  package static let curatedColumnMinimum = 8

  /// The units of the curated whole column for a quantity (`conv 5 mi`): the category's common
  /// units and featured prefixed forms, the common units and featured forms of the categories it
  /// names `related:` in `Data/` (nautical miles and light-years for a length) and of the categories declared
  /// reciprocal (L/100km for a fuel economy), without the source unit, by size (the reciprocal
  /// ones last). Units in which `value` (in the coherent SI unit) reads badly — below 10⁻³ or from
  /// 10⁷ on — are left out, the worst first, while more than `curatedColumnMinimum` rows remain; at
  /// most `curatedColumnLimit` rows.
  package func curatedColumn(in category: UnitCategory, source: PrefixedUnit?, value: Rational?) -> [PrefixedUnit] {
    let sourceKey = source.map(Catalog.identity)
    var seen: Set<String> = []
    func keep(_ units: [PrefixedUnit]) -> [PrefixedUnit] {
      units.filter { Catalog.identity($0) != sourceKey && seen.insert(Catalog.identity($0)).inserted }
    }
    let related = relatedCategories(of: category)
    let own = keep(columnUnits(in: category).prefix { $0.unit.isCommon || $0.prefix != nil }.map { $0 })
    let sameDimension = keep(relatedUnits(of: category))
    let reciprocal = keep(reciprocalUnits(of: category))
    var column = Catalog.byMagnitude(own + sameDimension) + Catalog.byMagnitude(reciprocal)
    // How far the value in each unit is from reading well (0 when it does: from 10⁻³ up to 10⁷, or
    // always without a value).
    let magnitude = value?.magnitude.doubleValue ?? 0
    func badness(_ unit: PrefixedUnit) -> Double {
      // A value on a nonlinear scale (−10 dBW) reads as it is; its reference unit's size says nothing.
      guard unit.unit.dimension == category.dimension, unit.unit.scale == nil, magnitude.isFinite, magnitude > 0
      else { return 0 }
      let shown = magnitude / unit.factor.approximation.doubleValue
      if shown >= 1e-3 && shown < 1e7 { return 0 }
      return shown < 1e-3 ? 1e-3 / shown : shown / 1e7
    }
    // Units in which the value reads badly go first, the worst first, while more than
    // `curatedColumnMinimum` rows remain (or more than the limit).
    let ranked = column.enumerated().map { ($0.offset, badness($0.element)) }
      .filter { $0.1 > 0 }.sorted { ($0.1, $0.0) > ($1.1, $1.0) }
    var removed: Set<Int> = []
    for (offset, _) in ranked where column.count - removed.count > Catalog.curatedColumnMinimum {
      removed.insert(offset)
    }
    column = column.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
    // A small selection (a category with few common units) is filled up with the category's other
    // units in which the value reads well, then its related categories' (pH: mmol/L, µmol/L), so
    // that the column is never one or two rows.
    if column.count < Catalog.curatedColumnMinimum {
      let others = keep((columnUnits(in: category) + related.flatMap { columnUnits(in: $0) }).filter { badness($0) == 0 })
      let filled = Array(others.prefix(Catalog.curatedColumnMinimum - column.count))
      let reciprocalKeys = Set(reciprocal.map(Catalog.identity))
      column = Catalog.byMagnitude(column.filter { !reciprocalKeys.contains(Catalog.identity($0)) } + filled)
        + column.filter { reciprocalKeys.contains(Catalog.identity($0)) }
    }
    while column.count > Catalog.curatedColumnLimit { column.removeLast() }
    return column
  }

  /// The categories a category names `related:` that have its dimension.
  func relatedCategories(of category: UnitCategory) -> [UnitCategory] {
    category.related.compactMap { self.category(named: $0) }.filter { $0.dimension == category.dimension }
  }

  /// The common units and featured prefixed forms of a category's related categories (nautical
  /// miles and light-years beside length, mol/L beside pH), in their categories' order.
  package func relatedUnits(of category: UnitCategory) -> [PrefixedUnit] {
    relatedCategories(of: category).flatMap { other in
      units(in: other).filter(\.isCommon).map { PrefixedUnit(unit: $0) } + featuredUnits(in: other)
    }
  }

  /// The common units of the categories declared reciprocal to a category (L/100km beside mpg,
  /// min/km beside km/h), in their categories' order.
  package func reciprocalUnits(of category: UnitCategory) -> [PrefixedUnit] {
    category.reciprocals.compactMap { self.category(named: $0) }
      .flatMap { other in units(in: other).filter(\.isCommon).map { PrefixedUnit(unit: $0) } }
  }

  /// What makes two prefixed units the same row.
  static func identity(_ unit: PrefixedUnit) -> String { (unit.prefix?.name ?? "") + "|" + unit.unit.name }
}
