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
      throw .syntax("expected a number such as 5 or 2.5, found '\(ConvError.printable(text))'",
                    span: SourceSpan(start: 0, length: text.count))
    }
    return number
  }

  /// Converts `value` of each favorite's source unit into its target unit.
  package func results(_ favorites: [ResolvedFavorite], value: Rational?, valueText: String)
    -> [Result<ConversionResult, ConvError>]
  {
    favorites.map { favorite in
      do throws(ConvError) {
        let quantity = try converter.catalog.quantity(typed: valueText, value: value, in: favorite.from,
                                                      shown: valueText + " " + favorite.pair.from)
        return .success(try converter.catalog.convert(quantity, to: favorite.to))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The lines to print, whether a conversion failed (below absolute zero, the reciprocal of
  /// zero), and the messages for standard error: a failed favorite shows the message instead of a
  /// number in human output, an `error` member in JSON, and in terse output no line but a message.
  ///
  /// The favorites are taken one at a time (`FavoritesFile.resolved(in:)` resolves them as they
  /// are asked for) and each leaves only what is printed for it: a resolved pair and its
  /// conversion are kilobytes each (units, terms and conversions are large values), so holding
  /// them all made 100,000 favorites take 860 MB.
  package func lines(_ entries: some Sequence<(entry: FavoritesFile.Entry, favorite: ResolvedFavorite)>,
                    value: Rational?, valueText: String) -> (lines: [String], failed: Bool, errors: [String]) {
    var failed = false
    var errors: [String] = []
    var lines: [String] = []
    var items: [String] = []
    var rows: [Row] = []
    for (entry, favorite) in entries {
      var result = results([favorite], value: value, valueText: valueText)[0]
      if converter.options.mode != .human, case .success(let conversion) = result {
        // Script output refuses what a one-shot refuses (an undeclared reciprocal without --reciprocal).
        do throws(ConvError) {
          try converter.checkScriptable(conversion)
        } catch {
          result = .failure(error)
        }
      }
      if case .failure = result { failed = true }
      switch converter.options.mode {
      case .terse:
        // Failed favorites are reported on standard error, never as `nan` or `0`.
        switch result {
        case .success(let conversion): lines.append(TerseNumber.format(exact: conversion.rational))
        case .failure(let error):
          errors.append("favorite \(entry.position) (\(ConvError.printable(entry.pair.from)) -> "
                        + "\(ConvError.printable(entry.pair.to))): \(error.message)")
        }
      case .json:
        items.append(jsonItem(entry, result).serialized())
      case .human:
        rows.append(row(entry, result, valueText: valueText))
      }
    }
    switch converter.options.mode {
    case .terse: return (lines, failed, errors)
    case .json: return (["[" + items.joined(separator: ",") + "]"], failed, errors)
    case .human: return (render(rows), failed, errors)
    }
  }

  /// What a favorite's line in human output shows, kept until every number is known and the
  /// column can be aligned.
  private struct Row {
    var position: String
    var source: String
    var relation: String
    /// Nil when the conversion failed (the message is in `unit`).
    var number: FormattedNumber?
    var unit: String
  }

  private func jsonItem(_ entry: FavoritesFile.Entry, _ result: Result<ConversionResult, ConvError>) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("position", .int(entry.position)), ("from", .string(entry.pair.from)), ("to", .string(entry.pair.to)),
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

  private func row(_ entry: FavoritesFile.Entry, _ result: Result<ConversionResult, ConvError>,
                   valueText: String) -> Row {
    let presenter = converter.presenter
    let position = String(entry.position)
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
        return Row(position: position, source: source, relation: presenter.relation(exact: exact), number: number,
                   unit: label + mark)
      case .quantity(let localized):
        return Row(position: position, source: source, relation: presenter.relation(exact: exact), number: localized,
                   unit: String(mark.dropFirst()))
      }
    case .failure(let error):
      // A row without a number shows the message instead, unaligned.
      let source = presenter.display(valueText + " " + entry.pair.from)
      return Row(position: position, source: source, relation: ":", number: nil, unit: presenter.display(error.message))
    }
  }

  /// Human lines: positions right-aligned, sources padded, numbers aligned on their separators.
  private func render(_ rows: [Row]) -> [String] {
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

extension String {
  /// The text without trailing spaces.
  fileprivate var trailingSpacesRemoved: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
