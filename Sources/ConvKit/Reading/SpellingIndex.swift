import Synchronization

/// Every spelling of a catalog, lower-cased once and laid out for the questions "did you mean"
/// asks: which spellings equal this one but for case, and which are within a few edits of it.
///
/// Entries are sorted by length, so the spellings of about a given length are one contiguous run;
/// each carries a 64-bit signature of the characters it holds, which rules out most of that run
/// with two population counts before any edit distance is computed (a character of one spelling
/// whose signature bit the other lacks is an edit). The lower-cased scalars of all spellings are
/// in one array. Built on the first failed lookup of a catalog and kept with it.
final class SpellingIndex: Sendable {
  /// One spelling as written, and its unit.
  struct Entry: Sendable {
    let spelling: String
    let unit: Int
  }

  /// The entries, shortest first.
  let entries: [Entry]
  /// Where each entry's scalars start in `scalars` (the next entry's start is its end).
  private let starts: [Int]
  /// Each entry's signature: one bit per character it holds.
  private let signatures: [UInt64]
  /// The lower-cased scalars of every entry, one after the other.
  private let scalars: [Unicode.Scalar]
  /// `lengthStarts[n]` is the first entry of length `n` or more (one element past the longest).
  private let lengthStarts: [Int]
  /// Entry positions by lower-cased spelling.
  private let byLowered: [String: [Int]]

  init(_ storage: CatalogStorage) {
    var unsorted: [(spelling: String, lowered: String, scalars: [Unicode.Scalar], unit: Int)] = []
    storage.forEachSpelling { spelling, unit in
      let lowered = spelling.lowercased()
      unsorted.append((spelling, lowered, Array(lowered.unicodeScalars), unit))
    }
    // By length (a counting sort, stable), so that the spellings of a length are one run.
    let longest = unsorted.reduce(0) { max($0, $1.scalars.count) }
    var lengthStarts = [Int](repeating: 0, count: longest + 2)
    for item in unsorted { lengthStarts[item.scalars.count + 1] += 1 }
    for length in 0...longest { lengthStarts[length + 1] += lengthStarts[length] }
    var order = [Int](repeating: 0, count: unsorted.count)
    var next = lengthStarts
    for (position, item) in unsorted.enumerated() {
      order[next[item.scalars.count]] = position
      next[item.scalars.count] += 1
    }
    var entries: [Entry] = []
    var scalars: [Unicode.Scalar] = []
    var starts: [Int] = []
    var signatures: [UInt64] = []
    var byLowered: [String: [Int]] = [:]
    entries.reserveCapacity(unsorted.count)
    starts.reserveCapacity(unsorted.count + 1)
    signatures.reserveCapacity(unsorted.count)
    for position in order {
      let item = unsorted[position]
      byLowered[item.lowered, default: []].append(entries.count)
      entries.append(Entry(spelling: item.spelling, unit: item.unit))
      starts.append(scalars.count)
      signatures.append(SpellingIndex.signature(item.scalars[...]))
      scalars.append(contentsOf: item.scalars)
    }
    starts.append(scalars.count)
    self.entries = entries
    self.starts = starts
    self.signatures = signatures
    self.scalars = scalars
    self.lengthStarts = lengthStarts
    self.byLowered = byLowered
  }

  /// The bit of a character in a signature (characters beyond ASCII share bits by their value).
  @inline(__always)
  private static func bit(_ scalar: Unicode.Scalar) -> UInt64 { 1 &<< UInt64(scalar.value & 63) }

  /// The set of bits of the characters of `scalars`.
  static func signature(_ scalars: ArraySlice<Unicode.Scalar>) -> UInt64 {
    scalars.reduce(0) { $0 | bit($1) }
  }

  /// The entries equal to `lowered` but for case.
  func sameButCase(_ lowered: String) -> [Entry] { (byLowered[lowered] ?? []).map { entries[$0] } }

  /// Calls `body` with each entry within `bound` edits (optimal string alignment) of the
  /// lower-cased `key`, and that distance.
  func forEachNear(_ key: [Unicode.Scalar], bound: Int, _ body: (Entry, Int) -> Void) {
    let lowest = max(0, key.count - bound)
    guard lowest < lengthStarts.count else { return }
    let first = lengthStarts[lowest]
    let last = lengthStarts[min(key.count + bound + 1, lengthStarts.count - 1)]
    let wanted = SpellingIndex.signature(key[...])
    key.withUnsafeBufferPointer { key in
      scalars.withUnsafeBufferPointer { pool in
        starts.withUnsafeBufferPointer { starts in
          signatures.withUnsafeBufferPointer { signatures in
            for position in first..<last {
              // Characters one side has and the other lacks entirely: each is at least one edit.
              let signature = signatures[position]
              if (wanted & ~signature).nonzeroBitCount > bound || (signature & ~wanted).nonzeroBitCount > bound {
                continue
              }
              let spelling = UnsafeBufferPointer(rebasing: pool[starts[position]..<starts[position + 1]])
              if let distance = EditDistance.between(key, spelling, bound: bound) { body(entries[position], distance) }
            }
          }
        }
      }
    }
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
