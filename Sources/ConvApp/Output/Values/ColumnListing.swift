import ConvKit

/// The units of a category's full column (``Catalog/columnUnits(in:)``: its own units and its
/// featured prefixed forms), the source unit left out: how a curated column counts the units it
/// does not show (`… 28 more length units`), without building them.
struct ColumnListing {
  /// How many units the full column lists.
  let total: Int
  private let category: String
  private let featured: [PrefixedUnit]
  private let source: PrefixedUnit?

  init(category: UnitCategory, source: PrefixedUnit?, catalog: Catalog) {
    let featured = catalog.featuredUnits(in: category)
    let listsSource = source.map { ColumnListing.isListed($0, category: category.identifier, featured: featured) }
    total = catalog.unitCount(in: category) + featured.count - (listsSource == true ? 1 : 0)
    self.category = category.identifier
    self.featured = featured
    self.source = source
  }

  /// Whether the full column lists `unit`.
  func lists(_ unit: PrefixedUnit) -> Bool {
    unit != source && ColumnListing.isListed(unit, category: category, featured: featured)
  }

  private static func isListed(_ unit: PrefixedUnit, category: String, featured: [PrefixedUnit]) -> Bool {
    unit.unit.categoryIdentifier == category && (unit.prefix == nil || featured.contains(unit))
  }
}
