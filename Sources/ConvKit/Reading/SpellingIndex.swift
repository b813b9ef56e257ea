import Synchronization

/// Every spelling of a catalog, folded to lower case once and grouped for the questions "did you
/// mean" asks: which spellings equal this one but for case, and which have about this length.
///
/// Built on the first failed lookup of a catalog and kept with it, so that a batch of bad lines
/// pays for it once (scanning and lower-casing every spelling for each attempt made a typo cost
/// hundreds of times a good line).
final class SpellingIndex: Sendable {
  /// One spelling: as written, lower-cased (and as scalars, for the edit distance), and its unit.
  struct Entry: Sendable {
    let spelling: String
    let lowered: String
    let scalars: [Unicode.Scalar]
    let unit: Int
  }

  let entries: [Entry]
  /// Entry positions by lower-cased spelling.
  let byLowered: [String: [Int]]
  /// Entry positions by the length of the lower-cased spelling, in scalars.
  let byLength: [Int: [Int]]

  init(_ storage: CatalogStorage) {
    var entries: [Entry] = []
    storage.forEachSpelling { spelling, unit in
      let lowered = spelling.lowercased()
      entries.append(Entry(spelling: spelling, lowered: lowered, scalars: Array(lowered.unicodeScalars), unit: unit))
    }
    var byLowered: [String: [Int]] = [:]
    var byLength: [Int: [Int]] = [:]
    for (position, entry) in entries.enumerated() {
      byLowered[entry.lowered, default: []].append(position)
      byLength[entry.scalars.count, default: []].append(position)
    }
    self.entries = entries
    self.byLowered = byLowered
    self.byLength = byLength
  }

  /// The entries equal to `lowered` but for case.
  func sameButCase(_ lowered: String) -> [Entry] { (byLowered[lowered] ?? []).map { entries[$0] } }

  /// The entries whose lower-cased length is within `bound` of `length`.
  func near(length: Int, bound: Int) -> [Entry] {
    (max(0, length - bound)...(length + bound)).flatMap { (byLength[$0] ?? []).map { entries[$0] } }
  }
}

/// The spelling index of a catalog's storage, built once on first use.
final class SpellingIndexCache: Sendable {
  private let index = Mutex<SpellingIndex?>(nil)

  func get(_ storage: CatalogStorage) -> SpellingIndex {
    if let built = index.withLock({ $0 }) { return built }
    let built = SpellingIndex(storage)
    return index.withLock { current in
      if current == nil { current = built }
      return current!
    }
  }
}
