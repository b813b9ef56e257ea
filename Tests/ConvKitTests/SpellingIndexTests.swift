import Testing

@testable import ConvKit

/// The spelling index "did you mean" searches answers what a scan of every spelling answers: its
/// build over the compiled tables' bytes, its case lookup, its near search, and its restriction
/// to the units of a dimension.
@Suite("Spelling index")
struct SpellingIndexTests {
  /// Every spelling of the built-in catalog with its unit, as strings (the reference's input).
  static let spellings: [(spelling: String, unit: Int)] = {
    var result: [(String, Int)] = []
    Catalog.builtin.storage.forEachSpelling { result.append(($0, $1)) }
    return result
  }()

  /// Typos and near misses of several kinds: ASCII, accents, symbols, case, prefixes, junk.
  static let keys = [
    "mille", "kilometr", "fot", "galon", "celsus", "ångstrm", "nautcal mile", "zzzz", "kelvn", "psi2",
    "km", "kmm", "megabite", "zqczasxp", "°c", "µm", "ohm", "ω", "mph", "kph", "l/100km", "btu", "ft",
    "in", "a", "", "ß", "straße", "e\u{301}", "lightyear", "parsek", "acer", "ounse", "pund", "tonne",
    "x", "xx", "hectar", "calorie", "joul", "wat", "amper", "volts", "hurtz", "bite", "nibbel",
  ]

  /// Near entries the reference way: every spelling, lower-cased as a string, full distance table.
  static func referenceNear(_ key: String, bound: Int, keeping keeps: (Int) -> Bool = { _ in true })
    -> Set<String>
  {
    let scalars = Array(key.unicodeScalars)
    var result: Set<String> = []
    for (spelling, unit) in spellings where keeps(unit) {
      let distance = EditDistanceTests.reference(scalars, Array(spelling.lowercased().unicodeScalars))
      if distance <= bound { result.insert("\(spelling)|\(unit)|\(distance)") }
    }
    return result
  }

  static func near(_ index: SpellingIndex, _ key: String, bound: Int, in selection: SpellingIndex.Selection? = nil)
    -> Set<String>
  {
    var result: Set<String> = []
    index.forEachNear(Array(key.unicodeScalars), bound: bound, in: selection) { entry, distance in
      result.insert("\(entry.spelling)|\(entry.unit)|\(distance)")
    }
    return result
  }

  @Test("Holds every spelling once, as written, with its unit")
  func holdsEverySpelling() {
    let index = Catalog.builtin.storage.spellingIndex
    #expect(index.count == Self.spellings.count)
    let entries = (0..<index.count).map { index.entry(at: $0) }
    #expect(Set(entries.map { "\($0.spelling)|\($0.unit)" }) == Set(Self.spellings.map { "\($0.spelling)|\($0.unit)" }))
  }

  @Test("Finds what a scan of every spelling finds, for every bound", arguments: 0...3)
  func nearAgreesWithScan(bound: Int) {
    let index = Catalog.builtin.storage.spellingIndex
    for key in Self.keys {
      let lowered = key.lowercased()
      #expect(Self.near(index, lowered, bound: bound) == Self.referenceNear(lowered, bound: bound), "\(key)")
    }
  }

  @Test("Equal but for case, as strings compare")
  func sameButCaseAgreesWithScan() {
    let index = Catalog.builtin.storage.spellingIndex
    // Every spelling's own lower case, and a few keys that are none.
    let keys =
      Self.spellings.map { $0.spelling.lowercased() } + Self.keys.map { $0.lowercased() }
      + ["e\u{301}", "\u{212B}", "a\u{30A}", "k"]
    var byLowered: [String: Set<String>] = [:]
    for (spelling, unit) in Self.spellings {
      byLowered[spelling.lowercased(), default: []].insert("\(spelling)|\(unit)")
    }
    for key in Set(keys) {
      let found = index.sameButCase(key).map { "\($0.spelling)|\($0.unit)" }
      #expect(found.count == Set(found).count, "\(key) found twice")
      #expect(Set(found) == byLowered[key] ?? [], "\(key)")
    }
  }

  @Test("Kept to the units of a dimension, finds the spellings of those units and its inverse's")
  func restrictionAgreesWithScan() {
    let storage = Catalog.builtin.storage
    let dimensions = storage.unitDimensions
    let asked = [
      PhysicalDimension(.length), PhysicalDimension(.time), PhysicalDimension.none,
      PhysicalDimension(.time).inverse, PhysicalDimension(.mass),
    ]
    let index = storage.spellingIndex
    for dimension in asked {
      let fitting = storage.spellings(fitting: dimension)
      let keeps = { (unit: Int) -> Bool in
        let unitDimension = storage.unit(at: unit).dimension
        return unitDimension == dimension || (!dimension.isNone && unitDimension == dimension.inverse)
      }
      for unit in 0..<dimensions.count where dimensions[unit] != nil {
        #expect(dimensions[unit] == storage.unit(at: unit).dimension, "unit \(unit)")
      }
      for key in Self.keys {
        #expect(
          Self.near(index, key.lowercased(), bound: 2, in: fitting)
            == Self.referenceNear(key.lowercased(), bound: 2, keeping: keeps),
          "\(key) in \(dimension.formula)")
      }
    }
  }

  @Test(
    "Suggestions that fit a dimension are those of the whole search that fit it",
    arguments: ["mille", "kilometr", "fot", "galon", "zqczasxp", "secnd", "minit", "kelvn", "ounse", "hurtz", "Kmh"])
  func fittingSuggestionsAreFiltered(typo: String) {
    let catalog = Catalog.builtin
    for dimension in [
      PhysicalDimension(.length), PhysicalDimension(.time), PhysicalDimension(.mass),
      PhysicalDimension(.time).inverse, PhysicalDimension.none,
    ] {
      let fitting = catalog.suggestions(for: typo, limit: 1000, fitting: dimension)
      let all = catalog.suggestions(for: typo, limit: 1000, fitting: nil)
      let expected = all.filter { suggestion in
        guard let unit = catalog.unit(named: suggestion, standalone: false)?.unit.dimension else { return false }
        return unit == dimension || (!dimension.isNone && unit == dimension.inverse)
      }
      #expect(fitting == expected, "\(typo) in \(dimension.formula)")
    }
  }
}
