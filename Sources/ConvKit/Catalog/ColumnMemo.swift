import Synchronization

/// The candidate rows of curated columns, kept per category, source unit and order of systems
/// for a catalog storage's life (at most `limit` columns; beyond, the memo starts again).
final class ColumnMemo: Sendable {
  private let columns = Table<ColumnCandidates>()
  /// Each category's featured prefixed units, by identifier (every column counts what it leaves out).
  private let featured = Table<[PrefixedUnit]>()

  /// The featured units of a category, made by `make` the first time.
  func featuredUnits(of identifier: String, make: () -> [PrefixedUnit]) -> [PrefixedUnit] {
    featured.value(for: identifier, make: make)
  }

  /// The rows kept under `key`, made by `make` the first time.
  func rows(for key: String, make: () -> ColumnCandidates) -> ColumnCandidates {
    columns.value(for: key, make: make)
  }

  /// Values by key, made once each (at most `limit`; beyond, the table starts again).
  private final class Table<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    private static var limit: Int { 512 }

    func value(for key: String, make: () -> Value) -> Value {
      if let kept = values.withLock({ $0[key] }) { return kept }
      let made = make()
      values.withLock { table in
        if table.count >= Table.limit { table.removeAll() }
        table[key] = made
      }
      return made
    }
  }
}
