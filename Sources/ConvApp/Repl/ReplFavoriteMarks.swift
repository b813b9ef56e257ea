import ConvKit

/// The favorites as unit pairs, read from the file after each command: the screen marks a
/// favorite pair and Enter opens a favorite without reading the file at each keystroke.
package struct ReplFavoriteMarks: Sendable {
  /// ``key(_:_:)`` of every favorite whose two sides are single units.
  var pairs: Set<String> = []
  /// The favorites in the order the favorites view lists them; nil for a pair of expressions.
  var list: [(source: PrefixedUnit, target: PrefixedUnit)?] = []
  /// The words of each favorite in ``list`` that a filter looks in (``words(_:)``).
  var words: [[String]] = []

  /// No favorites.
  init() {}

  /// The favorites of a file that resolve in the catalog.
  init(_ file: FavoritesFile, catalog: Catalog) {
    for (_, favorite) in file.resolved(in: catalog) {
      words.append(ReplFavoriteMarks.words(favorite))
      guard let source = favorite.from.singleUnit, let target = favorite.to.singleUnit else {
        list.append(nil)
        continue
      }
      list.append((source, target))
      pairs.insert(ReplFavoriteMarks.key(ReplState.key(source), ReplState.key(target)))
    }
  }

  /// What a filter of the favorites screen looks in: the pair as written in the file, and the
  /// names of its units (`mi`, `km`, `mile`, `kilometre`).
  static func words(_ favorite: ResolvedFavorite) -> [String] {
    [favorite.pair.from, favorite.pair.to] + [favorite.from, favorite.to].compactMap { $0.singleUnit?.name }
  }

  /// The key of a pair of unit keys (``ReplState/key(_:)-(PrefixedUnit)``).
  static func key(_ source: String, _ target: String) -> String { source + ">" + target }
}
