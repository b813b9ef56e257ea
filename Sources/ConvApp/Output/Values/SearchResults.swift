import ConvKit

/// `conv search TEXT`: units and categories ranked by how well a name, symbol or alias matches.
package struct SearchResults: Sendable {
  /// The text looked for.
  package let query: String
  /// The matches, best first.
  package let hits: [UnitSearch.Hit]
  /// The substances whose names match, best first (after the units).
  package let substances: [Substance]

  /// Searches `catalog` for `query`, at most `limit` results (at least one).
  package init(_ query: String, in catalog: Catalog, limit: Int) {
    self.query = query
    hits = UnitSearch(catalog: catalog).search(query, limit: max(1, limit))
    substances = SubstanceTable.builtinMatching(query, limit: max(1, limit))
  }
}
