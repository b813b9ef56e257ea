import ConvKit
import Testing

@testable import ConvApp

/// Issue 16: ASCII output never writes another unit's symbol and never writes two units alike.
@Suite("ASCII symbols")
struct ASCIISymbolTests {
  @Test("Every unit's ASCII symbol is its own: unique, plain ASCII, and read back as the same unit")
  func uniqueAndOwn() {
    let catalog = Catalog.builtin
    var owners: [String: CatalogUnit] = [:]
    var failures: [String] = []
    for unit in catalog.units where !unit.symbols.isEmpty {
      let ascii = ASCIISymbol.of(unit)
      if !ascii.unicodeScalars.allSatisfy({ $0.isASCII }) || ascii.contains("?") {
        failures.append("\(unit.name): '\(ascii)' is not plain ASCII")
      }
      if let other = owners[ascii], other != unit {
        failures.append("\(unit.name) and \(other.name) are both '\(ascii)'")
      }
      owners[ascii] = unit
      // Typed back, one of its readings is the unit (`F` is °F alone and the farad next to µF).
      let readings = catalog.readings(of: ascii)
      if !readings.contains(where: { $0.unit == unit && $0.prefix == nil }) {
        failures.append("\(unit.name): '\(ascii)' reads as \(readings.first?.name ?? "nothing")")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.joined(separator: "\n"))")
  }

  @Test(
    "The issue's examples",
    arguments: [("Å", "angstrom"), ("°Ré", "degRe"), ("°Rø", "degRo"), ("µF", "uF"), ("°C", "degC")])
  func examples(_ symbol: String, _ expected: String) throws {
    let unit = try #require(Catalog.builtin.unit(named: symbol))
    #expect(ASCIISymbol.of(unit) == expected)
  }
}
