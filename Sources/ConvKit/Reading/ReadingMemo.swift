import Synchronization

/// The readings of the spellings a catalog has found, kept for the catalog's life, and the last
/// few spellings it did not find.
///
/// A batch names the same units line after line (`to km`), and each look-up of a spelling is
/// several bisections of the compiled tables and a unit built from its record. Found spellings
/// are kept, at most `capacity` of each kind; of the unknown ones (seldom typed twice) only the
/// last `recentUnknowns`, for the readings of one line that ask again (a line without `to` is
/// tried split and whole, then read). Only ASCII spellings are kept (strings compare canonically,
/// and two spellings equal as strings but not as bytes may read differently), and no reading of
/// a unit that follows the exchange rates (those may be replaced while the catalog lives; the
/// spellings a catalog knows do not change). Memory stays bounded whatever the input.
final class ReadingMemo: Sendable {
  private struct Tables {
    var standalone: [String: [PrefixedUnit]] = [:]
    var inside: [String: [PrefixedUnit]] = [:]
    /// Spellings found unknown, the latest last.
    var unknownStandalone: [String] = []
    var unknownInside: [String] = []
  }
  private let tables = Mutex(Tables())

  /// Most spellings kept of each kind (alone, inside an expression).
  static let capacity = 4096
  /// Most unknown spellings kept of each kind.
  static let recentUnknowns = 16

  /// The readings kept for a spelling (none for a spelling kept as unknown), nil when none are.
  func readings(of spelling: String, standalone: Bool) -> [PrefixedUnit]? {
    guard ReadingMemo.mayKeep(spelling) else { return nil }
    return tables.withLock { tables in
      if let found = standalone ? tables.standalone[spelling] : tables.inside[spelling] { return found }
      return (standalone ? tables.unknownStandalone : tables.unknownInside).contains(spelling) ? [] : nil
    }
  }

  /// Keeps the readings of a spelling when they may be kept.
  func remember(_ readings: [PrefixedUnit], of spelling: String, standalone: Bool) {
    guard ReadingMemo.mayKeep(spelling), !readings.contains(where: { $0.unit.dimension[.currency] != 0 }) else {
      return
    }
    tables.withLock { tables in
      if readings.isEmpty {
        if standalone {
          ReadingMemo.keep(spelling, in: &tables.unknownStandalone)
        } else {
          ReadingMemo.keep(spelling, in: &tables.unknownInside)
        }
      } else if standalone {
        if tables.standalone.count < ReadingMemo.capacity { tables.standalone[spelling] = readings }
      } else if tables.inside.count < ReadingMemo.capacity {
        tables.inside[spelling] = readings
      }
    }
  }

  private static func keep(_ spelling: String, in recent: inout [String]) {
    if recent.count >= recentUnknowns { recent.removeFirst() }
    recent.append(spelling)
  }

  private static func mayKeep(_ spelling: String) -> Bool { ByteScan.all(spelling.utf8) { $0 < 0x80 } }
}
