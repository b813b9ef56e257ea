import ConvFormat
import ConvKit

/// Keys and the line being typed: moving the pair, the live filter and Enter on a highlighted
/// category or favorite. Each changes the state at once; the terminal redraws the screen.
extension ReplSession {
  /// Carries out a key's action; `page` is how many rows a screen moves. Returns a message when
  /// the key was refused (a source in which the value cannot stand: `-40` and kelvins).
  @discardableResult
  package mutating func perform(_ action: ReplAction, page: Int) -> String? {
    switch (state.view, action) {
    case (_, .clearFilter):
      state.filter = ""
      editingFilter = false
      state.highlight = 0
      return nil
    case (.columns, .source(let move)):
      let columns = columns(converted: false)
      guard !columns.sources.isEmpty else { return nil }
      let index = ReplSession.moved(columns.sourceIndex, move, count: columns.sources.count, page: page)
      guard let unit = columns.sources[index].unit else { return nil }
      return moveSource(to: unit)
    case (.columns, .target(let move)):
      let columns = columns(converted: false)
      guard let current = columns.targetIndex, !columns.destinations.isEmpty else { return nil }
      let index = ReplSession.moved(current, move, count: columns.destinations.count, page: page)
      if let unit = columns.destinations[index].row.unit { state.target = unit }
      return nil
    case (.categories, .source(let move)):
      state.highlight = ReplSession.moved(state.highlight, move, count: shownCategories.count, page: page)
      return nil
    case (.favorites, .source(let move)):
      state.highlight = ReplSession.moved(state.highlight, move, count: shownFavorites.count, page: page)
      return nil
    default:
      return nil
    }
  }

  /// The line as it is being typed: a line starting with `/` filters the screen at each key; when
  /// it no longer does (deleted, Esc), the filter it set is cleared. Returns whether the state changed.
  @discardableResult
  package mutating func edit(line: String) -> Bool {
    let trimmed = line.replTrimmed
    guard trimmed.hasPrefix("/") else {
      guard editingFilter else { return false }
      editingFilter = false
      state.filter = ""
      state.highlight = 0
      return true
    }
    let filter = String(trimmed.dropFirst()).replTrimmed
    editingFilter = true
    if state.view == .help { state.view = .columns }
    guard filter != state.filter else { return false }
    state.filter = filter
    state.highlight = 0
    return true
  }

  /// The index `move` leads to from `index` among `count` rows.
  static func moved(_ index: Int, _ move: ReplMove, count: Int, page: Int) -> Int {
    guard count > 0 else { return 0 }
    let next =
      switch move {
      case .up: index - 1
      case .down: index + 1
      case .pageUp: index - max(1, page)
      case .pageDown: index + max(1, page)
      case .first: 0
      case .last: count - 1
      }
    return min(max(0, next), count - 1)
  }

  /// Makes `unit` (of the current category) the source, as `from` does: moving onto the target
  /// swaps the pair. Refused, with the reason, when the value cannot stand in it.
  private mutating func moveSource(to unit: PrefixedUnit) -> String? {
    let before = state
    if let target = state.target, ReplState.key(target) == ReplState.key(unit) { state.target = state.source }
    state.source = unit
    if let problem = valueProblem {
      state = before
      return problem
    }
    return nil
  }

  /// Whether the filter keeps a line of the categories or favorites screen: one of its words
  /// contains the filter, case and accents ignored. Every line is kept without a filter.
  func listFilterKeeps(_ words: [String]) -> Bool {
    guard !state.filter.isEmpty else { return true }
    let query = TextFolding.fold(state.filter)
    return words.contains { TextFolding.fold($0).contains(text: query) }
  }

  /// The categories the filter leaves, in catalog order.
  package var shownCategories: [UnitCategory] {
    catalog.categories.filter { listFilterKeeps([$0.identifier, $0.title]) }
  }

  /// The favorites the filter leaves (nil for a pair of expressions), in the favorites' order.
  var shownFavorites: [(source: PrefixedUnit, target: PrefixedUnit)?] {
    zip(favoriteMarks.list, favoriteMarks.words).filter { listFilterKeeps($0.1) }.map(\.0)
  }

  /// Enter on an empty line: opens the highlighted category or favorite; nothing elsewhere.
  mutating func openHighlighted() -> ReplOutcome {
    switch state.view {
    case .categories:
      let categories = shownCategories
      guard state.highlight < categories.count else { return ReplOutcome() }
      state.filter = ""
      return handle("cat " + categories[state.highlight].identifier)
    case .favorites:
      let favorites = shownFavorites
      guard state.highlight < favorites.count else { return ReplOutcome() }
      guard let pair = favorites[state.highlight],
        let category = catalog.category(named: pair.source.unit.categoryIdentifier)
      else {
        return ReplOutcome(errors: ["this favorite converts expressions: type it as a conversion"])
      }
      let before = state
      state.filter = ""
      state.view = .columns
      if category.identifier != state.category.identifier {
        state.category = category
      }
      state.source = pair.source
      state.target = pair.target
      if let problem = valueProblem {
        state = before
        return ReplOutcome(errors: [problem])
      }
      return ReplOutcome()
    default:
      return ReplOutcome()
    }
  }
}
