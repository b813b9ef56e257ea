import ConvFormat
import ConvKit

/// Output for `conv fav`: every favorite converted for one value, in the converter's mode.
///
/// Human output numbers the favorites (the positions `conv fav rm N` and `conv fav mv N M` take)
/// and aligns the results on their decimal separators, like the whole-column view:
///
/// ```
/// 1  1 mi        = 1.609344    km
/// 2  1 °F        ≈ −17.222222  °C
/// 3  1 short ton = 907.18474   kg
/// ```
///
/// Terse output is one number per line; JSON output is one array with an object per favorite
/// (the converter's fields plus `position`, `from` and `to`).
package struct FavoritesPresenter: Sendable {
  /// The converter whose options and presenter are used.
  package let converter: Converter

  /// Creates a presenter.
  package init(converter: Converter) {
    self.converter = converter
  }

  /// Reads the value to convert (`1`, `5`, `-40`, `1/3`, `2.5e3`): a plain number, no unit.
  package func value(_ text: String) throws(ConvError) -> Rational? {
    // A gauge number that is no number (`4/0`) is read per favorite, for the gauges among them.
    if text.contains("/"), Catalog.gaugeNumber(text.replTrimmed) != nil { return nil }
    let quantity = try converter.catalog.parseQuantity(text)
    guard let number = quantity.number, quantity.unit == nil, quantity.dimension.isNone else {
      throw .syntax(
        "expected a number such as 5 or 2.5, found '\(ConvError.printable(text))'",
        span: SourceSpan(start: 0, length: text.count))
    }
    return number
  }

  /// Converts `value` of each favorite's source unit into its target unit (or units: `ft;in`, as
  /// a one-shot does).
  package func results(_ favorites: [ResolvedFavorite], value: Rational?, valueText: String)
    -> [Result<FavoriteValue, ConvError>]
  {
    favorites.map { favorite in
      do throws(ConvError) {
        let quantity = try converter.catalog.quantity(
          typed: valueText, value: value, in: favorite.from,
          shown: valueText + " " + favorite.pair.from)
        if favorite.targets.count > 1 {
          return .success(.mixed(try MixedResult(quantity, into: favorite.targets, catalog: converter.catalog)))
        }
        return .success(.single(try converter.catalog.convert(quantity, to: favorite.to)))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The lines to print, whether a conversion failed (below absolute zero, the reciprocal of
  /// zero), and the messages for standard error, as the converter's writer renders them: a failed
  /// favorite shows the message instead of a number in human output, an `error` member in JSON,
  /// and in terse output no line but a message.
  ///
  /// The favorites are taken one at a time (`FavoritesFile.resolved(in:)` resolves them as they
  /// are asked for) and each leaves only what is printed for it: a resolved pair and its
  /// conversion are kilobytes each (units, terms and conversions are large values), so holding
  /// them all made 100,000 favorites take 860 MB.
  package func lines(
    _ entries: some Sequence<(entry: FavoritesFile.Entry, favorite: ResolvedFavorite)>,
    value: Rational?, valueText: String
  ) -> (lines: [String], failed: Bool, errors: [String]) {
    let items = entries.lazy.map { entry, favorite in
      FavoriteItem(
        entry: entry, result: results([favorite], value: value, valueText: valueText)[0],
        valueText: valueText)
    }
    let output = converter.writer.favorites(items, by: converter)
    return (output.lines, output.failed, output.errors)
  }

  /// What `conv fav` prints when there are no favorites: standard output lines, or a message.
  package func noFavorites() -> (lines: [String], error: String?) { converter.writer.noFavorites() }
}
