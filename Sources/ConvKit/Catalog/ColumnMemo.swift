import Synchronization

/// The candidate rows of curated columns, kept per category, source unit and order of systems
/// for a catalog storage's life (at most `limit` columns; beyond, the memo starts again).
final class ColumnMemo: Sendable {
  private let columns = Mutex<[String: ColumnCandidates]>([:])
  /// Each category's featured prefixed units, by identifier (every column counts what it leaves out).
  private let featured = Mutex<[String: [PrefixedUnit]]>([:])
  private static var limit: Int { 512 }

  /// The featured units of a category, made by `make` the first time.
  func featuredUnits(of identifier: String, make: () -> [PrefixedUnit]) -> [PrefixedUnit] {
    if let kept = featured.withLock({ $0[identifier] }) { return kept }
    let made = make()
    featured.withLock { table in
      if table.count >= ColumnMemo.limit { table.removeAll() }
      table[identifier] = made
    }
    return made
  }

  /// The rows kept under `key`, made by `make` the first time.
  func rows(for key: String, make: () -> ColumnCandidates) -> ColumnCandidates {
    if let kept = columns.withLock({ $0[key] }) { return kept }
    let made = make()
    columns.withLock { table in
      if table.count >= ColumnMemo.limit { table.removeAll() }
      table[key] = made
    }
    return made
  }
}

/// The rows of a curated column before the value is known, and the spare units that may replace
/// rows in which the value reads badly.
struct ColumnCandidates: Sendable {
  var rows: [PrefixedUnit]
  var spare: [PrefixedUnit]
}
