import ConvFormat
import ConvKit

/// The two columns as plain data: the category's source units on the left, the destinations on the
/// right with the current value converted. The source unit is never on the right.
package struct ReplColumns: Sendable {
  /// A unit as listed.
  package struct Row: Sendable, Hashable {
    /// ``ReplState/key(_:)-(PrefixedUnit)`` of the unit.
    package let key: String
    /// The symbol shown (may be empty).
    package let symbol: String
    /// The name shown.
    package let name: String
    /// Whether the unit matches the filter (the current pair is shown even when it does not).
    package let matches: Bool
    /// The unit (nil in rows made for layout tests).
    package let unit: PrefixedUnit?
    /// Whether the source with this unit is a favorite pair (right column only).
    package var isFavorite = false

    /// Creates a row.
    package init(key: String, symbol: String, name: String, matches: Bool, unit: PrefixedUnit? = nil) {
      self.key = key
      self.symbol = symbol
      self.name = name
      self.matches = matches
      self.unit = unit
    }
  }

  /// A converted value in the right column.
  package struct Value: Sendable, Hashable {
    /// `=` or `≈`.
    package let relation: String
    /// The number, to be aligned with the others.
    package let number: FormattedNumber
    /// The unit's name, singular or plural as the number asks.
    package let name: String

    /// Creates a value.
    package init(relation: String, number: FormattedNumber, name: String) {
      self.relation = relation
      self.number = number
      self.name = name
    }
  }

  /// A row of the right column.
  package struct Destination: Sendable, Hashable {
    /// The unit.
    package let row: Row
    /// The current value in that unit; nil until converted (a screen converts only the rows it
    /// draws, see ``ReplSession/convertValues(of:rows:)``).
    package var value: Value?

    /// Creates a destination row.
    package init(row: Row, value: Value?) {
      self.row = row
      self.value = value
    }
  }

  /// Left column, display order.
  package var sources: [Row]
  /// Position of the source unit in ``sources``.
  package var sourceIndex: Int
  /// Right column, display order, without the source unit.
  package var destinations: [Destination]
  /// Position of the target unit in ``destinations``.
  package var targetIndex: Int?
  /// Rows of the category matching the filter (all when there is none).
  package var matching: Int
  /// Rows of the category: its units and its featured prefixed forms.
  package var total: Int

  /// Creates columns.
  package init(
    sources: [Row], sourceIndex: Int, destinations: [Destination], targetIndex: Int?, matching: Int,
    total: Int
  ) {
    self.sources = sources
    self.sourceIndex = sourceIndex
    self.destinations = destinations
    self.targetIndex = targetIndex
    self.matching = matching
    self.total = total
  }
}

extension ReplSession {
  /// The two columns for the current state, filtered.
  ///
  /// With a filter, only matching units are listed, except that the current source and target
  /// stay (so the highlighted pair is always on screen); `pinned: false` leaves them out too.
  /// `converted: false` leaves every value nil (a key that only moves the pair needs none).
  package func columns(pinned: Bool = true, converted: Bool = true) -> ReplColumns {
    prepareCache()
    let query = UnitSearch.Query(state.filter)
    let identifier = state.category.identifier
    // Without a filter the search index is not needed (nor built: it costs more than a screen).
    let count = catalog.unitCount(in: state.category)
    let matching = query.isEmpty ? nil : search.units(inCategory: identifier, matching: query)
    // The category's featured prefixed forms (`km`) are rows too, among the units by size.
    let own = catalog.columnUnits(in: state.category)
    let featured = catalog.featuredUnits(in: state.category)
    let matchingFeatured = query.isEmpty ? featured : featured.filter { search.matches($0, query: query) }
    let matchingKeys = matching.map { Set($0.map { ReplState.key($0) } + matchingFeatured.map { ReplState.key($0) }) }
    let sourceKey = ReplState.key(state.source)
    let targetKey = state.target.map { ReplState.key($0) }
    let presenter = display.presenter
    let favoriteKeys = favoriteMarks.pairs

    func row(_ unit: PrefixedUnit, key: String) -> ReplColumns.Row {
      ReplColumns.Row(
        key: key, symbol: unit.unit.symbols.isEmpty ? "" : presenter.symbol(unit),
        name: presenter.display(unit.name), matches: matchingKeys?.contains(key) ?? true, unit: unit)
    }

    var sources: [ReplColumns.Row] = []
    var destinations: [ReplColumns.Destination] = []
    var sourceIndex: Int? = nil
    var targetIndex: Int? = nil
    // A prefixed source or target (`from km`) that is not a featured row goes after its unit.
    let featuredKeys = Set(featured.map { ReplState.key($0) })
    let extraSource = state.source.prefix == nil || featuredKeys.contains(sourceKey) ? nil : state.source
    let extraTarget = state.target?.prefix == nil || targetKey.map(featuredKeys.contains) == true ? nil : state.target
    var placedSource = extraSource == nil
    var placedTarget = extraTarget == nil

    func addSource(_ unit: PrefixedUnit, key: String) {
      let isSource = key == sourceKey
      guard isSource || (matchingKeys?.contains(key) ?? true) else { return }
      if isSource { sourceIndex = sources.count }
      sources.append(row(unit, key: key))
    }
    // Rows of other categories (nautical miles beside miles) match the filter as `conv search` would.
    var foreignMatching = 0
    var foreignTotal = 0
    func addDestination(_ unit: PrefixedUnit, key: String) {
      guard key != sourceKey else { return }
      let isTarget = key == targetKey
      var matches = matchingKeys?.contains(key) ?? true
      if unit.unit.categoryIdentifier != identifier {
        foreignTotal += 1
        if !query.isEmpty { matches = search.matches(unit, query: query) }
        if matches { foreignMatching += 1 }
      }
      guard (isTarget && pinned) || matches else { return }
      if isTarget { targetIndex = destinations.count }
      var destination = row(unit, key: key)
      destination.isFavorite = favoriteKeys.contains(ReplFavoriteMarks.key(sourceKey, key))
      destinations.append(ReplColumns.Destination(row: destination, value: nil))
    }

    // Left: the common units and featured prefixed forms first, by size, then the rest of the
    // category in display order: the first screen of a category shows what a person expects,
    // whatever the filter leaves of the rest below.
    for unit in own {
      let key = ReplState.key(unit)
      guard unit.prefix == nil || featuredKeys.contains(key) else { continue }
      addSource(unit, key: key)
      if let extraSource, !placedSource, extraSource.unit.name == unit.unit.name, unit.prefix == nil {
        addSource(extraSource, key: sourceKey)
        placedSource = true
      }
    }
    if let extraSource, !placedSource { addSource(extraSource, key: sourceKey) }
    // Right: the same, with the units the one-shot column shows beside the category's own
    // (nautical miles beside miles, L/100km beside mpg) among the common ones.
    var listed = Set<String>()
    for unit in destinationUnits(own: own, featured: featured) {
      let key = ReplState.key(unit)
      guard listed.insert(key).inserted else { continue }
      addDestination(unit, key: key)
      if let extraTarget, !placedTarget, extraTarget.unit.name == unit.unit.name, unit.prefix == nil, let targetKey {
        listed.insert(targetKey)
        addDestination(extraTarget, key: targetKey)
        placedTarget = true
      }
    }
    // A target of another category chosen by `to` (any unit the quantity converts into) is listed
    // too, so that the pair is always on screen.
    if let target = state.target, let targetKey, !listed.contains(targetKey) { addDestination(target, key: targetKey) }
    if !pinned, let index = sourceIndex, !sources[index].matches {
      sources.remove(at: index)
      sourceIndex = nil
    }
    var columns = ReplColumns(
      sources: sources, sourceIndex: sourceIndex ?? 0, destinations: destinations,
      targetIndex: targetIndex,
      matching: (matching?.count ?? count) + matchingFeatured.count + foreignMatching,
      total: count + featured.count + foreignTotal)
    if converted { convertValues(of: &columns, at: columns.destinations.indices) }
    return columns
  }

  /// Converts the current value into the destinations at `indices` (cached, see ``destinationValue(_:from:)``).
  func convertValues(of columns: inout ReplColumns, at indices: some Sequence<Int>) {
    var quantity: Quantity? = nil
    func source() -> Quantity {
      if let quantity { return quantity }
      let made = sourceQuantity
      quantity = made
      return made
    }
    for index in indices where columns.destinations[index].value == nil {
      guard let unit = columns.destinations[index].row.unit else { continue }
      columns.destinations[index].value = destinationValue(unit, from: source())
    }
  }

  /// Converts only the destinations a screen of `rows` rows draws (at 200×50, at most 47 of volume's 155).
  package func convertValues(of columns: inout ReplColumns, rows: Int) {
    convertValues(of: &columns, at: ReplLayout.drawnDestinations(columns, rows: rows))
  }

  /// The units of the right column, in order: the category's common units and featured forms with
  /// its related categories' (`Catalog.relatedUnits(of:)`), by size; its reciprocal categories'
  /// common units; then the rest of the category. A unit may be listed twice (the caller skips it).
  /// `own` and `featured` are the category's ``Catalog/columnUnits(in:)`` and ``Catalog/featuredUnits(in:)``.
  func destinationUnits(own: [PrefixedUnit], featured: [PrefixedUnit]) -> [PrefixedUnit] {
    let featured = Set(featured.map { ReplState.key($0) })
    let common = own.prefix { $0.unit.isCommon || $0.prefix != nil }
    let rest = own.dropFirst(common.count).filter { $0.prefix == nil || featured.contains(ReplState.key($0)) }
    return Catalog.byMagnitude(Array(common) + catalog.relatedUnits(of: state.category))
      + Catalog.byMagnitude(catalog.reciprocalUnits(of: state.category)) + rest
  }

  /// The destination column as plain lines for a script: a title line, then one aligned line per
  /// matching unit (`  = 8.04672 km  kilometres`), as `conv 5 mi` prints it.
  package func columnLines() -> [String] {
    let columns = columns(pinned: false)
    var lines = [display.sourceText(sourceQuantity) + " (" + state.category.title.lowercased() + ") is"]
    let converted = columns.destinations.compactMap { destination in destination.value.map { (destination.row, $0) } }
    let numbers = ColumnAligner.align(converted.map(\.1.number), color: false)
    let symbolWidth = converted.map { DisplayWidth.of($0.0.symbol) }.max() ?? 0
    for ((row, value), number) in zip(converted, numbers) {
      let symbol = ReplText.pad(row.symbol, to: symbolWidth)
      let line = "  " + value.relation + " " + number + " " + symbol + "  " + value.name
      lines.append(String(line.droppingTrailingSpaces))
    }
    if columns.destinations.isEmpty {
      let filter = display.presenter.display(state.filter)
      lines.append(state.filter.isEmpty ? "  (no other unit)" : "  (no unit matches '\(filter)')")
    }
    return lines
  }

  /// The categories as lines: identifier, title and unit count.
  package func categoryLines(_ categories: [UnitCategory]? = nil) -> [String] {
    let categories = categories ?? catalog.categories
    let width = categories.map { DisplayWidth.of($0.identifier) }.max() ?? 0
    return categories.map { category in
      let count = search.units(inCategory: category.identifier, matching: UnitSearch.Query("")).count
      return "  " + ReplText.pad(category.identifier, to: width) + "  " + category.title + " (\(count) units)"
    }
  }
}
