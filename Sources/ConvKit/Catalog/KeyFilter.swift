import Synchronization

/// A Bloom filter of the keys of some compiled tables, made once many spellings were not found in
/// them (a batch of lines with unknown words), so that most failed look-ups then end without a search.
///
/// A bisection of a table reads a dozen lines scattered over a hundred kilobytes; a failed spelling
/// is looked up in several tables, with and without each prefix it may carry. The filter answers
/// "not there" for most such keys from three bits, and "maybe" for every key a table holds (a Bloom
/// filter has no false negatives), so a search that it lets through finds what it found before.
/// A process that fails few look-ups (a one-shot conversion) never makes it.
final class KeyFilter: Sendable {
  /// The address of the filter's bits once made (`bitCount / 64` words, never changed after),
  /// else 0: read without a lock by every look-up.
  private let address = Atomic<UInt>(0)
  /// Unknown spellings counted so far (until the filter is made).
  private let misses = Atomic<Int>(0)
  /// The tables filtered, by the number a key table is given.
  private let tables: [StaticString]

  /// Unknown spellings before the filter is made (a one-shot conversion meets a few at most).
  static let missesBeforeMaking = 64
  /// Bits of the filter (2¹⁸: 32 KB; about 0.2 % false positives for the built-in tables' 12,000 keys).
  static let bitCount = 1 << 18

  /// A filter over `tables`; a key table gives its number in this list with each query.
  init(tables: [StaticString]) { self.tables = tables }

  deinit { bits?.deallocate() }

  /// The filter's bits, once made.
  private var bits: UnsafeMutablePointer<UInt64>? {
    UnsafeMutablePointer(bitPattern: address.load(ordering: .acquiring))
  }

  /// The filter of the built-in spelling tables, which failed look-ups search most.
  static let spellings = KeyFilter(tables: SpellingTable.allCases.map(\.keys))

  /// Whether the table may hold the key (its normal form C bytes): false only when it does not;
  /// true before the filter is made.
  func mayContain(_ key: UnsafeBufferPointer<UInt8>, table: Int) -> Bool {
    guard let bits else { return true }
    let (a, b, c) = KeyFilter.positions(KeyFilter.hash(key, table: table))
    return KeyFilter.isSet(a, in: bits) && KeyFilter.isSet(b, in: bits) && KeyFilter.isSet(c, in: bits)
  }

  private static func isSet(_ position: Int, in bits: UnsafeMutablePointer<UInt64>) -> Bool {
    bits[position >> 6] & (1 &<< UInt64(position & 63)) != 0
  }

  /// Counts an unknown spelling, and makes the filter at the count that calls for it (once: only
  /// the count that reaches it makes it).
  func noteMiss() {
    guard address.load(ordering: .relaxed) == 0,
      misses.add(1, ordering: .relaxed).newValue == KeyFilter.missesBeforeMaking
    else { return }
    let made = UnsafeMutablePointer<UInt64>.allocate(capacity: KeyFilter.bitCount / 64)
    made.initialize(repeating: 0, count: KeyFilter.bitCount / 64)
    for (number, table) in tables.enumerated() {
      KeyTable(table).forEachBytes { key, _ in
        let (a, b, c) = KeyFilter.positions(KeyFilter.hash(key, table: number))
        for position in [a, b, c] { made[position >> 6] |= 1 &<< UInt64(position & 63) }
      }
    }
    address.store(UInt(bitPattern: made), ordering: .releasing)
  }

  /// FNV-1a over the table's number and the key's bytes.
  private static func hash(_ key: UnsafeBufferPointer<UInt8>, table: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(table)
    hash = hash &* 0x100_0000_01b3
    for byte in key {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// Three bit positions from one hash: its low bits, and two parts of it mixed.
  private static func positions(_ hash: UInt64) -> (Int, Int, Int) {
    let mixed = (hash ^ (hash >> 29)) &* 0xbf58_476d_1ce4_e5b9
    let mask = UInt64(bitCount - 1)
    return (Int(hash & mask), Int((mixed >> 21) & mask), Int((mixed >> 42) & mask))
  }
}

/// The built-in spelling tables `KeyFilter.spellings` covers, numbered by their place in it.
enum SpellingTable: Int, CaseIterable {
  case exact, claimed, alternates, symbols, folded

  /// The compiled table.
  var keys: StaticString {
    switch self {
    case .exact: BuiltinData.exactKeys
    case .claimed: BuiltinData.claimedKeys
    case .alternates: BuiltinData.alternateKeys
    case .symbols: BuiltinData.symbolKeys
    case .folded: BuiltinData.foldedKeys
    }
  }
}
