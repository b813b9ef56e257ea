import Testing

@testable import ConvKit

/// The miss filter of the spelling tables lets every key of its tables through (no false
/// negatives), so a look-up answers what it answered without it, before and after the filter is
/// made.
@Suite("Key filter")
struct KeyFilterTests {
  static let tables = SpellingTable.allCases.map(\.keys)

  /// A filter made: enough misses counted.
  static func madeFilter() -> KeyFilter {
    let filter = KeyFilter(tables: tables)
    for _ in 0..<KeyFilter.missesBeforeMaking { filter.noteMiss() }
    return filter
  }

  @Test("Every key of every table passes the filter, in its own table")
  func noFalseNegatives() {
    let filter = Self.madeFilter()
    var keys = 0
    for (number, table) in Self.tables.enumerated() {
      KeyTable(table).forEachBytes { key, _ in
        keys += 1
        #expect(filter.mayContain(key, table: number), "\(String(decoding: key, as: UTF8.self)) in table \(number)")
      }
    }
    #expect(keys > 10_000)
  }

  @Test("Before it is made, the filter lets everything through; after, it turns most unknown keys away")
  func turnsUnknownKeysAway() {
    let filter = KeyFilter(tables: Self.tables)
    var generator = SplitMix(seed: 0xF117)
    let unknown: [[UInt8]] = (0..<2_000).map { _ in
      [UInt8(ascii: "z"), UInt8(ascii: "q")] + (0..<6).map { _ in UInt8(97 + generator.next() % 26) }
    }
    for key in unknown { key.withUnsafeBufferPointer { #expect(filter.mayContain($0, table: 0)) } }
    for _ in 0..<KeyFilter.missesBeforeMaking { filter.noteMiss() }
    let passed = unknown.filter { key in key.withUnsafeBufferPointer { filter.mayContain($0, table: 0) } }.count
    #expect(passed < unknown.count / 20, "\(passed) of \(unknown.count) unknown keys passed")
  }

  @Test(
    "Look-ups through the filtered tables find what they found before the filter was made",
    arguments: [
      "km", "Km", "KM", "kilometre", "kilometer", "zq", "C", "°C", "degC", "µm", "um", "pt", "ft.", "MiB", "kibibyte",
      "Å", "Å", "ﬀ", "zqczasxp", "mph", "nmi", "dB", "lbf", "BTU", "kWh", "x",
    ])
  func sameAnswers(spelling: String) {
    let catalog = Catalog.builtin
    let before = (catalog.unit(named: spelling, standalone: true), catalog.unit(named: spelling, standalone: false))
    // Enough failed look-ups to make the built-in filter, then the same look-ups again.
    for number in 0..<(2 * KeyFilter.missesBeforeMaking) { _ = catalog.unit(named: "zq\(number)x") }
    #expect(catalog.unit(named: spelling, standalone: true) == before.0)
    #expect(catalog.unit(named: spelling, standalone: false) == before.1)
  }
}
