import Foundation
import Testing
@testable import ConvKit

/// Checks on `Data/substances/`: every file loads without a problem, the embedded copy is current,
/// and every density agrees with the figure its source states.
@Suite("Substance data")
struct SubstanceDataTests {
  static let directory = CatalogDataTests.dataDirectory.appendingPathComponent("substances")

  static let sources: [CatalogSource] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".substances") || $0.hasSuffix(".table") }.sorted().map { name in
      CatalogSource(path: "Data/substances/" + name,
                    text: (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? "")
    }
  }()

  static let table = SubstanceLoader.load(sources, catalog: .builtin).table

  @Test("Data/substances/ loads without a single problem")
  func loadsCleanly() {
    let (table, diagnostics) = SubstanceLoader.load(Self.sources, catalog: .builtin)
    #expect(diagnostics.isEmpty, "\(diagnostics.prefix(20).map(\.description).joined(separator: "\n"))")
    #expect(!table.substances.isEmpty)
    #expect(table.elements["H"] != nil && table.elements["O"] != nil)
  }

  @Test("The embedded substances match Data/substances/ (else run: swift run generate-catalog)")
  func generatedFileIsCurrent() throws {
    let generated = CatalogDataTests.dataDirectory.deletingLastPathComponent()
      .appendingPathComponent(SubstanceSourceWriter.outputPath)
    let committed = try String(contentsOf: generated, encoding: .utf8)
    #expect(committed == SubstanceSourceWriter.swiftSource(for: Self.sources),
            "\(SubstanceSourceWriter.outputPath) is out of date: run `swift run generate-catalog`")
    #expect(SubstanceTable.builtin.substances.count == Self.table.substances.count)
  }

  @Test("The documented defaults of the plain words")
  func defaults() {
    for (word, name) in [("flour", "all-purpose flour"), ("sugar", "granulated sugar"), ("oil", "vegetable oil"),
                         ("water", "water"), ("diesel", "diesel"), ("concrete", "concrete"), ("butter", "butter")] {
      #expect(Self.table.substance(named: word)?.name.lowercased().hasPrefix(name.lowercased()) == true,
              "\(word): \(String(describing: Self.table.substance(named: word)?.name))")
    }
  }

  /// The figures a source states in parentheses: `(1 cup = 125 g)` as a mass per volume, or a
  /// density written alone (`(0.998207 g/cm3 at 20 °C)`); nil when it states none conv reads.
  static func statedDensity(_ source: String) -> Rational? {
    var candidates: [String] = []
    var depth = 0
    var current = ""
    for character in source {
      if character == "(" {
        depth += 1
        if depth == 1 { current = ""; continue }
      } else if character == ")" {
        depth -= 1
        if depth == 0 { candidates.append(current); continue }
      }
      if depth >= 1 { current.append(character) }
    }
    let catalog = Catalog.builtin
    let massPerVolume = PhysicalDimension(.mass).divided(by: PhysicalDimension(.length).raised(to: 3)!)!
    for candidate in candidates {
      for part in candidate.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        let sides = part.components(separatedBy: " = ")
        if sides.count == 2 {
          // `1 cup, packed = 220 g`: the words after a comma say how it was measured.
          let left = String(sides[0].split(separator: ",")[0])
          let right = String(sides[1].split(separator: ",")[0]).trimmingCharacters(in: .whitespaces)
          guard let a = try? catalog.parseQuantity(left), let b = try? catalog.parseQuantity(right) else { continue }
          if let ratio = b.dimension.divided(by: a.dimension), ratio == massPerVolume { return (b.value / a.value).rational }
          if let ratio = a.dimension.divided(by: b.dimension), ratio == massPerVolume { return (a.value / b.value).rational }
        } else {
          // A density alone, before any words of conditions (`0.998207 g/cm3 at 20 °C`).
          let words = part.split(separator: " ")
          guard words.count >= 2 else { continue }
          let text = words[0] + " " + words[1].replacingOccurrences(of: "cm3", with: "cm^3").replacingOccurrences(of: "m3", with: "m^3")
          if let quantity = try? catalog.parseQuantity(text), quantity.dimension == massPerVolume { return quantity.value.rational }
        }
      }
    }
    return nil
  }

  @Test("Every density agrees with the figure its source states (where the source states one)",
        arguments: table.substances.filter { $0.density != nil }.map(\.name))
  func densityAgainstSource(_ name: String) throws {
    let substance = try #require(Self.table.substances.first { $0.name == name })
    guard let stated = Self.statedDensity(substance.source), let density = substance.density else { return }
    // Within the precision of the figure as written (half a unit in its last digit), or of the
    // stated figure's own rounding to the digits written (a source may give more digits).
    let relative = ((density - stated) / stated).magnitude
    let tolerance = max(substance.densityUncertainty ?? .zero, Rational(1) / Rational(1000))
    #expect(relative <= tolerance, "\(name): \(substance.densityText ?? "") vs source \(stated.doubleValue) kg/m³")
  }

  @Test("Nearly every density's source states a figure the table test reads")
  func figuresAreStated() {
    let withDensity = Self.table.substances.filter { $0.density != nil }
    let unchecked = withDensity.filter { Self.statedDensity($0.source) == nil }.map(\.name)
    #expect(unchecked.count * 5 <= withDensity.count, "sources without a readable figure: \(unchecked)")
  }

  @Test("Foods cite USDA FoodData Central with an FDC ID; others cite a handbook, standard or agency")
  func sourcesAreCheckable() {
    for substance in Self.table.substances {
      if substance.group == "food" {
        #expect(substance.source.contains("FDC"), "\(substance.name): \(substance.source)")
      }
      #expect(!substance.source.lowercased().hasPrefix("engineering toolbox"), "\(substance.name): \(substance.source)")
    }
  }
}
