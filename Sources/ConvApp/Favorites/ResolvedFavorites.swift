import ConvKit

/// The favorites of a file resolved against a catalog, each when iteration reaches it (see
/// `FavoritesFile.resolved(in:)`); a pair that does not resolve is left out.
///
/// A type of its own rather than `entries.lazy.compactMap { … }`: the Swift runtime builds the
/// metadata of that nested generic type from its mangled name on first use, which cost `conv fav`
/// 0.35 M instructions, a fifth of a one-shot conversion.
package struct ResolvedFavorites: Sequence {
  let entries: [FavoritesFile.Entry]
  let catalog: Catalog

  /// Resolves the entries in order, skipping those that do not resolve.
  package struct Iterator: IteratorProtocol {
    let favorites: ResolvedFavorites
    var index = 0

    package mutating func next() -> (entry: FavoritesFile.Entry, favorite: ResolvedFavorite)? {
      while index < favorites.entries.count {
        let entry = favorites.entries[index]
        index += 1
        if let favorite = try? ResolvedFavorite(entry.pair, catalog: favorites.catalog) { return (entry, favorite) }
      }
      return nil
    }
  }

  package func makeIterator() -> Iterator { Iterator(favorites: self) }
}
