/// Reads `Data/substances/`: `*.substances` files of foods, fuels and materials, and
/// `elements.table` of standard atomic weights (the format is in `Data/README.md`).
package enum SubstanceLoader {
  /// Words that can never name a substance: they split a request (`1 cup of flour to g`).
  static let reservedWords: Set<String> = ["to", "in", "as", "of", "->", "=>", "→"]

  /// Loads the files; every problem is a diagnostic (`PATH:LINE: message`) and its line is left
  /// out. Checked: seven fields, a name and a source on every entry, a density of dimension
  /// mass/volume, a formula of known elements, unique names and aliases (a shared plain word needs
  /// exactly one `!` default) and no name or alias that is a unit spelling of `catalog`.
  ///
  /// `checksUnitSpellings: false` leaves out the check against unit spellings (the embedded
  /// files, checked when they were generated, load at run time without it).
  package static func load(_ sources: [CatalogSource], catalog: Catalog, checksUnitSpellings: Bool = true)
    -> (table: SubstanceTable, diagnostics: [CatalogDiagnostic])
  {
    var units = DensityUnits(catalog: catalog)
    var diagnostics: [CatalogDiagnostic] = []
    var elements = ElementTable(elements: [])
    for source in sources where source.path.hasSuffix(".table") {
      let (table, problems) = ElementTable.parse(source)
      elements = ElementTable(elements: Array(elements.elements.values) + Array(table.elements.values))
      diagnostics += problems
    }
    var entries: [(substance: Substance, path: String, line: Int, keys: [(key: String, isDefault: Bool)])] = []
    var groups: [(identifier: String, title: String)] = []
    for source in sources where source.path.hasSuffix(".substances") {
      var group: String? = nil
      var title: String? = nil
      for (index, raw) in source.text.fileLines.enumerated() {
        let lineNumber = index + 1
        func report(_ message: String) {
          diagnostics.append(CatalogDiagnostic(path: source.path, line: lineNumber, message: message))
        }
        let line = raw.utf8.firstIndex(of: UInt8(ascii: "#")).map { raw[..<$0] } ?? raw[...]
        guard !line.trimmed.isEmpty else { continue }
        if !line.contains("|"), let colon = line.firstIndex(of: ":") {
          let key = line[..<colon].trimmed
          let value = String(line[line.index(after: colon)...].trimmed)
          switch key {
          case "group": group = value
          case "title": title = value
          default: report("unknown header '\(key)' (expected 'group:' or 'title:')")
          }
          continue
        }
        guard let group else {
          report("an entry before the 'group:' header")
          continue
        }
        if !groups.contains(where: { $0.identifier == group }) { groups.append((group, title ?? group)) }
        let fields = line.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
          .map { String(Substring($0).trimmed) }
        guard fields.count == 7 else {
          report(
            "an entry has 7 fields separated by '|' (name | aliases | formula | density | measured | conditions | source), found \(fields.count)"
          )
          continue
        }
        switch entry(
          fields, group: group, catalog: catalog, elements: elements, units: &units,
          checksUnitSpellings: checksUnitSpellings)
        {
        case .success(let (substance, keys)): entries.append((substance, source.path, lineNumber, keys))
        case .failure(let problem): report(problem.message)
        }
      }
    }
    // Names and aliases: unique, but for shared plain words with exactly one `!` default.
    var owners: [String: [(entry: Int, isDefault: Bool)]] = [:]
    for (index, entry) in entries.enumerated() {
      for key in entry.keys { owners[key.key, default: []].append((index, key.isDefault)) }
    }
    var rejected: Set<Int> = []
    for (key, list) in owners.sorted(by: { $0.key < $1.key }) {
      let defaults = list.filter(\.isDefault).count
      if list.count > 1 && defaults != 1 {
        let names = list.map { "'" + entries[$0.entry].substance.name + "'" }.joined(separator: ", ")
        let last = list[list.count - 1].entry
        let problem =
          defaults == 0
          ? "'\(key)' names several substances (\(names)): mark the default with a '!' on exactly one"
          : "'\(key)' is marked the default ('!') of several substances (\(names)): exactly one may be"
        diagnostics.append(CatalogDiagnostic(path: entries[last].path, line: entries[last].line, message: problem))
        rejected.insert(last)
      }
    }
    let kept = entries.indices.filter { !rejected.contains($0) }.map { entries[$0].substance }
    var table = SubstanceTable(substances: kept, elements: elements)
    table.groupTitles = groups
    return (table, diagnostics)
  }

  /// A problem with one entry.
  struct Problem: Error {
    let message: String
  }

  /// Reads one entry's fields.
  static func entry(
    _ fields: [String], group: String, catalog: Catalog, elements: ElementTable,
    units: inout DensityUnits, checksUnitSpellings: Bool = true
  )
    -> Result<(Substance, [(key: String, isDefault: Bool)]), Problem>
  {
    let name = fields[0]
    guard !name.isEmpty else { return .failure(Problem(message: "an entry without a name")) }
    let source = fields[6]
    guard !source.isEmpty else { return .failure(Problem(message: "'\(name)' has no source")) }
    var aliases: [String] = []
    var defaults: [String] = []
    var keys: [(key: String, isDefault: Bool)] = [(SubstanceTable.key(name), false)]
    for raw in fields[1].split(separator: ",").map({ String($0.trimmed) }) where !raw.isEmpty {
      var alias = raw
      let isDefault = alias.hasSuffix("!")
      if isDefault || alias.hasSuffix("~") { alias.removeLast() }
      alias = String(alias.trimmed)
      guard !alias.isEmpty else { return .failure(Problem(message: "'\(name)' has an empty alias")) }
      aliases.append(alias)
      if isDefault { defaults.append(alias) }
      let key = SubstanceTable.key(alias)
      if let index = keys.firstIndex(where: { $0.key == key }) {
        if keys[index].key == keys[0].key && index == 0 && !isDefault {
          return .failure(Problem(message: "'\(name)' lists its own name as an alias"))
        }
        keys[index].isDefault = keys[index].isDefault || isDefault
      } else {
        keys.append((key, isDefault))
      }
    }
    for (key, _) in keys {
      if reservedWords.contains(key) {
        return .failure(
          Problem(message: "'\(key)' of '\(name)' is a word that splits a request; it cannot name a substance"))
      }
      // A number is read as a number (`1.4301`), and a sign or point starts one; a name may start
      // with a digit when letters follow (`2% milk`, `2-propanol`, `100LL`).
      if let first = key.first,
        first == "." || first == "-" || first == "+" || Rational(decimalLiteral: key) != nil
          || (first.isNumber && !key.contains(where: { $0.isLetter || $0 == "%" }))
      {
        return .failure(Problem(message: "'\(key)' of '\(name)' reads as a number; it cannot name a substance"))
      }
      if checksUnitSpellings,
        let unit = clashingUnit(
          key, original: ([name] + aliases).first { SubstanceTable.key($0) == key } ?? key, catalog: catalog)
      {
        return .failure(
          Problem(message: "'\(key)' of '\(name)' is a unit spelling (\(unit)); a substance cannot take it"))
      }
    }
    var molarMass: Rational? = nil
    var molarMassUncertainty: Rational? = nil
    let formula = fields[2].isEmpty ? nil : fields[2]
    if let formula {
      guard let parsed = ChemicalFormula(formula, elements: elements) else {
        return .failure(
          Problem(
            message: "formula '\(formula)' of '\(name)' is not a formula of known elements (is elements.table loaded?)")
        )
      }
      (molarMass, molarMassUncertainty) = parsed.molarMass(in: elements)
    }
    var density: Rational? = nil
    var densityUncertainty: Rational? = nil
    let densityText = fields[3].isEmpty ? nil : fields[3]
    if let densityText {
      let quantity: (value: Magnitude, dimension: PhysicalDimension, isExact: Bool)
      do throws(ConvError) {
        quantity = try units.value(densityText)
      } catch {
        return .failure(Problem(message: "density '\(densityText)' of '\(name)': \(error.message)"))
      }
      let massPerVolume = PhysicalDimension(.mass).divided(by: PhysicalDimension(.length).raised(to: 3)!)!
      guard quantity.dimension == massPerVolume, quantity.isExact, quantity.value.isRational,
        !quantity.value.rational.isNegative, !quantity.value.isZero
      else {
        return .failure(
          Problem(
            message:
              "density '\(densityText)' of '\(name)' is not a positive mass per volume (\(catalog.describe(quantity.dimension)))"
          ))
      }
      guard let spread = figureUncertainty(densityText) else {
        return .failure(
          Problem(message: "density '\(densityText)' of '\(name)' does not start with the source's decimal figure"))
      }
      density = quantity.value.rational
      densityUncertainty = spread
    }
    guard density != nil || formula != nil else {
      return .failure(Problem(message: "'\(name)' has neither a density nor a formula: it converts nothing"))
    }
    let substance = Substance(
      name: name, aliases: aliases, defaultWords: defaults, group: group, formula: formula,
      densityText: densityText, density: density, densityUncertainty: densityUncertainty,
      molarMass: molarMass, molarMassUncertainty: molarMassUncertainty,
      measured: fields[4], conditions: fields[5], source: source)
    return .success((substance, keys))
  }

  /// The unit a name or alias would hide, in words; nil when it is no unit spelling.
  static func clashingUnit(_ key: String, original: String, catalog: Catalog) -> String? {
    for spelling in Set([key, original]) {
      if let unit = catalog.unit(named: spelling) { return unit.name }
    }
    return nil
  }

  /// The relative uncertainty of a density's leading decimal figure: half a unit in its last
  /// written digit over the figure (`125 g/cup`: 0.5/125; `0.99820 g/mL`: 0.000005/0.99820).
  static func figureUncertainty(_ text: String) -> Rational? {
    // (An exponent scales the figure and its last digit alike: it cancels, and is left out.)
    let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    guard let value = Rational(decimalLiteral: number), !value.isZero else { return nil }
    let fraction = number.firstIndex(of: ".").map { number.distance(from: $0, to: number.endIndex) - 1 } ?? 0
    return (Rational.powerOfTen(-fraction) / Rational(2)) / value
  }
}

/// Densities read with each unit expression read once (`g/cup` for a hundred foods): a density
/// written `NUMBER UNIT` is the number times the unit; anything else is read whole.
struct DensityUnits {
  let catalog: Catalog
  private var units: [String: UnitExpression] = [:]

  init(catalog: Catalog) { self.catalog = catalog }

  /// The value in coherent SI units, the dimension and whether it is exact.
  mutating func value(_ text: String) throws(ConvError) -> (
    value: Magnitude, dimension: PhysicalDimension, isExact: Bool
  ) {
    if let space = text.firstIndex(of: " "), let number = Rational(decimalLiteral: text[..<space]) {
      let unitText = String(text[text.index(after: space)...].trimmed)
      let unit: UnitExpression
      if let known = units[unitText] {
        unit = known
      } else {
        unit = try catalog.parseUnit(unitText)
        units[unitText] = unit
      }
      if unit.term.scaleUnit == nil, unit.absoluteUnit == nil {
        return (Magnitude(number) * unit.factor, unit.dimension, unit.isExact)
      }
    }
    let quantity = try catalog.parseQuantity(text)
    return (quantity.value, quantity.dimension, quantity.isExact)
  }
}
