import Synchronization

/// Every spelling of a catalog, lower-cased once and laid out for the questions "did you mean"
/// asks: which spellings equal this one but for case, and which are within a few edits of it.
///
/// The lower-cased scalars of all spellings are in one array, and so are the bytes of the
/// spellings as written: an entry's `String` is made only for the few entries a question returns.
/// A `Selection` lists entries by length, so the spellings of about a given length are one
/// contiguous run; each entry carries a 64-bit signature of the characters it holds, and the
/// selection's bit planes of those signatures rule out most of that run, 64 entries at a time,
/// before any edit distance is computed (a character of one spelling whose signature bit the other
/// lacks is an edit; the few left are measured by `KeyMatches`). Built over the bytes
/// of the compiled tables on the first failed lookup of a catalog, and kept with it; the
/// selection of the units of a dimension (what a failed conversion searches) is made once per
/// dimension asked about.
final class SpellingIndex: Sendable {
  /// One spelling as written, and its unit.
  struct Entry: Sendable {
    let spelling: String
    let unit: Int
  }

  /// Some entries by length: `positions[lengthStarts[n]..<lengthStarts[n + 1]]` are the entries of
  /// `n` scalars, in the order given.
  ///
  /// A selection also keeps, 64 entries a word in its own order, the entries that have each
  /// signature bit and the entries that have at least each number of bits: a near search rules out
  /// the entries of a run whose characters differ too much from the key's a word at a time (two
  /// dozen operations for 64 entries, where a population count each took as many for one), and
  /// reads positions only for the few left.
  final class Selection: Sendable {
    fileprivate let positions: [Int]
    fileprivate let lengthStarts: [Int]
    /// Words per plane: one bit for each entry, in the order of `positions`.
    private let wordCount: Int
    /// 128 planes: for each signature bit `b`, plane `b` holds the entries that have it; plane
    /// `63 + n` (`n` in 1...64) holds the entries whose signatures have at least `n` bits.
    private let planes: [UInt64]

    /// The positions of the entries of `lengths` (scalar counts) that `includes`, by length.
    fileprivate init(lengths: [Int], signatures: [UInt64], longest: Int, _ includes: (Int) -> Bool) {
      var lengthStarts = [Int](repeating: 0, count: longest + 2)
      for (position, length) in lengths.enumerated() where includes(position) { lengthStarts[length + 1] += 1 }
      for length in 0...longest { lengthStarts[length + 1] += lengthStarts[length] }
      var next = lengthStarts
      var positions = [Int](repeating: 0, count: lengthStarts[longest + 1])
      for (position, length) in lengths.enumerated() where includes(position) {
        positions[next[length]] = position
        next[length] += 1
      }
      let wordCount = (positions.count + 63) >> 6
      var planes = [UInt64](repeating: 0, count: 128 * wordCount)
      for (index, position) in positions.enumerated() {
        let (word, bit) = (index >> 6, UInt64(1) &<< UInt64(index & 63))
        var bits = signatures[position]
        for count in 0..<bits.nonzeroBitCount { planes[(64 + count) * wordCount + word] |= bit }
        while bits != 0 {
          planes[bits.trailingZeroBitCount * wordCount + word] |= bit
          bits &= bits &- 1
        }
      }
      self.positions = positions
      self.lengthStarts = lengthStarts
      self.wordCount = wordCount
      self.planes = planes
    }

    /// The indexes (in the order of `positions`) of the entries of `lengths` scalars.
    fileprivate func run(lengths: ClosedRange<Int>) -> Range<Int> {
      let low = min(max(0, lengths.lowerBound), lengthStarts.count - 1)
      let high = min(max(low, lengths.upperBound + 1), lengthStarts.count - 1)
      return lengthStarts[low]..<lengthStarts[high]
    }

    /// Calls `body` with the position of each entry of `run` whose signature lacks at most `bound`
    /// bits of `signature` and has at most `bound` bits that it lacks (the others are more than
    /// `bound` edits from a key of that signature), in order.
    ///
    /// An entry lacking `l` of the key's `k` bits has `k - l` of them, so it has more than `bound`
    /// others when it has at least `k + bound + 1 - l` bits: both tests are set operations on
    /// planes, given the entries that lack at least 1, 2, … of the key's bits (counted for 64
    /// entries at once, one plane per key bit).
    fileprivate func forEachCandidate(in run: Range<Int>, signature: UInt64, bound: Int, _ body: (Int) -> Void) {
      guard !run.isEmpty else { return }
      let keyBits = signature.nonzeroBitCount
      planes.withUnsafeBufferPointer { planes in
        /// The entries of a word with at least `count` bits.
        func having(atLeast count: Int, word: Int) -> UInt64 {
          count > 64 ? 0 : count <= 0 ? .max : planes[(63 + count) * wordCount + word]
        }
        for word in run.lowerBound >> 6...(run.upperBound - 1) >> 6 {
          // The entries of the run in this word.
          var kept = UInt64.max
          if word == run.lowerBound >> 6 { kept &= .max &<< UInt64(run.lowerBound & 63) }
          if word == (run.upperBound - 1) >> 6 { kept &= .max &>> UInt64(63 - (run.upperBound - 1) & 63) }
          if bound < 4 {
            // The entries that lack at least one, two, three, four of the key's bits.
            var (one, two, three, four): (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var bits = signature
            while bits != 0 {
              let without = ~planes[bits.trailingZeroBitCount &* wordCount &+ word]
              four |= three & without
              three |= two & without
              two |= one & without
              one |= without
              bits &= bits &- 1
            }
            let k = keyBits
            let ruledOut =
              switch bound {
              case 0: one | having(atLeast: k + 1, word: word)
              case 1: two | having(atLeast: k + 2, word: word) | one & having(atLeast: k + 1, word: word)
              case 2:
                three | having(atLeast: k + 3, word: word) | one & having(atLeast: k + 2, word: word)
                  | two & having(atLeast: k + 1, word: word)
              default:
                four | having(atLeast: k + 4, word: word) | one & having(atLeast: k + 3, word: word)
                  | two & having(atLeast: k + 2, word: word) | three & having(atLeast: k + 1, word: word)
              }
            kept &= ~ruledOut
          }
          while kept != 0 {
            let index = word << 6 | kept.trailingZeroBitCount
            kept &= kept &- 1
            body(positions[index])
          }
        }
      }
    }
  }

  /// The number of entries.
  var count: Int { units.count }
  /// Each entry's unit index.
  private let units: [Int]
  /// The UTF-8 bytes of every spelling as written, one after the other.
  private let bytes: [UInt8]
  /// Where each entry's bytes start in `bytes` (one element more than entries).
  private let byteStarts: [Int]
  /// Where each entry's scalars start in `scalars` (one element more than entries).
  private let starts: [Int]
  /// Each entry's signature: one bit per character it holds.
  private let signatures: [UInt64]
  /// The lower-cased scalars of every entry, one after the other.
  private let scalars: [Unicode.Scalar]
  /// Each entry's number of scalars.
  private let lengths: [Int]
  /// The number of scalars of the longest entry.
  private let longest: Int
  /// Every entry, by length.
  let all: Selection
  /// The entries whose lower-cased spelling is not ASCII, by that spelling (strings compare and
  /// hash canonically).
  private let nonASCII: [String: [Int]]
  /// The entries whose lower-cased spelling is ASCII, by a hash of it: open addressing, linear
  /// probing (entries equal but for case share a hash, and follow each other). A slot holds an
  /// entry's position and a tag of its hash (`SpellingIndex.slotValue`), `.max` when empty: a probe
  /// reads an entry's scalars, scattered over the pool, only when the tags agree (most unknown
  /// spellings then read none).
  private let asciiSlots: [UInt64]
  /// Whether a non-ASCII lower-cased spelling has an ASCII normal form C (`;` for U+037E).
  private let nonASCIIHasASCIIForm: Bool

  /// Indexes spellings given as UTF-8 bytes with their units, in the order given; `capacity` is
  /// about their total bytes.
  init(capacity: Int = 0, _ feed: ((UnsafeBufferPointer<UInt8>, Int) -> Void) -> Void) {
    var parts = Parts(capacity: capacity)
    feed { spelling, unit in parts.add(spelling, unit: unit) }
    units = parts.units
    bytes = parts.bytes
    byteStarts = parts.byteStarts
    starts = parts.starts
    signatures = parts.signatures
    scalars = parts.scalars
    lengths = parts.lengths
    longest = parts.longest
    all = Selection(lengths: parts.lengths, signatures: parts.signatures, longest: parts.longest) { _ in true }
    var nonASCII: [String: [Int]] = [:]
    for (position, lowered) in parts.nonASCII { nonASCII[lowered, default: []].append(position) }
    self.nonASCII = nonASCII
    nonASCIIHasASCIIForm = nonASCII.keys.contains { $0._nfcCodeUnits.allSatisfy { $0 < 0x80 } }
    var slotCount = 16
    while slotCount < parts.asciiHashes.count * 2 { slotCount <<= 1 }
    var slots = [UInt64](repeating: .max, count: slotCount)
    let mask = slots.count - 1
    for (position, hash) in parts.asciiHashes {
      var slot = SpellingIndex.slot(hash, mask: mask)
      while slots[slot] != .max { slot = (slot + 1) & mask }
      slots[slot] = SpellingIndex.slotValue(position: position, hash: hash)
    }
    asciiSlots = slots
  }

  /// FNV-1a over scalar values, for the ASCII case table.
  fileprivate static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The first slot of a hash in a table of `mask + 1` slots: from its high half (the tag is its
  /// low half).
  @inline(__always)
  fileprivate static func slot(_ hash: UInt64, mask: Int) -> Int { Int(truncatingIfNeeded: hash >> 32) & mask }

  /// What a slot holds for an entry: the low half of its hash above its position.
  @inline(__always)
  fileprivate static func slotValue(position: Int, hash: UInt64) -> UInt64 {
    hash << 32 | UInt64(UInt32(truncatingIfNeeded: position))
  }
  @inline(__always)
  fileprivate static func hash(_ hash: UInt64, _ scalar: Unicode.Scalar) -> UInt64 {
    (hash ^ UInt64(scalar.value)) &* 0x100_0000_01b3
  }

  /// The entries of the units `units` holds, by length.
  func selection(units wanted: UnitSet) -> Selection {
    Selection(lengths: lengths, signatures: signatures, longest: longest) { wanted.contains(units[$0]) }
  }

  /// The entry at a position (its spelling made now).
  func entry(at position: Int) -> Entry {
    let spelling = bytes.withUnsafeBufferPointer { bytes in
      String(
        decoding: UnsafeBufferPointer(rebasing: bytes[byteStarts[position]..<byteStarts[position + 1]]),
        as: UTF8.self)
    }
    return Entry(spelling: spelling, unit: units[position])
  }

  /// An ASCII byte in lower case.
  @inline(__always)
  fileprivate static func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

  /// The bit of a character in a signature (characters beyond ASCII share bits by their value).
  @inline(__always)
  fileprivate static func bit(_ scalar: Unicode.Scalar) -> UInt64 { 1 &<< UInt64(scalar.value & 63) }

  /// The set of bits of the characters of `scalars`.
  static func signature(_ scalars: some Sequence<Unicode.Scalar>) -> UInt64 {
    scalars.reduce(0) { $0 | bit($1) }
  }

  /// The entries equal to `lowered` but for case (as strings compare: canonically equivalent),
  /// in index order.
  func sameButCase(_ lowered: String) -> [Entry] {
    if let found = ByteScan.withBytes(of: lowered, sameButCase(loweringASCII:)) { return found }
    // An ASCII key equals a non-ASCII spelling only where that spelling's normal form is ASCII.
    let asksNonASCII = nonASCIIHasASCIIForm || lowered.utf8.contains { $0 >= 0x80 }
    var positions = asksNonASCII ? nonASCII[lowered] ?? [] : []
    // An ASCII entry equals the key when the key's normal form C is the same scalars.
    let key =
      lowered.utf8.allSatisfy { $0 < 0x80 }
      ? Array(lowered.unicodeScalars)
      : Array(String(decoding: lowered._nfcCodeUnits, as: UTF8.self).unicodeScalars)
    if key.allSatisfy(\.isASCII) {
      for position in asciiPositions(
        hash: key.reduce(SpellingIndex.hashSeed, SpellingIndex.hash),
        where: {
          $0.elementsEqual(key)
        }) where !positions.contains(position)
      {
        positions.append(position)
      }
    }
    return positions.sorted().map(entry(at:))
  }

  /// The positions of the ASCII entries of a lower-cased spelling's hash whose lower-cased
  /// scalars `equals` accepts, in probe order.
  private func asciiPositions(hash: UInt64, where equals: (UnsafeBufferPointer<Unicode.Scalar>) -> Bool) -> [Int] {
    var positions: [Int] = []
    scalars.withUnsafeBufferPointer { pool in
      asciiSlots.withUnsafeBufferPointer { slots in
        let mask = slots.count - 1
        var slot = SpellingIndex.slot(hash, mask: mask)
        let tag = hash << 32
        while slots[slot] != .max {
          let value = slots[slot]
          let position = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: value))
          if value & 0xFFFF_FFFF_0000_0000 == tag,
            equals(UnsafeBufferPointer(rebasing: pool[starts[position]..<starts[position + 1]]))
          {
            positions.append(position)
          }
          slot = (slot + 1) & mask
        }
      }
    }
    return positions
  }

  /// The entries equal but for case to ASCII text lower-cased byte by byte (`sameButCase` without
  /// a copy of the text), in index order; nil when the text is not all ASCII or a non-ASCII
  /// spelling is ASCII in normal form C (which only the string comparison answers).
  func sameButCase(loweringASCII text: UnsafeBufferPointer<UInt8>) -> [Entry]? {
    guard !nonASCIIHasASCIIForm else { return nil }
    var hash = SpellingIndex.hashSeed
    for byte in text {
      guard byte < 0x80 else { return nil }
      hash = SpellingIndex.hash(hash, Unicode.Scalar(SpellingIndex.lowered(byte)))
    }
    let positions = asciiPositions(hash: hash) { entry in
      entry.elementsEqual(text) { $0.value == UInt32(SpellingIndex.lowered($1)) }
    }
    return positions.isEmpty ? [] : positions.sorted().map(entry(at:))
  }

  /// Calls `body` with each entry of `selection` (all by default) within `bound` edits (optimal
  /// string alignment) of the lower-cased `key`, and that distance.
  func forEachNear(_ key: [Unicode.Scalar], bound: Int, in selection: Selection? = nil, _ body: (Entry, Int) -> Void) {
    key.withUnsafeBufferPointer { forEachNear($0, bound: bound, in: selection, body) }
  }

  /// `forEachNear` over scalars in place.
  func forEachNear(
    _ key: UnsafeBufferPointer<Unicode.Scalar>, bound: Int, in selection: Selection? = nil,
    _ body: (Entry, Int) -> Void
  ) {
    let selection = selection ?? all
    let run = selection.run(lengths: (key.count - bound)...(key.count + bound))
    let signature = SpellingIndex.signature(key)
    var found: [(Int, Int)] = []
    /// Measures the candidates of the run with `distance` (nil beyond `bound`).
    func search(_ distance: (UnsafeBufferPointer<Unicode.Scalar>) -> Int?) {
      scalars.withUnsafeBufferPointer { pool in
        starts.withUnsafeBufferPointer { starts in
          signatures.withUnsafeBufferPointer { signatures in
            selection.forEachCandidate(in: run, signature: signature, bound: bound) { position in
              if bound >= 4 {
                // Not ruled out by planes: the characters one side has and the other lacks entirely.
                let other = signatures[position]
                if (signature & ~other).nonzeroBitCount > bound || (other & ~signature).nonzeroBitCount > bound {
                  return
                }
              }
              if let distance = distance(UnsafeBufferPointer(rebasing: pool[starts[position]..<starts[position + 1]])) {
                found.append((position, distance))
              }
            }
          }
        }
      }
    }
    if key.isEmpty || key.count > KeyMatches.longest {
      search { EditDistance.between(key, $0, bound: bound) }
    } else {
      KeyMatches.with(key) { matches in
        search { spelling in
          let distance = matches.distance(to: spelling)
          return distance <= bound ? distance : nil
        }
      }
    }
    for (position, distance) in found { body(entry(at: position), distance) }
  }
}

/// A set of unit indexes, one bit each: the units whose dimension fits a conversion's other side.
struct UnitSet: Sendable {
  private var words: [UInt64]

  /// The units `includes` marks, of `count`.
  init(count: Int, _ includes: (Int) -> Bool) {
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
    for unit in 0..<count where includes(unit) { words[unit >> 6] |= 1 &<< UInt64(unit & 63) }
  }

  func contains(_ unit: Int) -> Bool {
    unit >= 0 && unit >> 6 < words.count && words[unit >> 6] & (1 &<< UInt64(unit & 63)) != 0
  }
}

extension SpellingIndex {
  /// The arrays of an index under construction.
  fileprivate struct Parts {
    var units: [Int] = []
    var bytes: [UInt8] = []
    var byteStarts: [Int] = [0]
    var starts: [Int] = [0]
    var lengths: [Int] = []
    var signatures: [UInt64] = []
    var scalars: [Unicode.Scalar] = []
    var longest = 0
    /// The entries whose lower-cased spelling is not ASCII, with that spelling.
    var nonASCII: [(position: Int, lowered: String)] = []
    /// The entries whose lower-cased spelling is ASCII, with its hash.
    var asciiHashes: [(position: Int, hash: UInt64)] = []

    init(capacity: Int) {
      bytes.reserveCapacity(capacity)
      scalars.reserveCapacity(capacity)
    }

    /// Adds a spelling, lower-cased: ASCII byte by byte, anything else as `String.lowercased()` does.
    mutating func add(_ spelling: UnsafeBufferPointer<UInt8>, unit: Int) {
      var signature: UInt64 = 0
      var isASCII = true
      for byte in spelling where byte >= 0x80 {
        isASCII = false
        break
      }
      if isASCII {
        var hash = SpellingIndex.hashSeed
        for byte in spelling {
          let scalar = Unicode.Scalar(SpellingIndex.lowered(byte))
          scalars.append(scalar)
          signature |= SpellingIndex.bit(scalar)
          hash = SpellingIndex.hash(hash, scalar)
        }
        asciiHashes.append((units.count, hash))
      } else {
        let lowered = String(decoding: spelling, as: UTF8.self).lowercased()
        var hash = SpellingIndex.hashSeed
        for scalar in lowered.unicodeScalars {
          scalars.append(scalar)
          signature |= SpellingIndex.bit(scalar)
          hash = SpellingIndex.hash(hash, scalar)
        }
        if lowered.unicodeScalars.contains(where: { !$0.isASCII }) {
          nonASCII.append((units.count, lowered))
        } else {
          asciiHashes.append((units.count, hash))
        }
      }
      bytes.append(contentsOf: spelling)
      units.append(unit)
      byteStarts.append(bytes.count)
      let length = scalars.count - starts[starts.count - 1]
      lengths.append(length)
      longest = max(longest, length)
      starts.append(scalars.count)
      signatures.append(signature)
    }
  }
}

/// The spelling index of a catalog's storage, built once on first use, and the selection of the
/// units whose dimension fits each dimension asked about, each made once.
final class SpellingIndexCache: Sendable {
  private let index = Mutex<SpellingIndex?>(nil)
  /// The selections made, by dimension.
  private let fitting = DimensionMemo<SpellingIndex.Selection>()

  func get(_ storage: CatalogStorage) -> SpellingIndex {
    if let built = index.withLock({ $0 }) { return built }
    let built = SpellingIndex(capacity: storage.tables?.exact.byteCount ?? 0, storage.forEachSpellingUTF8)
    return index.withLock { current in
      if current == nil { current = built }
      return current!
    }
  }

  /// The entries of the units whose dimension is `dimension`, or its inverse unless `dimension`
  /// is none.
  func selection(_ storage: CatalogStorage, fitting dimension: PhysicalDimension) -> SpellingIndex.Selection {
    fitting.value(for: dimension) {
      let dimensions = storage.unitDimensions
      let inverse = dimension.isNone ? nil : dimension.inverse
      let units = UnitSet(count: dimensions.count) { unit in
        dimensions[unit] == dimension || (inverse != nil && dimensions[unit] == inverse)
      }
      return get(storage).selection(units: units)
    }
  }
}
