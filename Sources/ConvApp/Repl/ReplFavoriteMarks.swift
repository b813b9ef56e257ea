import ConvKit

/// The favorites as unit pairs, read from the file after each command: the screen marks a
/// favorite pair and Enter opens a favorite without reading the file at each keystroke.
package struct ReplFavoriteMarks: Sendable {
  /// ``key(_:_:)`` of every favorite whose two sides are single units.
  var pairs: Set<String> = []
  /// The favorites in the order the favorites view lists them; nil for a pair of expressions.
  var list: [(source: PrefixedUnit, target: PrefixedUnit)?] = []

  /// No favorites.
  init() {}

  /// The favorites of a file that resolve in the catalog.
  init(_ file: FavoritesFile, catalog: Catalog) {
    for (_, favorite) in file.resolved(in: catalog) {
      guard let source = favorite.from.singleUnit, let target = favorite.to.singleUnit else {
        list.append(nil)
        continue
      }
      list.append((source, target))
      pairs.insert(ReplFavoriteMarks.key(ReplState.key(source), ReplState.key(target)))
    }
  }

  /// The key of a pair of unit keys (``ReplState/key(_:)-(PrefixedUnit)``).
  static func key(_ source: String, _ target: String) -> String { source + ">" + target }
}
