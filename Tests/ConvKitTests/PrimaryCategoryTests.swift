import Testing

@testable import ConvKit

/// The primary category of a dimension, kept once found, is the one found by looking at every
/// category, for every dimension the catalog has and some it has not, asked for twice.
@Suite("Primary categories")
struct PrimaryCategoryTests {
  @Test("Kept categories are the ones found by a scan")
  func keptMatchesScan() {
    let catalog = Catalog.builtin
    var dimensions = catalog.categories.map(\.dimension)
    dimensions += dimensions.map(\.inverse)
    dimensions += [.none, PhysicalDimension(.length).multiplied(by: PhysicalDimension(.currency))!]
    for _ in 0..<2 {
      for dimension in dimensions {
        let scanned = catalog.categories.filter { $0.dimension == dimension }
          .max { catalog.unitCount(in: $0) < catalog.unitCount(in: $1) }
        #expect(catalog.primaryCategory(for: dimension)?.identifier == scanned?.identifier, "\(dimension.formula)")
        #expect(catalog.describe(dimension) == (scanned?.title.lowercased() ?? dimension.formula))
      }
    }
  }
}
