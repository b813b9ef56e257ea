import ConvKit

/// What the REPL screen shows.
public enum ReplView: Sendable, Hashable {
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
public struct ReplState: Sendable {
  /// The current category.
  public var category: UnitCategory
  /// The unit converted from (left column, highlighted).
  public var source: PrefixedUnit
  /// The unit highlighted in the right column; nil when the category has no other unit.
  public var target: PrefixedUnit?
  /// The value converted.
  public var value: Rational
  /// The search text filtering both columns; empty for none.
  public var filter: String
  /// What the screen shows.
  public var view: ReplView

  /// Creates a state.
  public init(category: UnitCategory, source: PrefixedUnit, target: PrefixedUnit?, value: Rational = .one,
              filter: String = "", view: ReplView = .columns) {
    self.category = category
    self.source = source
    self.target = target
    self.value = value
    self.filter = filter
    self.view = view
  }

  /// A key naming a unit with its prefix, cheap to compare (`k|metre`).
  public static func key(_ unit: PrefixedUnit) -> String {
    (unit.prefix?.symbol ?? "") + "|" + unit.unit.name
  }

  /// A key naming an unprefixed catalog unit.
  public static func key(_ unit: CatalogUnit) -> String { "|" + unit.name }
}

/// Where the REPL keeps favorites (the favorites file). Implementations read the file afresh on
/// every call, so edits made by another process are seen on the next command.
public protocol ReplFavoritesStore {
  /// The file as it is now, checked against the catalog.
  func load() throws -> FavoritesFile
  /// Adds the pair, or removes it when it is already there (however spelled); returns whether it
  /// was added.
  func toggle(_ pair: FavoritePair) throws -> Bool
}

/// What one command produced.
public struct ReplOutcome: Sendable, Equatable {
  /// Result lines: printed as they are in a script, shown under the columns on a screen.
  public var output: [String]
  /// Error messages (and caret lines); the session goes on.
  public var errors: [String]
  /// Whether the user asked to leave.
  public var quit: Bool
  /// How ambiguous spellings were read (`note: pt read as point`): standard error in a script,
  /// under the columns on a screen.
  public var notes: [String]

  /// Creates an outcome.
  public init(output: [String] = [], errors: [String] = [], quit: Bool = false, notes: [String] = []) {
    self.output = output
    self.errors = errors
    self.quit = quit
    self.notes = notes
  }
}
