import Foundation
import Testing

@testable import ConvApp
@testable import ConvKit

/// Search reads the built-in catalog's spellings from a table made at generation time: the table
/// must be the one the catalog gives, and search must answer from it as from spellings folded now.
@Suite("Search index")
struct SearchIndexTests {
  /// The committed generated file.
  static func committedSource() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return try String(
      contentsOf: root.appendingPathComponent("Sources/ConvApp/Search/BuiltinSearchData.swift"),
      encoding: .utf8)
  }

  @Test("The generated search table is the built-in catalog's (else run: swift run generate-catalog)")
  func generatedTableIsCurrent() throws {
    #expect(
      try Self.committedSource()
        == SearchIndexTable.builtinDataSource(for: .builtin, identifiers: Catalog.builtin.unitIdentifiers),
      "Sources/ConvApp/Search/BuiltinSearchData.swift is out of date: run `swift run generate-catalog`")
  }

  /// The built-in units as a catalog without compiled tables: search folds all of them at start.
  static let folded = Catalog(categories: Catalog.builtin.categories, units: Catalog.builtin.units)

  @Test(
    "Search over the generated table answers as over spellings folded at start",
    arguments: [
      "foot", "sq ft", "micro", "angstrom", "Ångström", "m", "kg", "per hour", "ohm", "°C", "deg", "light year",
      "x", "pound force", "µ", "metre per", "currency", "length", "press", "cubic in", "a b c", "zz", "kWh",
      "fl oz", "us gal", "mph", "nautical", "DEGREE", "  foot  ", "-", "/", "métre", "ft/s", "kilo", "q",
    ])
  func sameAsFoldedAtStart(query: String) {
    let generated = UnitSearch(catalog: .builtin).search(query, limit: 60)
    let atStart = UnitSearch(catalog: Self.folded).search(query, limit: 60)
    #expect(
      generated.map { $0.unit?.name ?? "#" + $0.category.identifier }
        == atStart.map { $0.unit?.name ?? "#" + $0.category.identifier })
    #expect(generated.map(\.matched) == atStart.map(\.matched))
    #expect(generated.map(\.score) == atStart.map(\.score))
  }

  @Test("Units a file adds are found, filtered and counted beside the built-in ones")
  func addedUnits() throws {
    let length = try #require(Catalog.builtin.category(named: "length"))
    let foot = try #require(Catalog.builtin.unit(named: "ft")?.unit)
    let zorkmid = CatalogUnit(
      name: "zorkmid", plural: "zorkmids", symbols: ["zkm"], aliases: ["Zorkmid length"],
      categoryIdentifier: length.identifier, dimension: foot.dimension, factor: foot.factor,
      isCommon: false, definition: "67 in", source: "test")
    let catalog = Catalog.builtin.adding(categories: [], units: [zorkmid])
    let search = UnitSearch(catalog: catalog)
    #expect(search.search("zorkmid").first?.unit?.name == "zorkmid")
    #expect(search.search("zkm").first?.matched == "zkm")
    let query = UnitSearch.Query("zork")
    #expect(search.units(inCategory: "length", matching: query).map(\.name) == ["zorkmid"])
    #expect(search.matches(zorkmid, query: query))
    #expect(search.matchCounts(query).map { $0.category.identifier } == ["length"])
    // Built-in units still filter by their generated spellings.
    let metre = try #require(Catalog.builtin.unit(named: "m")?.unit)
    #expect(search.matches(metre, query: UnitSearch.Query("metr")))
    #expect(!search.matches(metre, query: UnitSearch.Query("zork")))
    #expect(
      search.units(inCategory: "length", matching: UnitSearch.Query("")).count
        == Catalog.builtin.units(in: length).count + 1)
  }
}
