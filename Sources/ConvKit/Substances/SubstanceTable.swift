/// The substances conv knows, with lookup by name, alias and chemical formula.
///
/// Names and aliases match case-insensitively. A plain word several substances share (`flour`,
/// `sugar`) reads as the one that marks it its default (`flour!`); `alternatives(for:)` lists the
/// others. A word that is no name but a chemical formula of known elements (`NaCl`, `CuSO4·5H2O`)
/// reads as that chemical, with its molar mass from the standard atomic weights and no density.
package struct SubstanceTable: Sendable {
  /// Every substance, in file order.
  package let substances: [Substance]
  /// The standard atomic weights.
  package let elements: ElementTable
  /// The substances of each name or alias (lower-cased), in file order.
  let byKey: [String: [Int]]
  /// The default substance of each shared word (lower-cased).
  let defaults: [String: Int]
  /// The source of the element table, for notes (`CIAAW abridged standard atomic weights (2021)`).
  package let elementsSource: String
  /// Every name and alias once (by key), in file order: what suggestions search. Kept, not made
  /// per call: a batch with an unknown word on every line asks for it on every line.
  package let spellings: [String]

  /// Creates a table (normally made by `SubstanceLoader`).
  package init(substances: [Substance], elements: ElementTable) {
    self.substances = substances
    self.elements = elements
    var byKey: [String: [Int]] = [:]
    var defaults: [String: Int] = [:]
    for (index, substance) in substances.enumerated() {
      for key in Set(([substance.name] + substance.aliases).map { SubstanceTable.key($0) }) {
        byKey[key, default: []].append(index)
      }
      for word in substance.defaultWords { defaults[SubstanceTable.key(word)] = index }
    }
    self.byKey = byKey
    self.defaults = defaults
    var seen: Set<String> = []
    spellings = substances.flatMap { [$0.name] + $0.aliases }.filter { seen.insert(SubstanceTable.key($0)).inserted }
    elementsSource =
      elements.elements.values.min { $0.number < $1.number }?.source ?? "IUPAC/CIAAW standard atomic weights"
  }

  /// The lookup key of a name: lower case, runs of white space as one space.
  package static func key(_ text: some StringProtocol) -> String {
    // ASCII by its bytes (every name is looked up or stored by its key when the table loads).
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count)
      var space = false
      for byte in text.utf8 {
        if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
          space = !bytes.isEmpty
          continue
        }
        if space { bytes.append(0x20) }
        space = false
        bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// The substance a word names: its one substance, or the default of a shared word; else a
  /// chemical formula of known elements (case-sensitive). Nil when neither.
  package func substance(named text: some StringProtocol) -> Substance? {
    let key = SubstanceTable.key(text)
    if let indexes = byKey[key] {
      if indexes.count == 1 { return substances[indexes[0]] }
      if let index = defaults[key] { return substances[index] }
      return substances[indexes[0]]
    }
    return chemical(String(text))
  }

  /// Whether the text is a name or alias of a substance in the data (not a formula).
  package func isName(_ text: some StringProtocol) -> Bool { byKey[SubstanceTable.key(text)] != nil }

  /// A chemical named by its formula alone, with its molar mass and no density.
  package func chemical(_ formula: String) -> Substance? {
    guard let parsed = ChemicalFormula(formula, elements: elements) else { return nil }
    let (mass, uncertainty) = parsed.molarMass(in: elements)
    return Substance(
      name: formula, aliases: [], defaultWords: [], group: "chemical", formula: formula,
      densityText: nil, density: nil, densityUncertainty: nil, molarMass: mass,
      molarMassUncertainty: uncertainty, measured: "", conditions: "", source: elementsSource)
  }

  /// Every substance a word names, the default first (`flour`: all-purpose flour, bread flour, …).
  package func alternatives(for text: some StringProtocol) -> [Substance] {
    let key = SubstanceTable.key(text)
    guard let indexes = byKey[key] else { return [] }
    let first = defaults[key]
    return (first.map { [substances[$0]] } ?? []) + indexes.filter { $0 != first }.map { substances[$0] }
  }

  /// Up to `limit` names or aliases near an unknown word (the ranking of `NearWords`).
  package func suggestions(for word: String, limit: Int = 3) -> [String] {
    NearWords.nearest(word, in: spellings, limit: limit)
  }

  /// The substances of one group, in file order.
  package func substances(inGroup group: String) -> [Substance] { substances.filter { $0.group == group } }

  /// The groups, in file order, with their titles.
  package var groups: [(identifier: String, title: String)] { groupTitles }
  var groupTitles: [(identifier: String, title: String)] = []
}

extension SubstanceTable {
  /// The substances built into conv, read from `Data/substances/` as embedded by
  /// `swift run generate-catalog` (on first use; every entry was checked when generated).
  package static let builtin: SubstanceTable = {
    let sources = BuiltinSubstanceData.files.map { CatalogSource(path: $0.path, text: $0.text.description) }
    return SubstanceLoader.load(sources, catalog: .builtin, checksUnitSpellings: false).table
  }()
}

/// Each built-in substance's name and aliases as lookup keys (``SubstanceTable/key(_:)``), in the
/// table's order, embedded by `swift run generate-catalog`: a search reads them without reading the
/// table.
package enum BuiltinSubstanceKeys {
  package static var all: [[String]] { BuiltinSubstanceData.keys }
}
