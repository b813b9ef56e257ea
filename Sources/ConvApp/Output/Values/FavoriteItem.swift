import ConvKit

/// One favorite converted for the value of `conv fav VALUE`.
package struct FavoriteItem {
  /// The favorite's entry in the file (position and pair as written).
  package let entry: FavoritesFile.Entry
  /// Its conversion, or why it failed.
  package let result: Result<FavoriteValue, ConvError>
  /// The value as typed (`26.2`).
  package let valueText: String
}

/// What one favorite gives: a conversion, or a quantity in several units (`cm -> ft;in`).
package enum FavoriteValue {
  /// Into one unit.
  case single(ConversionResult)
  /// Into several units, largest first.
  case mixed(MixedResult)
}

/// What `conv fav VALUE` prints.
package struct FavoritesOutput: Sendable {
  /// Lines for standard output.
  package var lines: [String] = []
  /// Whether a favorite failed.
  package var failed = false
  /// Messages for standard error.
  package var errors: [String] = []
}
