import Foundation
import Testing

@testable import ConvKit

/// Issue 36: the substance loader, chemical formulas, the bridging rule and the rounding of
/// results to the digits their figures support.
@Suite("Substances")
struct SubstanceTests {
  static let elementsText = """
    # symbol | name | number | atomic weight | uncertainty | source
    H  | hydrogen   | 1  | 1.0080 | 0.0002 | CIAAW (2021)
    C  | carbon     | 6  | 12.011 | 0.002  | CIAAW (2021)
    N  | nitrogen   | 7  | 14.007 | 0.001  | CIAAW (2021)
    O  | oxygen     | 8  | 15.999 | 0.001  | CIAAW (2021)
    Na | sodium     | 11 | 22.990 | 0.001  | CIAAW (2021)
    S  | sulfur     | 16 | 32.06  | 0.02   | CIAAW (2021)
    Cl | chlorine   | 17 | 35.45  | 0.01   | CIAAW (2021)
    Ca | calcium    | 20 | 40.078 | 0.004  | CIAAW (2021)
    Cu | copper     | 29 | 63.546 | 0.003  | CIAAW (2021)
    Tc | technetium | 43 | [97]   |        | CIAAW: no stable isotope
    Li | lithium    | 3  | [6.938, 6.997] | | CIAAW interval
    """
  static let elements = ElementTable.parse(CatalogSource(path: "elements.table", text: elementsText)).0

  // MARK: Formulas

  /// Formula, molar mass in g/mol computed by hand from the table above, and its uncertainty.
  static let formulas: [(String, String, String)] = [
    ("H2O", "18.0150", "0.0014"),  // 2×1.0080 + 15.999; 2×0.0002 + 0.001
    ("NaCl", "58.440", "0.011"),  // 22.990 + 35.45
    ("C6H12O6", "180.156", "0.0204"),  // 6×12.011 + 12×1.0080 + 6×15.999; 0.012+0.0024+0.006
    ("Ca(OH)2", "74.092", "0.0064"),  // 40.078 + 2×(15.999 + 1.0080)
    ("CuSO4·5H2O", "249.677", "0.034"),  // 63.546 + 32.06 + 4×15.999 + 5×18.015; 0.003+0.02+0.009+0.002
    ("CuSO4.5H2O", "249.677", "0.034"),
    ("CuSO4*5H2O", "249.677", "0.034"),
    ("H₂O", "18.0150", "0.0014"),
    ("[Cu(NH3)4]SO4", "227.726", "0.0334"),  // 63.546 + 4×(14.007 + 3×1.0080) + 32.06 + 4×15.999
    ("Tc", "97", "0.5"),
    ("Li2O", "29.934", "0.060"),  // 2×6.9675 + 15.999; 2×0.0295 + 0.001
  ]

  @Test("Molar masses of formulas, against hand-computed sums", arguments: formulas)
  func molarMass(_ formula: String, _ mass: String, _ uncertainty: String) throws {
    let parsed = try #require(ChemicalFormula(formula, elements: Self.elements))
    let (value, spread) = parsed.molarMass(in: Self.elements)
    #expect(value == Rational(decimalLiteral: mass)!, "\(formula): \(value)")
    #expect(spread == Rational(decimalLiteral: uncertainty)!, "\(formula): ± \(spread)")
  }

  @Test(
    "Texts that are no formula of known elements",
    arguments: [
      "", "h2o", "H2Oo", "Xx", "H0", "H2O)", "(H2O", "Ca(OH", "NaCl·", "·H2O", "flour", "H100000", "2", "H-O",
    ])
  func notFormulas(_ text: String) {
    #expect(ChemicalFormula(text, elements: Self.elements) == nil, "\(text)")
  }

  @Test("Element counts of hydrates and groups")
  func counts() throws {
    let hydrate = try #require(ChemicalFormula("CuSO4·5H2O", elements: Self.elements))
    #expect(hydrate.counts == ["Cu": 1, "S": 1, "O": 9, "H": 10])
    let group = try #require(ChemicalFormula("Ca(OH)2", elements: Self.elements))
    #expect(group.counts == ["Ca": 1, "O": 2, "H": 2])
  }

  // MARK: The bridging rule

  static let mass = PhysicalDimension(.mass)
  static let length = PhysicalDimension(.length)
  static let volume = length.raised(to: 3)!
  static let amount = PhysicalDimension(.amount)
  static let time = PhysicalDimension(.time)
  static let density = mass.divided(by: volume)!
  static let molarity = amount.divided(by: volume)!
  static let molality = amount.divided(by: mass)!

  /// Source, target and the powers of density and molar mass that carry one to the other (nil: none).
  static let pairs: [(String, PhysicalDimension, PhysicalDimension, Int?, Int?)] = [
    ("volume→mass", volume, mass, 1, 0),
    ("mass→volume", mass, volume, -1, 0),
    ("mass→amount", mass, amount, 0, -1),
    ("amount→mass", amount, mass, 0, 1),
    ("volume→amount", volume, amount, 1, -1),
    ("amount→volume", amount, volume, -1, 1),
    ("mass concentration→molarity", density, molarity, 0, -1),
    ("molarity→mass concentration", molarity, density, 0, 1),
    ("density→molarity (mol/L of the pure liquid)", density, PhysicalDimension.none, -1, 0),
    ("volume flow→mass flow", volume.divided(by: time)!, mass.divided(by: time)!, 1, 0),
    ("mass→mass", mass, mass, nil, nil),
    ("volume→length", volume, length, nil, nil),
    ("mass→time", mass, time, nil, nil),
    ("volume→area", volume, length.raised(to: 2)!, nil, nil),
    ("mass→length³·mass", mass, volume.multiplied(by: mass)!, nil, nil),
    ("molality→molarity", molality, molarity, 1, 0),
    ("volume→mass³ (too many powers)", volume, mass.raised(to: 3)!.divided(by: volume.raised(to: 2)!)!, 3, 0),
  ]

  @Test("Which dimension pairs a substance bridges, and with which powers", arguments: pairs.indices)
  func bridgingRule(_ index: Int) {
    let (name, from, to, a, b) = Self.pairs[index]
    let powers = SubstanceBridge.powers(from: from, to: to)
    if let a, let b, abs(a) <= 2 {
      #expect(powers?.density == a && powers?.molarMass == b, "\(name): \(String(describing: powers))")
    } else {
      #expect(powers == nil, "\(name): \(String(describing: powers))")
    }
  }

  // MARK: Rounding to the figures' digits

  /// Value, uncertainty, and the digits kept.
  static let roundings: [(String, String, String)] = [
    ("18.0150", "0.0014", "18.015"),
    ("58.440", "0.011", "58.44"),
    ("116.88", "0.022", "116.88"),
    ("4.409245", "0.0176", "4.41"),
    ("125", "0.5", "125"),
    ("1.25", "0.003125", "1.25"),
    ("0.5550930", "0.0000431", "0.55509"),
    ("123456", "500", "123500"),
    ("3.3", "7", "3"),
  ]

  @Test("A result keeps the digits down to its uncertainty's leading digit", arguments: roundings)
  func rounding(_ value: String, _ uncertainty: String, _ expected: String) {
    let rounded = SubstanceBridge.rounded(
      Rational(decimalLiteral: value)!, uncertainty: Rational(decimalLiteral: uncertainty)!)
    #expect(
      rounded.rational == Rational(decimalLiteral: expected)!, "\(value) ± \(uncertainty): \(rounded.plainString)")
  }

  // MARK: The loader

  static func load(_ entries: String, elements: String = elementsText) -> (SubstanceTable, [CatalogDiagnostic]) {
    SubstanceLoader.load(
      [
        CatalogSource(path: "elements.table", text: elements),
        CatalogSource(path: "test.substances", text: "group: food\ntitle: Foods\n" + entries),
      ],
      catalog: .builtin)
  }

  /// Entry lines, and a fragment of the problem reported (nil: loads cleanly).
  static let entries: [(String, String?)] = [
    ("oats | rolled oats | | 81 g/cup | | | USDA FoodData Central FDC 173904 (1 cup = 81 g)", nil),
    ("oats | rolled oats | | 81 g/cup | | USDA FDC 173904", "7 fields"),
    ("oats | rolled oats | | 81 g/cup | | | ", "no source"),
    (" | rolled oats | | 81 g/cup | | | USDA", "without a name"),
    ("oats | | | 81 g | | | USDA", "not a positive mass per volume"),
    ("oats | | | 81 km/h | | | USDA", "not a positive mass per volume"),
    ("oats | | | 81 g/blorp | | | USDA", "unknown unit"),
    ("oats | | | 0 g/cup | | | USDA", "not a positive mass per volume"),
    ("oats | | | g/cup | | | USDA", "does not start with the source's decimal figure"),
    ("oats | | Xy2 | 81 g/cup | | | USDA", "not a formula of known elements"),
    ("oats | | | | | | USDA", "neither a density nor a formula"),
    ("oats | gram | | 81 g/cup | | | USDA", "is a unit spelling"),
    ("oats | cup | | 81 g/cup | | | USDA", "is a unit spelling"),
    ("oats | kg | | 81 g/cup | | | USDA", "is a unit spelling"),
    ("oats | of | | 81 g/cup | | | USDA", "splits a request"),
    ("oats | 2.5 | | 81 g/cup | | | USDA", "reads as a number"),
    ("oats | 1.4301 | | 81 g/cup | | | USDA", "reads as a number"),
    ("oats | -oats | | 81 g/cup | | | USDA", "reads as a number"),
    ("oats | 42 | | 81 g/cup | | | USDA", "reads as a number"),
    ("milk | 2% milk, 2-propanol | | 244 g/cup | | | USDA", nil),
    ("glucose | | C6H12O6 | | | | CIAAW", nil),
    (
      "oats | oatmeal | | 81 g/cup | | | USDA\nporridge oats | oatmeal | | 81 g/cup | | | USDA",
      "names several substances"
    ),
    ("oats | cereal | | 81 g/cup | | | USDA\nbran | cereal | | 59 g/cup | | | USDA", "mark the default"),
    ("oats | cereal! | | 81 g/cup | | | USDA\nbran | cereal | | 59 g/cup | | | USDA", nil),
    ("oats | cereal! | | 81 g/cup | | | USDA\nbran | cereal! | | 59 g/cup | | | USDA", "exactly one may be"),
  ]

  @Test(
    "Loader checks: fields, source, density dimension, formulas, unique and unit-free names", arguments: entries.indices
  )
  func loader(_ index: Int) {
    let (text, problem) = Self.entries[index]
    let (_, diagnostics) = Self.load(text + "\n")
    if let problem {
      #expect(diagnostics.contains { $0.message.contains(problem) }, "\(text): \(diagnostics)")
    } else {
      #expect(diagnostics.isEmpty, "\(text): \(diagnostics)")
    }
  }

  @Test("A shared word reads as its default; the others are its alternatives")
  func sharedWords() throws {
    let (table, diagnostics) = Self.load(
      """
      bran | cereal | | 59 g/cup | | | USDA
      oats | cereal!, Oatmeal | | 81 g/cup | | | USDA
      """)
    #expect(diagnostics.isEmpty)
    #expect(table.substance(named: "cereal")?.name == "oats")
    #expect(table.substance(named: "CEREAL")?.name == "oats")
    #expect(table.substance(named: "oatmeal")?.name == "oats")
    #expect(table.alternatives(for: "cereal").map(\.name) == ["oats", "bran"])
    #expect(table.substance(named: "NaCl")?.molarMass == Rational(decimalLiteral: "58.44"))
    #expect(table.substance(named: "nacl") == nil)
    #expect(table.suggestions(for: "oatz") == ["oats"])
  }

  @Test("Element table lines with problems are reported")
  func elementProblems() {
    let text =
      "H | hydrogen | 1 | 1.0080 | 0.0002 | CIAAW\nH | hydrogen | 1 | 1.0080 | 0.0002 | CIAAW\n"
      + "he | helium | 2 | 4.0026 | 0.0001 | CIAAW\nLi | lithium | 3 | 6.94 | | CIAAW\nBe | beryllium | 4 | 9.0122 | 0.0001 |\n"
    let (table, diagnostics) = ElementTable.parse(CatalogSource(path: "e.table", text: text))
    #expect(table.elements.count == 1)
    #expect(diagnostics.map(\.line) == [2, 3, 4, 5], "\(diagnostics)")
  }

  @Test(
    "A name's key: lower case, white space runs as one space (the ASCII path as the general one)",
    arguments: [
      "All-Purpose Flour", "  flour ", "olive\toil", "Extra  Virgin\n Olive Oil", "NaCl", "", " ", "2% MILK",
      "Crème fraîche", "CRÈME  Fraîche", "a\u{85}b", "Ñandú",
    ])
  func key(_ text: String) {
    let general = text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    #expect(SubstanceTable.key(text) == general)
    #expect(SubstanceTable.key(text[...]) == general)
  }
}
