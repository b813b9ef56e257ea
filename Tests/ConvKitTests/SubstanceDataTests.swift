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
      CatalogSource(
        path: "Data/substances/" + name,
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
    #expect(
      committed == SubstanceSourceWriter.swiftSource(for: Self.sources),
      "\(SubstanceSourceWriter.outputPath) is out of date: run `swift run generate-catalog`")
    #expect(SubstanceTable.builtin.substances.count == Self.table.substances.count)
  }

  @Test("The embedded keys the search reads are the table's, substance by substance")
  func embeddedKeys() {
    let fromTable = SubstanceTable.builtin.substances.map { ([$0.name] + $0.aliases).map { SubstanceTable.key($0) } }
    #expect(BuiltinSubstanceKeys.all == fromTable)
  }

  @Test("The documented defaults of the plain words")
  func defaults() {
    for (word, name) in [
      ("flour", "all-purpose flour"), ("sugar", "granulated sugar"), ("oil", "soybean oil"),
      ("vegetable oil", "soybean oil"), ("water", "water"), ("diesel", "diesel"),
      ("concrete", "normal-weight concrete"), ("butter", "butter"), ("NaCl", "table salt"),
    ] {
      #expect(
        Self.table.substance(named: word)?.name.lowercased().hasPrefix(name.lowercased()) == true,
        "\(word): \(String(describing: Self.table.substance(named: word)?.name))")
    }
  }

  static let massPerVolume = PhysicalDimension(.mass).divided(by: PhysicalDimension(.length).raised(to: 3)!)!
  static let weightPerVolume = massPerVolume.multiplied(
    by: PhysicalDimension(.length).divided(by: PhysicalDimension(.time).raised(to: 2)!)!)!
  /// Standard gravity, for weight densities (kN/m³) as building codes state them.
  static let standardGravity = Rational(decimalLiteral: "9.80665")!

  /// A density in kg/m³ from a quantity a source writes: a mass per volume, or a weight per volume
  /// divided by standard gravity; nil for anything else.
  static func density(_ text: some StringProtocol) -> Rational? {
    guard let quantity = try? Catalog.builtin.parseQuantity(text), quantity.value.isRational else { return nil }
    if quantity.dimension == massPerVolume { return quantity.value.rational }
    if quantity.dimension == weightPerVolume { return quantity.value.rational / standardGravity }
    return nil
  }

  /// The longest start of `words` (at least one word) that reads as a quantity with a unit.
  static func leadingQuantity(_ words: [Substring]) -> Quantity? {
    for count in stride(from: min(words.count, 4), through: 1, by: -1) {
      let text = words[..<count].joined(separator: " ")
      if let quantity = try? Catalog.builtin.parseQuantity(text), quantity.term.unitCount > 0 { return quantity }
    }
    return nil
  }

  /// Every density a source states that conv reads: a portion (`1 cup = 125 g`, `1 cup unsifted,
  /// dipped = 137 g`) as mass per volume, a density (`0.7893 g/cm³ at 20 °C`, `24.0 kN/m³` of
  /// weight), and the midpoint of a range (`820.0 to 845.0 kg/m³`).
  static func statedDensities(_ source: String) -> [Rational] {
    let separators = CharacterSet(charactersIn: "();:,\"")
    var found: [Rational] = []
    // Portions: the quantities on each side of ` = `, each cut at the punctuation around it.
    let sides = source.components(separatedBy: " = ")
    for index in sides.indices.dropLast() {
      // After the last colon, without parenthetical remarks (`1 cup (8 fl oz)`, `1 cup, fluid (yields …)`).
      var leftText = sides[index].components(separatedBy: ": ").last!
      while let open = leftText.lastIndex(of: "("), let close = leftText[open...].firstIndex(of: ")") {
        leftText.removeSubrange(open...close)
      }
      leftText = leftText.components(separatedBy: "(").last!
      let leftWords = leftText.components(separatedBy: ",")[0].split(separator: " ")
      let rightWords = sides[index + 1].components(separatedBy: separators)[0].split(separator: " ")
      // The left side's words after the number and unit say how it was measured: drop them.
      var left: Quantity? = nil
      for start in leftWords.indices.reversed() where left == nil && leftWords[start].first?.isNumber == true {
        left = leadingQuantity(Array(leftWords[start...]))
      }
      guard let a = left, let b = leadingQuantity(rightWords) else { continue }
      if b.dimension.divided(by: a.dimension) == massPerVolume { found.append((b.value / a.value).rational) }
      if a.dimension.divided(by: b.dimension) == massPerVolume { found.append((a.value / b.value).rational) }
    }
    // Densities and ranges: a number followed by a unit, anywhere.
    let words = source.components(separatedBy: separators).joined(separator: " ").split(separator: " ")
    for (index, word) in words.enumerated() where word.first?.isNumber == true && Rational(decimalLiteral: word) != nil
    {
      for count in 1...2 where index + count < words.count {
        let unit = words[(index + 1)...(index + count)].joined(separator: " ")
        if let value = density(word + " " + unit) { found.append(value) }
        if index + count + 2 < words.count, words[index + 1] == "to", let low = Rational(decimalLiteral: word),
          let high = density(words[index + 2] + " " + words[(index + 3)...(index + count + 2)].joined(separator: " ")),
          let unitValue = density("1 " + words[(index + 3)...(index + count + 2)].joined(separator: " "))
        {
          found.append((low * unitValue + high) / Rational(2))
        }
      }
    }
    // `1235 litres per metric ton`.
    for (index, word) in words.enumerated() where Rational(decimalLiteral: word) != nil {
      guard let per = words[index...].prefix(4).firstIndex(of: "per"), per > index + 1 else { continue }
      let amount = words[index..<per].joined(separator: " ")
      for count in 1...2 where per + count < words.count {
        let unit = "1 " + words[(per + 1)...(per + count)].joined(separator: " ")
        guard let a = try? Catalog.builtin.parseQuantity(amount), let b = try? Catalog.builtin.parseQuantity(unit)
        else { continue }
        if b.dimension.divided(by: a.dimension) == massPerVolume { found.append((b.value / a.value).rational) }
        if a.dimension.divided(by: b.dimension) == massPerVolume { found.append((a.value / b.value).rational) }
      }
    }
    // `24.0 kN/m³, increased by 1 kN/m³`: the two figures' sum.
    if source.contains("increased by"), found.count >= 2 { found.append(found[0] + found[1]) }
    return found
  }

  /// Whether a source states the density (within the precision of the figure as written, or 0.1 %).
  static func agrees(_ substance: Substance) -> Bool? {
    guard let density = substance.density else { return nil }
    let stated = statedDensities(substance.source)
    guard !stated.isEmpty else { return nil }
    let tolerance = max(substance.densityUncertainty ?? .zero, Rational(1) / Rational(1000))
    return stated.contains { ((density - $0) / $0).magnitude <= tolerance }
  }

  @Test(
    "Every density agrees with the figure its source states (where the source states one)",
    arguments: table.substances.filter { $0.density != nil }.map(\.name))
  func densityAgainstSource(_ name: String) throws {
    let substance = try #require(Self.table.substances.first { $0.name == name })
    guard let agrees = Self.agrees(substance) else { return }
    let stated = Self.statedDensities(substance.source).map(\.doubleValue)
    #expect(
      agrees, "\(name): \(substance.densityText ?? "") vs its source: \(substance.source) (stated: \(stated) kg/m³)")
  }

  @Test("Nearly every density's source states a figure the table test reads")
  func figuresAreStated() {
    let withDensity = Self.table.substances.filter { $0.density != nil }
    let unchecked = withDensity.filter { Self.agrees($0) == nil }.map(\.name)
    // (Densities computed from an equation of state name the equation, not a figure.)
    #expect(unchecked.count * 10 <= withDensity.count, "sources without a readable figure: \(unchecked)")
  }

  @Test("Foods cite USDA with the food's number (FDC ID or SR Legacy NDB), save a few named others")
  func sourcesAreCheckable() {
    let foods = Self.table.substances.filter { $0.group == "food" }
    let usda = foods.filter { $0.source.hasPrefix("USDA") }
    for substance in usda {
      #expect(
        substance.source.contains("FDC ") || substance.source.contains("NDB "), "\(substance.name): \(substance.source)"
      )
    }
    #expect(
      usda.count * 20 >= foods.count * 19,
      "foods not from USDA: \(foods.filter { !$0.source.hasPrefix("USDA") }.map(\.name))")
    for substance in Self.table.substances {
      #expect(!substance.source.lowercased().hasPrefix("engineering toolbox"), "\(substance.name): \(substance.source)")
    }
  }

  @Test("At least 100 foods, 30 fuels and liquids, 30 materials and the elements 1 to 118")
  func counts() {
    #expect(Self.table.substances(inGroup: "food").count >= 100)
    #expect(Self.table.substances(inGroup: "fuel").count >= 30)
    #expect(Self.table.substances(inGroup: "material").count >= 30)
    #expect(Set(Self.table.elements.elements.values.map(\.number)) == Set(1...118))
  }
}
