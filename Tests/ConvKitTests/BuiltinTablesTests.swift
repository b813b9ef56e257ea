import Testing

@testable import ConvKit

/// The compiled built-in catalog (tables read in place) must answer exactly as the catalog the
/// loader builds from `Data/` (dictionary indexes), alone and with personal units on top.
@Suite("Compiled built-in tables")
struct BuiltinTablesTests {
  static let loaded: Catalog = CatalogLoader.load(CatalogDataTests.sources).0

  /// Spellings derived from every known one: case variants, prefixes, truncations, junk.
  static func probes(_ catalog: Catalog) -> [String] {
    var probes: Set<String> = [
      "", " ", "C", "F", "µF", "kg", "KG", "Kilometre", "deka-metre", "dekametre",
      "A\u{30A}", "\u{212B}", "a\u{30A}ngstr\u{F6}m", "\u{212A}", "ΜΩ", "mΩ", "kΩ", "x",
      "zzz", "µ", "k", "kilo", "Mi", "mebi", "°", "°C", "degC", "C!", "sq ft",
    ]
    for spelling in catalog.spellings {
      probes.formUnion([
        spelling, spelling.lowercased(), spelling.uppercased(), "k" + spelling, "M" + spelling,
        "µ" + spelling, "Gi" + spelling, "kilo" + spelling, "mega" + spelling, "kibi" + spelling,
        spelling + "s", String(spelling.dropLast()), String(spelling.dropFirst()),
      ])
    }
    return probes.sorted()
  }

  static func expectSameLookups(_ compiled: Catalog, _ reference: Catalog) {
    #expect(compiled.units == reference.units)
    #expect(compiled.categories == reference.categories)
    #expect(Set(compiled.spellings) == Set(reference.spellings))
    #expect(compiled.spellings.count == reference.spellings.count)
    var mismatches: [String] = []
    for probe in probes(reference) {
      for standalone in [true, false]
      where compiled.unit(named: probe, standalone: standalone)
        != reference.unit(named: probe, standalone: standalone)
      {
        mismatches.append("\(probe) standalone=\(standalone)")
      }
      if compiled.category(named: probe) != reference.category(named: probe) { mismatches.append("category \(probe)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    for category in reference.categories {
      for key in [category.identifier, category.title, category.title.uppercased()] + category.aliases {
        #expect(compiled.category(named: key) == reference.category(named: key), "\(key)")
      }
      #expect(compiled.units(in: category) == reference.units(in: category), "\(category.identifier)")
      #expect(compiled.columnUnits(in: category) == reference.columnUnits(in: category))
      #expect(compiled.primaryCategory(for: category.dimension) == reference.primaryCategory(for: category.dimension))
      #expect(compiled.describe(category.dimension) == reference.describe(category.dimension))
      #expect(compiled.describe(category.dimension.inverse) == reference.describe(category.dimension.inverse))
    }
    for unit in reference.units.prefix(300) {
      #expect(compiled.category(of: unit) == reference.category(of: unit), "\(unit.name)")
    }
    for typo in ["mille", "kilometr", "fot", "galon", "celsus", "ångstrm", "nautcal mile", "zzzz", "Kelvn", "psi2"] {
      #expect(compiled.suggestions(for: typo) == reference.suggestions(for: typo), "\(typo)")
    }
  }

  @Test("The built-in catalog answers every lookup as the loaded Data/ does")
  func builtinMatchesLoaded() {
    #expect(Catalog.builtin.storage.tables != nil)
    Self.expectSameLookups(.builtin, Self.loaded)
  }

  @Test("Written out again, the compiled catalog gives the same source as the loaded one")
  func roundTrip() {
    let committed = try? CatalogDataTests.committedSource()
    #expect(
      CatalogSourceWriter.swiftSource(for: .builtin, previous: committed)
        == CatalogSourceWriter.swiftSource(for: Self.loaded, previous: committed))
  }

  @Test("Keys are stored in normalization form C and sorted by their bytes")
  func tablesAreSorted() {
    let tables = BuiltinTables.shared
    for table in [tables.exact, tables.claimed, tables.symbols, tables.folded, tables.categoryKeys] {
      var previous: [UInt8]? = nil
      table.forEach { key, _ in
        let bytes = Array(key.utf8)
        #expect(bytes == key._nfcCodeUnits, "\(key) is not NFC")
        if let previous { #expect(previous.lexicographicallyPrecedes(bytes), "\(key) out of order") }
        previous = bytes
      }
    }
  }

  static let personal = CatalogSource(
    path: "personal.units",
    text: """
      category: length
      smoot | smoots | smoot | smoots2 | 67 in | | MIT, 1958
      mile | miles | mi | | 1.5 km | override | a joke: the metric mile
      category: happiness
      title: Happiness
      dimension: 1
      aliases: joy
      hedon | hedons | hed | | 1 | si, common | invented
      """)

  @Test("Personal units on top of the compiled tables behave as on top of the loaded catalog")
  func personalUnitsOnTop() {
    let (onCompiled, compiledDiagnostics) = CatalogLoader.load([Self.personal], base: .builtin)
    let (onLoaded, loadedDiagnostics) = CatalogLoader.load([Self.personal], base: Self.loaded)
    #expect(compiledDiagnostics == loadedDiagnostics)
    #expect(onCompiled.storage.tables != nil)
    #expect(onCompiled.unit(named: "mi")?.unit.source == "a joke: the metric mile")
    #expect(onCompiled.unit(named: "khed")?.unit.name == "hedon")
    #expect(onCompiled.category(named: "joy")?.identifier == "happiness")
    Self.expectSameLookups(onCompiled, onLoaded)
    // And the same as one flat list of units.
    let flat = Catalog(categories: onLoaded.categories, units: onLoaded.units)
    Self.expectSameLookups(onCompiled, flat)
  }
}
