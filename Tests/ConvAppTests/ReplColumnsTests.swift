import ConvApp
import ConvFormat
import ConvKit
import Testing

@Suite("REPL columns and filter")
struct ReplColumnsTests {
  @Test(
    "the source unit is never in the right column",
    arguments: [
      "m", "ft", "mi", "nmi", "in", "Å", "km", "fathom", "yd",
    ])
  func sourceExcluded(_ unit: String) {
    for target in ["m", "mi", "km"] {
      let (session, _) = ReplTestCatalog.run(["from \(unit)", "to \(target)"])
      let columns = session.columns()
      let sourceKey = ReplState.key(session.state.source)
      #expect(!columns.destinations.contains { $0.row.key == sourceKey })
      #expect(columns.sources[columns.sourceIndex].key == sourceKey)
      if let index = columns.targetIndex {
        #expect(columns.destinations[index].row.key == ReplState.key(session.state.target!))
      } else {
        Issue.record("no target row")
      }
    }
  }

  struct FilterCase: Sendable, CustomTestStringConvertible {
    let filter: String
    let left: [String]
    let right: [String]
    var testDescription: String { "/" + filter }
  }

  // Pair: mi → m. The pair stays on screen; everything else must match the filter.
  @Test(
    "one filter applies to both columns (case, accents, symbols, aliases)",
    arguments: [
      // The common units (in, ft, m, mi) first, by size, then the rest of the category.
      FilterCase(
        filter: "", left: ["in", "ft", "m", "mi", "Å", "yd", "", "nmi"],
        right: ["in", "ft", "m", "Å", "yd", "", "nmi"]),
      FilterCase(filter: "nau", left: ["mi", "nmi"], right: ["m", "nmi"]),
      FilterCase(filter: "NAUTICAL", left: ["mi", "nmi"], right: ["m", "nmi"]),
      FilterCase(filter: "angstrom", left: ["mi", "Å"], right: ["m", "Å"]),
      FilterCase(filter: "ANGSTRÖM", left: ["mi", "Å"], right: ["m", "Å"]),
      FilterCase(filter: "NM", left: ["mi", "nmi"], right: ["m", "nmi"]),
      FilterCase(filter: "meter", left: ["m", "mi"], right: ["m"]),
      FilterCase(filter: "fat", left: ["mi", ""], right: ["m", ""]),
      FilterCase(filter: "zzz", left: ["mi"], right: ["m"]),
      FilterCase(filter: "mile", left: ["mi", "nmi"], right: ["m", "nmi"]),
    ])
  func filter(_ test: FilterCase) {
    let (session, _) = ReplTestCatalog.run(["from mi", "to m", "/" + test.filter])
    let columns = session.columns()
    #expect(columns.sources.map(\.symbol) == test.left)
    #expect(columns.destinations.map(\.row.symbol) == test.right)
    // Without the pinned pair, only matching rows remain, in both columns.
    let strict = session.columns(pinned: false)
    #expect(strict.sources.allSatisfy { $0.matches })
    #expect(strict.destinations.allSatisfy { $0.row.matches })
  }

  @Test("the filter uses the same matcher as conv search")
  func sameMatcher() {
    let catalog = ReplTestCatalog.catalog
    let search = UnitSearch(catalog: catalog)
    for query in ["nau", "ANGSTROM", "ft", "yard", "m", "mile", "in", "zz", "sq"] {
      let (session, _) = ReplTestCatalog.run(["from mi", "/" + query])
      let strict = session.columns(pinned: false)
      let expected = catalog.units(in: catalog.category(named: "length")!)
        .filter { search.matches($0, query: query) && $0.name != "mile" }.map(\.name)
      #expect(strict.destinations.map(\.row.name) == expected, "query \(query)")
    }
  }

  @Test(
    "the column filter matches exactly the units conv search finds",
    arguments: [
      "nau", "NAUTICAL", "angstrom", "ÅNGSTRÖM", "ft", "feet", "m", "mi", "mile", "met", "etr", "naut mi", "mi naut",
      "in", "inch", "°", "°c", "CELSIUS", "deg", "lb", "pou", "gal", "us gal", "l", "litre", "ter", "zz", "k", "a", "s",
    ])
  func searchEquivalence(_ query: String) {
    let catalog = ReplTestCatalog.catalog
    let search = UnitSearch(catalog: catalog)
    let found = Set(search.search(query, limit: 10_000).compactMap { $0.unit?.name })
    let filtered = Set(catalog.units.filter { search.matches($0, query: query) }.map(\.name))
    #expect(filtered == found)
  }

  @Test("the filter is cleared when the category changes, kept otherwise")
  func filterLifetime() {
    let (kept, _) = ReplTestCatalog.run(["/nau", "from m", "to nmi", "3"])
    #expect(kept.state.filter == "nau")
    let (cleared, _) = ReplTestCatalog.run(["/nau", "mass"])
    #expect(cleared.state.filter == "")
    let (byUnit, _) = ReplTestCatalog.run(["/nau", "from lb"])
    #expect(byUnit.state.filter == "")
    let (slash, _) = ReplTestCatalog.run(["/nau", "/"])
    #expect(slash.state.filter == "")
  }

  @Test("values follow the current value and source")
  func values() {
    let (session, _) = ReplTestCatalog.run(["from mi", "to km", "5"])
    let columns = session.columns()
    let km = columns.destinations[columns.targetIndex!]
    #expect(km.row.symbol == "km")
    #expect(km.value?.relation == "=")
    #expect(km.value?.number.plain == "8.04672")
    #expect(km.value?.name == "kilometres")
    let feet = columns.destinations.first { $0.row.symbol == "ft" }!
    #expect(feet.value?.number.plain == "26,400")
  }

  @Test("featured prefixed forms are rows by size, filtered like units, never twice")
  func featuredRows() throws {
    let options = ReplTestCatalog.options(color: false, ascii: false)
    var session = try #require(ReplSession(converter: Converter(catalog: .builtin, options: options), mode: .screen))
    for line in ["from mi", "to m", "5"] { _ = session.handle(line) }
    var columns = session.columns()
    let symbols = columns.sources.map(\.symbol)
    let m = try #require(symbols.firstIndex(of: "m"))
    let km = try #require(symbols.firstIndex(of: "km"))
    let mi = try #require(symbols.firstIndex(of: "mi"))
    #expect(m < km && km < mi)
    #expect(symbols.contains("cm") && symbols.contains("mm"))
    let kilometres = try #require(columns.destinations.first { $0.row.symbol == "km" })
    #expect(kilometres.value?.number.plain == "8.04672")
    // A featured source or target is its own row, not an extra one.
    _ = session.handle("to km")
    columns = session.columns()
    #expect(columns.destinations.filter { $0.row.symbol == "km" }.count == 1)
    #expect(columns.destinations[columns.targetIndex!].row.symbol == "km")
    _ = session.handle("from km")
    columns = session.columns()
    #expect(columns.sources.filter { $0.symbol == "km" }.count == 1)
    #expect(!columns.destinations.contains { $0.row.symbol == "km" })
    // The filter matches a featured form by its own names.
    _ = session.handle("from mi")
    _ = session.handle("/kilometre")
    columns = session.columns(pinned: false)
    #expect(columns.destinations.map(\.row.symbol).contains("km"))
    #expect(!columns.destinations.map(\.row.symbol).contains("cm"))
  }

  @Test(
    "without a filter a category's count comes from the catalog, as the search index counts it",
    arguments: Catalog.builtin.categories.map(\.identifier))
  func unitCount(_ identifier: String) throws {
    let category = try #require(Catalog.builtin.category(named: identifier))
    let search = UnitSearch(catalog: .builtin)
    #expect(
      Catalog.builtin.unitCount(in: category)
        == search.units(inCategory: identifier, matching: UnitSearch.Query("")).count)
  }

  @Test(
    "a screen converts only the destinations it draws, to the values every destination has",
    arguments: [("volume", 47), ("length", 21), ("temperature", 9)])
  func drawnValues(_ identifier: String, _ rows: Int) throws {
    let options = ReplTestCatalog.options(color: false, ascii: false)
    var session = try #require(ReplSession(converter: Converter(catalog: .builtin, options: options), mode: .screen))
    _ = session.handle("cat " + identifier)
    _ = session.handle("2.5")
    let all = session.columns()
    var fresh = try #require(ReplSession(converter: Converter(catalog: .builtin, options: options), mode: .screen))
    _ = fresh.handle("cat " + identifier)
    _ = fresh.handle("2.5")
    var drawn = fresh.columns(converted: false)
    #expect(drawn.destinations.allSatisfy { $0.value == nil })
    fresh.convertValues(of: &drawn, rows: rows)
    let indices = ReplLayout.drawnDestinations(drawn, rows: rows)
    #expect(!indices.isEmpty && indices.count <= rows)
    for (index, destination) in drawn.destinations.enumerated() {
      if indices.contains(index) {
        #expect(destination.value == all.destinations[index].value, "\(destination.row.symbol)")
      } else {
        #expect(destination.value == nil, "\(destination.row.symbol) is not drawn")
      }
    }
  }
}
