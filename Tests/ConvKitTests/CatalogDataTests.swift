import Foundation
import Testing

@testable import ConvKit

/// Checks on `Data/`: every file resolves, nothing clashes, the embedded catalog is up to date.
@Suite("Catalog data")
struct CatalogDataTests {
  static let dataDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Data")

  static let sources: [CatalogSource] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".units") || $0.hasSuffix(".xml") }.sorted().map { name in
      let url = dataDirectory.appendingPathComponent(name)
      return CatalogSource(path: "Data/" + name, text: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }
  }()

  @Test("All data files load together without a single problem")
  func loadsCleanly() {
    let (_, diagnostics) = CatalogLoader.load(Self.sources)
    #expect(diagnostics.isEmpty, "\(diagnostics.prefix(20).map(\.description).joined(separator: "\n"))")
  }

  @Test(
    "Each data file loads on its own: syntax, clashes and dimensions",
    arguments: sources.map(\.path).filter { $0.hasSuffix(".units") })
  func eachFileOnItsOwn(_ path: String) {
    // With the exchange rates, which the currencies' definitions read.
    let this = Self.sources.filter { $0.path == path || $0.path.hasSuffix(".xml") }
    let (catalog, diagnostics) = CatalogLoader.load(this)
    // Alone, a file may only fail to find units defined in other files (files refer to each
    // other: watts are joules per second, joules are newton metres); any other problem — syntax,
    // a clash inside the file, a dimension that is not the category's — is an error.
    let ownProblems = diagnostics.filter {
      !$0.message.contains("unknown unit") && !$0.message.contains("does not resolve")
        && !(($0.message.hasPrefix("reciprocal category") || $0.message.hasPrefix("related category"))
          && $0.message.hasSuffix("does not exist"))
    }
    #expect(ownProblems.isEmpty, "\(ownProblems.prefix(10).map(\.description).joined(separator: "\n"))")
    #expect(catalog.categories.count == 1, "\(path) must define exactly one category")
  }

  @Test("The embedded catalog matches Data/ (else run: swift run generate-catalog)")
  func generatedFileIsCurrent() throws {
    let (catalog, _) = CatalogLoader.load(Self.sources)
    let generated = Self.dataDirectory.deletingLastPathComponent()
      .appendingPathComponent("Sources/ConvKit/Catalog/BuiltinCatalog+Data.swift")
    let committed = try String(contentsOf: generated, encoding: .utf8)
    #expect(
      committed == CatalogSourceWriter.swiftSource(for: catalog, previous: committed),
      "Sources/ConvKit/Catalog/BuiltinCatalog+Data.swift is out of date: run `swift run generate-catalog`")
  }

  /// The committed generated file.
  static func committedSource() throws -> String {
    try String(
      contentsOf: dataDirectory.deletingLastPathComponent()
        .appendingPathComponent("Sources/ConvKit/Catalog/BuiltinCatalog+Data.swift"), encoding: .utf8)
  }

  /// Lines of `a` and `b` that the other lacks (as multisets): what a diff would show.
  static func changedLines(_ a: String, _ b: String) -> Int {
    var counts: [Substring: Int] = [:]
    for line in a.split(separator: "\n", omittingEmptySubsequences: false) { counts[line, default: 0] += 1 }
    for line in b.split(separator: "\n", omittingEmptySubsequences: false) { counts[line, default: 0] -= 1 }
    return counts.values.reduce(0) { $0 + abs($1) }
  }

  @Test("Adding or removing a unit in the middle of length.units changes a handful of generated lines")
  func stableGeneration() throws {
    let committed = try Self.committedSource()
    let length = try #require(Self.sources.firstIndex { $0.path.hasSuffix("length.units") })
    var lines = Self.sources[length].text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let furlong = try #require(lines.firstIndex { $0.hasPrefix("furlong ") })
    // One unit more, right after the furlong.
    var added = Self.sources
    var more = lines
    more.insert("double furlong | double furlongs | | | 1320 ft | | test", at: furlong + 1)
    added[length] = CatalogSource(path: added[length].path, text: more.joined(separator: "\n"))
    let (withUnit, problems) = CatalogLoader.load(added)
    #expect(problems.isEmpty, "\(problems)")
    let grown = CatalogSourceWriter.swiftSource(for: withUnit, previous: committed)
    #expect(Self.changedLines(committed, grown) < 60, "\(Self.changedLines(committed, grown)) lines changed")
    // And the furlong removed: its record stays as an empty slot.
    lines.remove(at: furlong)
    var removed = Self.sources
    removed[length] = CatalogSource(path: removed[length].path, text: lines.joined(separator: "\n"))
    let (withoutUnit, _) = CatalogLoader.load(removed)
    let shrunk = CatalogSourceWriter.swiftSource(for: withoutUnit, previous: committed)
    #expect(Self.changedLines(committed, shrunk) < 60, "\(Self.changedLines(committed, shrunk)) lines changed")
  }

  @Test("Every built-in unit has its category's dimension, a source, and a unique canonical name")
  func builtinConsistency() {
    let catalog = Catalog.builtin
    var names = Set<String>()
    for unit in catalog.units {
      let category = catalog.category(named: unit.categoryIdentifier)
      #expect(category?.dimension == unit.dimension, "\(unit.name)")
      #expect(!unit.source.isEmpty, "\(unit.name)")
      #expect(names.insert(unit.name.lowercased()).inserted, "duplicate name \(unit.name)")
    }
  }

  @Test("Breadth: at least 50 categories and 1,200 named units")
  func breadth() {
    #expect(Catalog.builtin.categories.count >= 50)
    #expect(Catalog.builtin.units.count >= 1200)
  }

  @Test("Every category has common units first in the whole column, and at least one unit")
  func categoriesHaveUnits() {
    for category in Catalog.builtin.categories {
      #expect(!Catalog.builtin.units(in: category).isEmpty, "\(category.identifier)")
    }
  }
}
