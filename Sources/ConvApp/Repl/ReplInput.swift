import ConvKit

/// One line typed at the REPL, classified.
///
/// Commands are checked first (`help`, `from mi`, `/nau` …), then a category name, then a bare
/// number; anything else is a conversion, read exactly as on the command line.
package enum ReplInput: Sendable, Equatable {
  /// An empty line.
  case nothing
  /// `length` or `cat length`: select a category (the name as typed).
  case category(String)
  /// `cat` or `cats` alone: list the categories.
  case categories
  /// `/TEXT`: filter both columns; `/` alone clears the filter (empty text).
  case filter(String)
  /// `from UNIT`: the unit to convert from.
  case from(String)
  /// `to UNIT`: the unit highlighted in the right column.
  case to(String)
  /// `swap`: exchange the two units of the pair.
  case swap
  /// A bare number (`5`, `-40`, `1/3`, `2.5e3`): the value to convert.
  case value(Rational)
  /// `5 mi to km`, `5 mi`: a conversion, run as on the command line.
  case expression(String)
  /// `fav`: add or remove the current pair in the favorites file.
  case toggleFavorite
  /// `favs`: the favorites view with the current value.
  case favorites
  /// `show`: back to the two columns (in a script: print the destination column).
  case show
  /// `help` or `?`.
  case help
  /// `quit`, `exit` (Ctrl-D too).
  case quit
  /// A command used wrongly (`from` without a unit); the message says how.
  case invalid(String)

  /// Classifies a line.
  /// A gauge number (`0000`, `4/0`) is a value when the source unit is a gauge scale (AWG).
  package static func parse(
    _ line: String, catalog: Catalog, conventions: NumberConventions = .standard,
    source: PrefixedUnit? = nil
  ) -> ReplInput {
    let text = line.replTrimmed
    guard !text.isEmpty else { return .nothing }
    if source?.unit.scale?.readsGaugeNumbers == true, let gauge = Catalog.gaugeNumber(text) {
      return .value(Rational(gauge))
    }
    if text.hasPrefix("/") { return .filter(String(text.dropFirst()).replTrimmed) }
    let (head, rest) = text.splitFirstWord()
    if let command = ReplCommands.command(named: head), let input = command.parse(rest) { return input }
    if catalog.category(named: text) != nil { return .category(text) }
    if let quantity = try? catalog.parseQuantity(text, conventions: conventions), quantity.unit == nil,
      let number = quantity.number,
      quantity.dimension.isNone
    {
      return .value(number)
    }
    return .expression(text)
  }
}

extension String {
  /// The text without leading and trailing white space.
  var replTrimmed: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }

  /// The first word and the trimmed rest.
  func splitFirstWord() -> (String, String) {
    guard let space = firstIndex(where: \.isWhitespace) else { return (self, "") }
    return (String(self[..<space]), String(self[space...]).replTrimmed)
  }
}
