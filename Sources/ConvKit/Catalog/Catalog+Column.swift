extension Catalog {
  /// Most rows the curated whole column shows: what fits a terminal screen.
  package static let curatedColumnLimit = 20
  /// Fewest rows left when units in which the value reads badly are dropped.
  package static let curatedColumnMinimum = 8
  /// Fewest rows of a column drawn from declared everyday units when rows that read badly go.
  package static let declaredColumnMinimum = 3

  /// The units of the curated whole column for a quantity (`conv 5 mi`), without the source unit,
  /// at most `curatedColumnLimit` rows.
  ///
  /// A category that declares `everyday:` units in `Data/` shows them (``everydayUnits(in:systems:)``):
  /// the group of the user's `system` first, then the input's (``columnSystems(in:source:system:)``),
  /// each group by size.
  /// Any other (a personal category) shows its common units and featured prefixed forms with
  /// those of its `related:` categories by size, then its reciprocal categories' common units.
  /// Units in which `value` (in the coherent SI unit) reads badly — below 10⁻³ or from 10⁷ on — are
  /// left out, replaced by the category's common units and featured forms in which it reads well;
  /// at least `curatedColumnMinimum` rows stay (the least bad put back). The part that does not
  /// depend on the value is made once per category, source and systems.
  package func curatedColumn(
    in category: UnitCategory, source: PrefixedUnit?, value: Rational?,
    system: MeasurementSystem = .si
  ) -> [PrefixedUnit] {
    let candidates = columnCandidates(in: category, source: source, system: system)
    return candidates.picks(magnitude: value?.magnitude.doubleValue ?? 0).map { candidates.units[$0] }
  }

  /// The part of ``curatedColumn(in:source:value:system:)`` that does not depend on the value,
  /// made once per category, source and system (a batch of `5 mi` lines keeps it for its lines).
  package func columnCandidates(in category: UnitCategory, source: PrefixedUnit?, system: MeasurementSystem)
    -> ColumnCandidates
  {
    let sourceKey = source.map(Catalog.identity) ?? ""
    let key = category.identifier + "\u{1}" + sourceKey + "\u{1}" + system.rawValue
    return storage.columnMemo.rows(for: key) {
      columnCandidates(
        in: category, sourceKey: sourceKey, systems: columnSystems(in: category, source: source, system: system))
    }
  }

  /// The rows of a curated column before the value is known, and the spare units that may fill it.
  private func columnCandidates(
    in category: UnitCategory, sourceKey: String,
    systems: [MeasurementSystem]
  ) -> ColumnCandidates {
    var seen: Set<String> = [sourceKey]
    func keep(_ units: [PrefixedUnit]) -> [PrefixedUnit] {
      units.filter { seen.insert(Catalog.identity($0)).inserted }
    }
    let related = relatedCategories(of: category)
    if !category.everyday.isEmpty {
      let rows = keep(everydayUnits(in: category, systems: systems))
      // Spares: the category's and its related categories' common units and featured forms, never
      // the rest of the catalog (Planck units, historical units).
      let spare = keep(([category] + related).flatMap { commonAndFeatured(in: $0) })
      return ColumnCandidates(rows: rows, spare: spare, category: category)
    }
    let own = keep(columnUnits(in: category).prefix { $0.unit.isCommon || $0.prefix != nil }.map { $0 })
    let sameDimension = keep(relatedUnits(of: category))
    let reciprocal = keep(reciprocalUnits(of: category))
    let spare = keep(columnUnits(in: category) + related.flatMap { columnUnits(in: $0) })
    return ColumnCandidates(
      rows: Catalog.byMagnitude(own + sameDimension) + Catalog.byMagnitude(reciprocal), spare: spare,
      category: category)
  }

  /// The systems in the order a column lists their units: the user's `system`, then the input's
  /// (the first other system whose `everyday:` group lists the source unit), then the others.
  package func columnSystems(in category: UnitCategory, source: PrefixedUnit?, system: MeasurementSystem)
    -> [MeasurementSystem]
  {
    guard let source else { return MeasurementSystem.order(first: system) }
    let key = Catalog.identity(source)
    let input = MeasurementSystem.order(first: system).first { candidate in
      category.everyday.first { $0.system == candidate }?.spellings
        .contains { unit(named: $0).map(Catalog.identity) == key } ?? false
    }
    return MeasurementSystem.order(first: system, then: input)
  }

  /// A category's everyday units (`everyday:` in `Data/`) in column order for `systems`: the
  /// groups of the systems in that order, then the group for every system; within a group the
  /// units of the category's dimension by size (money, whose sizes follow the rates, as declared),
  /// then those of a reciprocal category as declared. Each unit once; spellings that do not resolve
  /// are skipped (loading reports them).
  package func everydayUnits(in category: UnitCategory, systems: [MeasurementSystem]) -> [PrefixedUnit] {
    let groups =
      systems.compactMap { system in category.everyday.first { $0.system == system } }
      + category.everyday.filter { $0.system == nil }
    var seen: Set<String> = []
    var result: [PrefixedUnit] = []
    for group in groups {
      let units = group.spellings.compactMap { unit(named: $0) }.filter { seen.insert(Catalog.identity($0)).inserted }
      let own = units.filter { $0.unit.dimension == category.dimension }
      let other = units.filter { $0.unit.dimension != category.dimension }
      result += (category.dimension[.currency] != 0 ? own : Catalog.byMagnitude(own)) + other
    }
    return result
  }

  /// A category's everyday units group by group, in `systems` order then the group for every
  /// system, each as declared (most used first).
  package func everydayGroups(in category: UnitCategory, systems: [MeasurementSystem]) -> [[PrefixedUnit]] {
    let groups =
      systems.compactMap { system in category.everyday.first { $0.system == system } }
      + category.everyday.filter { $0.system == nil }
    return groups.map { $0.spellings.compactMap { self.unit(named: $0) } }
  }

  /// The headline unit of each system for a category, in `systems` order: the first unit of the
  /// category itself in each system's `everyday:` group (a system without a group has none).
  package func headlineUnits(in category: UnitCategory, systems: [MeasurementSystem]) -> [PrefixedUnit] {
    let groups =
      systems.compactMap { system in category.everyday.first { $0.system == system } }
      + category.everyday.filter { $0.system == nil }
    return groups.compactMap { group in
      group.spellings.lazy.compactMap { self.unit(named: $0) }
        .first { $0.unit.categoryIdentifier == category.identifier }
    }
  }

  /// A category's common units and featured prefixed forms.
  private func commonAndFeatured(in category: UnitCategory) -> [PrefixedUnit] {
    units(in: category).filter(\.isCommon).map { PrefixedUnit(unit: $0) } + featuredUnits(in: category)
  }

  /// The categories a category names `related:` that have its dimension.
  func relatedCategories(of category: UnitCategory) -> [UnitCategory] {
    category.related.compactMap { self.category(named: $0) }.filter { $0.dimension == category.dimension }
  }

  /// The common units and featured prefixed forms of a category's related categories (nautical
  /// miles and light-years beside length, mol/L beside pH), in their categories' order.
  package func relatedUnits(of category: UnitCategory) -> [PrefixedUnit] {
    relatedCategories(of: category).flatMap { commonAndFeatured(in: $0) }
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
