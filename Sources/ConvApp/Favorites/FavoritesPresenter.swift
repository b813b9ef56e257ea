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
  package func value(_ text: String) throws(ConvError) -> Rational {
    let quantity = try converter.catalog.parseQuantity(text)
    guard let number = quantity.number, quantity.unit == nil, quantity.dimension.isNone else {
      throw .syntax("expected a number such as 5 or 2.5, found '\(ConvError.printable(text))'",
                    span: SourceSpan(start: 0, length: text.count))
    }
    return number
  }

  /// Converts `value` of each favorite's source unit into its target unit.
  package func results(_ favorites: [ResolvedFavorite], value: Rational, valueText: String)
    -> [Result<ConversionResult, ConvError>]
  {
    favorites.map { favorite in
      do throws(ConvError) {
        let quantity = try converter.catalog.quantity(value, in: favorite.from,
                                                      text: valueText + " " + favorite.pair.from)
        return .success(try converter.catalog.convert(quantity, to: favorite.to))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The lines to print, whether a conversion failed (below absolute zero, the reciprocal of
  /// zero), and the messages for standard error: a failed favorite shows the message instead of a
  /// number in human output, an `error` member in JSON, and in terse output no line but a message.
  package func lines(_ entries: [(entry: FavoritesFile.Entry, favorite: ResolvedFavorite)], value: Rational,
                    valueText: String) -> (lines: [String], failed: Bool, errors: [String]) {
    var results = results(entries.map(\.favorite), value: value, valueText: valueText)
    if converter.options.mode != .human {
      // Script output refuses what a one-shot refuses (an undeclared reciprocal without --reciprocal).
      results = results.map { result in
        guard case .success(let conversion) = result else { return result }
        do throws(ConvError) {
          try converter.checkScriptable(conversion)
          return result
        } catch {
          return .failure(error)
        }
      }
    }
    let failed = results.contains { if case .failure = $0 { true } else { false } }
    var errors: [String] = []
    if converter.options.mode == .terse {
      for (item, result) in zip(entries, results) {
        if case .failure(let error) = result {
          errors.append("favorite \(item.entry.position) (\(ConvError.printable(item.entry.pair.from)) -> "
                        + "\(ConvError.printable(item.entry.pair.to))): \(error.message)")
        }
      }
    }
    return (render(entries, results, valueText: valueText), failed, errors)
  }

  private func render(_ entries: [(entry: FavoritesFile.Entry, favorite: ResolvedFavorite)],
                      _ results: [Result<ConversionResult, ConvError>], valueText: String) -> [String] {
    let presenter = converter.presenter
    switch converter.options.mode {
    case .terse:
      // Failed favorites are reported on standard error (see `lines`), never as `nan` or `0`.
      return results.compactMap { result in
        guard case .success(let conversion) = result else { return nil }
        return TerseNumber.format(exact: conversion.rational)
      }
    case .json:
      let items: [JSONValue] = zip(entries, results).map { item, result in
        var members: [(String, JSONValue)] = [
          ("position", .int(item.entry.position)), ("from", .string(item.entry.pair.from)),
          ("to", .string(item.entry.pair.to)),
        ]
        switch result {
        case .success(let conversion):
          do throws(ConvError) {
            if case .object(let fields) = try converter.json(conversion) { members += fields }
          } catch {
            members.append(("error", .string(error.message)))
          }
        case .failure(let error):
          members.append(("error", .string(error.message)))
        }
        return .object(members)
      }
      return [JSONValue.array(items).serialized()]
    case .human:
      // A row without a number (the conversion failed) shows the message instead, unaligned.
      var rows: [(position: String, source: String, relation: String, number: FormattedNumber?, unit: String)] = []
      for (item, result) in zip(entries, results) {
        let position = String(item.entry.position)
        switch result {
        case .success(let conversion):
          let source = converter.sourceText(conversion.quantity)
          let shown = presenter.digits(of: conversion.value, isExact: conversion.isExact)
          let exact = converter.options.exact ? (conversion.isExact && conversion.value.isRational || shown.isExact)
            : shown.isExact
          let number = presenter.humanNumber(conversion.value, isExact: conversion.isExact)
          // An undeclared reciprocal (`s -> Hz`) is marked, as on a one-shot's line.
          let mark = converter.isUndeclaredReciprocal(conversion) ? " (reciprocal)" : ""
          switch presenter.label(for: shown, unit: conversion.target) {
          case .unit(let label):
            rows.append((position, source, presenter.relation(exact: exact), number, label + mark))
          case .quantity(let localized):
            rows.append((position, source, presenter.relation(exact: exact), localized, String(mark.dropFirst())))
          }
        case .failure(let error):
          let source = presenter.display(valueText + " " + item.entry.pair.from)
          rows.append((position, source, ":", nil, presenter.display(error.message)))
        }
      }
      var numbers = ColumnAligner.align(rows.compactMap(\.number), color: converter.options.color).makeIterator()
      let positionWidth = rows.map { $0.position.count }.max() ?? 0
      let sourceWidth = rows.map { DisplayWidth.of($0.source) }.max() ?? 0
      return rows.map { row in
        var line = String(repeating: " ", count: positionWidth - row.position.count) + row.position + "  "
          + row.source + String(repeating: " ", count: sourceWidth - DisplayWidth.of(row.source)) + " " + row.relation
        if row.number != nil, let number = numbers.next() { line += " " + number }
        if !row.unit.isEmpty { line += " " + row.unit }
        return line.trailingSpacesRemoved
      }
    }
  }
}

extension String {
  /// The text without trailing spaces.
  fileprivate var trailingSpacesRemoved: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
