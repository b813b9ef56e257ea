import Synchronization

/// The readings of the spellings a catalog has found, kept for the catalog's life.
///
/// A batch names the same units line after line (`to km`), and each look-up of a spelling is
/// several bisections of the compiled tables and a unit built from its record. Only found
/// spellings are kept (an unknown one is seldom typed twice), only ASCII ones (strings compare
/// canonically, and two spellings equal as strings but not as bytes may read differently), only
/// of units that do not follow the exchange rates (those may be replaced while the catalog lives),
/// and at most `capacity` of each kind, so memory stays bounded whatever the input.
final class ReadingMemo: Sendable {
  private struct Tables {
    var standalone: [String: [PrefixedUnit]] = [:]
    var inside: [String: [PrefixedUnit]] = [:]
  }
  private let tables = Mutex(Tables())

  /// Most spellings kept of each kind (alone, inside an expression).
  static let capacity = 4096

  /// The readings kept for a spelling, nil when none are.
  func readings(of spelling: String, standalone: Bool) -> [PrefixedUnit]? {
    guard ReadingMemo.mayKeep(spelling) else { return nil }
    return tables.withLock { standalone ? $0.standalone[spelling] : $0.inside[spelling] }
  }

  /// Keeps the readings of a spelling when they may be kept.
  func remember(_ readings: [PrefixedUnit], of spelling: String, standalone: Bool) {
    guard !readings.isEmpty, ReadingMemo.mayKeep(spelling), !readings.contains(where: { $0.unit.dimension[.currency] != 0 }) else { return }
    tables.withLock { tables in
      if standalone {
        if tables.standalone.count < ReadingMemo.capacity { tables.standalone[spelling] = readings }
      } else if tables.inside.count < ReadingMemo.capacity {
        tables.inside[spelling] = readings
      }
    }
  }

  private static func mayKeep(_ spelling: String) -> Bool { ByteScan.all(spelling.utf8) { $0 < 0x80 } }
}
