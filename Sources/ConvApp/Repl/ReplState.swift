import ConvKit

/// What the REPL screen shows.
package enum ReplView: Sendable, Hashable {
  /// The two columns: source units on the left, destinations with values on the right.
  case columns
  /// The favorite pairs, each with the current value converted.
  case favorites
  /// The command list.
  case help
  /// The categories.
  case categories
}

/// The REPL's current choice: category, pair, value, filter and view.
package struct ReplState: Sendable {
  /// The current category.
  package var category: UnitCategory
  /// The unit converted from (left column, highlighted).
  package var source: PrefixedUnit
  /// The unit highlighted in the right column; nil when the category has no other unit.
  package var target: PrefixedUnit?
  /// The value converted.
  package var value: Rational
  /// The search text filtering both columns; empty for none.
  package var filter: String
  /// What the screen shows.
  package var view: ReplView
  /// The highlighted line of the categories and favorites views (among those the filter leaves).
  package var highlight = 0
  /// The substance the source unit is of (`from cup flour`), which lets `to g` bridge; nil for none.
  package var substance: SubstanceUse? = nil

  /// Creates a state.
  package init(
    category: UnitCategory, source: PrefixedUnit, target: PrefixedUnit?, value: Rational = .one,
    filter: String = "", view: ReplView = .columns
  ) {
    self.category = category
    self.source = source
    self.target = target
    self.value = value
    self.filter = filter
    self.view = view
  }

  /// A key naming a unit with its prefix, cheap to compare (`k|metre`).
  package static func key(_ unit: PrefixedUnit) -> String {
    (unit.prefix?.symbol ?? "") + "|" + unit.unit.name
  }

  /// A key naming an unprefixed catalog unit.
  package static func key(_ unit: CatalogUnit) -> String { "|" + unit.name }
}

/// Where the REPL keeps favorites (the favorites file). Implementations read the file afresh on
/// every call, so edits made by another process are seen on the next command.
package protocol ReplFavoritesStore {
  /// The file as it is now, checked against the catalog.
  func load() throws -> FavoritesFile
  /// Adds the pair, or removes it when it is already there (however spelled); returns whether it
  /// was added.
  func toggle(_ pair: FavoritePair) throws -> Bool
  /// The file's bad lines as `PATH:LINE: reason` (the favorites list names them under the good ones).
  func problems(in file: FavoritesFile) -> [String]
}

extension ReplFavoritesStore {
  package func problems(in file: FavoritesFile) -> [String] { [] }
}

/// What one command produced.
package struct ReplOutcome: Sendable, Equatable {
  /// Result lines: printed as they are in a script, shown under the columns on a screen.
  package var output: [String]
  /// Error messages (and caret lines); the session goes on.
  package var errors: [String]
  /// Whether the user asked to leave.
  package var quit: Bool
  /// How ambiguous spellings were read (`note: pt read as point`): standard error in a script,
  /// under the columns on a screen.
  package var notes: [String]

  /// Creates an outcome.
  package init(output: [String] = [], errors: [String] = [], quit: Bool = false, notes: [String] = []) {
    self.output = output
    self.errors = errors
    self.quit = quit
    self.notes = notes
  }
}
