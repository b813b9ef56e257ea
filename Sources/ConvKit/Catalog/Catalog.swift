/// The units and categories conv knows, with lookup by symbol, name, plural, alias and prefix.
///
/// Lookup rules, in order (the first that matches wins):
/// 1. an exact, case-sensitive match of a symbol, name, plural or alias (`Mm`, `mm`, `NM`);
/// 2. an SI or IEC prefix symbol on a unit symbol (`km`, `µF`, `GiB`), case-sensitive;
/// 3. a case-insensitive match of a name, plural or alias (`Mile`, `FEET`);
/// 4. a prefix word on a name, plural or alias (`kilometre`, `Gibibytes`).
public struct Catalog: Sendable {
  /// Every category, in catalog order.
  public let categories: [UnitCategory]
  /// Every unit, grouped by category and in display order within each.
  public let units: [Unit]

  private let exactIndex: [String: Int]
  private let claimedIndex: [String: Int]
  private let symbolIndex: [String: Int]
  private let foldedIndex: [String: Int]
  private let categoryIndex: [String: Int]
  private let unitsByCategory: [String: [Int]]

  /// Builds a catalog. Earlier units win name clashes, except that claimed names (`F!`) win over
  /// symbols; loaders report clashes before getting here.
  public init(categories: [UnitCategory], units: [Unit]) {
    self.categories = categories
    self.units = units
    var exact: [String: Int] = [:]
    var symbolsOnly: [String: Int] = [:]
    var folded: [String: Int] = [:]
    var byCategory: [String: [Int]] = [:]
    exact.reserveCapacity(units.count * 5)
    folded.reserveCapacity(units.count * 4)
    for (index, unit) in units.enumerated() {
      for symbol in unit.symbols where exact[symbol] == nil { exact[symbol] = index }
      for symbol in unit.symbols where symbolsOnly[symbol] == nil { symbolsOnly[symbol] = index }
      for word in [unit.name, unit.plural] + unit.aliases {
        if exact[word] == nil { exact[word] = index }
        let key = word.lowercased()
        if folded[key] == nil { folded[key] = index }
      }
      byCategory[unit.categoryIdentifier, default: []].append(index)
    }
    var claimed: [String: Int] = [:]
    for (index, unit) in units.enumerated() {
      for name in unit.claimedNames { claimed[name] = index }
      // A personal unit that overrides a built-in one claims all its spellings, everywhere.
      if unit.claimedNames.contains(unit.name) {
        for name in unit.claimedNames { exact[name] = index }
      }
    }
    var categoryKeys: [String: Int] = [:]
    for (index, category) in categories.enumerated() {
      for key in [category.identifier, category.title] + category.aliases {
        categoryKeys[Catalog.categoryKey(key)] = index
      }
    }
    exactIndex = exact
    claimedIndex = claimed
    symbolIndex = symbolsOnly
    foldedIndex = folded
    categoryIndex = categoryKeys
    unitsByCategory = byCategory
  }

  static func categoryKey(_ text: some StringProtocol) -> String {
    String(text.lowercased().map { $0 == " " || $0 == "_" ? "-" : $0 })
  }

  // MARK: Units

  /// Finds a unit by symbol, name, plural or alias, with or without a prefix; nil if unknown.
  ///
  /// Claimed bare spellings (`C` for °C, `F` for °F) apply only when `standalone` is true: when
  /// the spelling is the whole unit a user typed. Inside a compound expression (`C/kg`, `µF`)
  /// the symbol keeps its SI meaning.
  public func unit(named text: some StringProtocol, standalone: Bool = true) -> PrefixedUnit? {
    let text = String(text)
    if standalone, let index = claimedIndex[text] { return PrefixedUnit(unit: units[index]) }
    if let index = exactIndex[text] { return PrefixedUnit(unit: units[index]) }
    if let match = prefixedSymbol(text) { return match }
    let key = text.lowercased()
    if let index = foldedIndex[key] { return PrefixedUnit(unit: units[index]) }
    return prefixedName(key)
  }

  private func prefixedSymbol(_ text: String) -> PrefixedUnit? {
    for prefix in Prefix.iec + Prefix.si {
      for symbol in prefix.symbols where text.hasPrefix(symbol) && text.count > symbol.count {
        let rest = String(text.dropFirst(symbol.count))
        if let index = symbolIndex[rest], prefix.applies(to: units[index].prefixes) {
          return PrefixedUnit(unit: units[index], prefix: prefix)
        }
      }
    }
    return nil
  }

  private func prefixedName(_ key: String) -> PrefixedUnit? {
    let allPrefixes = Prefix.iec + Prefix.si
    var spellings = allPrefixes.map { ($0.name, $0) }
    for (alias, name) in Prefix.nameAliases {
      if let prefix = allPrefixes.first(where: { $0.name == name }) { spellings.append((alias, prefix)) }
    }
    for (word, prefix) in spellings where key.hasPrefix(word) && key.count > word.count {
      let rest = String(key.dropFirst(word.count))
      if let index = foldedIndex[rest], prefix.applies(to: units[index].prefixes) {
        let unit = units[index]
        if unit.symbols.contains(where: { $0.lowercased() == rest && !isName(rest, of: unit) }) { continue }
        return PrefixedUnit(unit: unit, prefix: prefix)
      }
    }
    return nil
  }

  private func isName(_ key: String, of unit: Unit) -> Bool {
    ([unit.name, unit.plural] + unit.aliases).contains { $0.lowercased() == key }
  }

  /// Finds a unit, or throws `ConvError.unknownUnit` with up to three suggestions.
  public func lookup(_ text: some StringProtocol, span: SourceSpan? = nil) throws(ConvError) -> PrefixedUnit {
    if let match = unit(named: text) { return match }
    let span = span ?? SourceSpan(start: 0, length: text.count)
    throw .unknownUnit(String(text), span: span, suggestions: suggestions(for: String(text)))
  }

  /// Up to `limit` known spellings closest to `text` (for "did you mean").
  public func suggestions(for text: String, limit: Int = 3) -> [String] {
    let key = text.lowercased()
    let bound = max(1, min(3, key.count / 3 + 1))
    // The best spelling of each unit, so one unit is suggested once.
    var bestPerUnit: [Int: (Int, Int, String)] = [:]
    for (spelling, index) in exactIndex {
      guard let distance = EditDistance.between(key, spelling.lowercased(), bound: bound), distance <= bound else {
        continue
      }
      let exactCase = spelling.lowercased() == key ? 0 : 1
      let candidate = (distance * 2 + exactCase, units[index].isCommon ? 0 : 1, spelling)
      if let existing = bestPerUnit[index],
         (existing.0, existing.1, existing.2.count, existing.2) <= (candidate.0, candidate.1, candidate.2.count, candidate.2) {
        continue
      }
      bestPerUnit[index] = candidate
    }
    let scored = bestPerUnit.values.sorted { ($0.0, $0.1, $0.2.count, $0.2) < ($1.0, $1.1, $1.2.count, $1.2) }
    return Array(scored.prefix(limit).map(\.2))
  }

  /// Every spelling that resolves to a unit without a prefix (symbols, names, plurals, aliases).
  public var spellings: [String] { Array(exactIndex.keys) }

  // MARK: Categories

  /// Finds a category by identifier, title or alias (case-insensitive; spaces, `_` and `-` alike).
  public func category(named text: some StringProtocol) -> UnitCategory? {
    categoryIndex[Catalog.categoryKey(text)].map { categories[$0] }
  }

  /// The category with the given identifier.
  public func category(of unit: Unit) -> UnitCategory? {
    categoryIndex[unit.categoryIdentifier].map { categories[$0] }
  }

  /// The units of a category in display order (by magnitude).
  public func units(in category: UnitCategory) -> [Unit] {
    (unitsByCategory[category.identifier] ?? []).map { units[$0] }
  }

  /// The units of a category with the common ones first, each group in display order.
  public func unitsCommonFirst(in category: UnitCategory) -> [Unit] {
    let all = units(in: category)
    return all.filter(\.isCommon) + all.filter { !$0.isCommon }
  }

  /// Describes a dimension in words: the title of its main category (`speed`), else its formula.
  public func describe(_ dimension: Dimension) -> String {
    primaryCategory(for: dimension)?.title.lowercased() ?? dimension.formula
  }

  /// The main category of a dimension: of those that have it, the one with the most units
  /// (length rather than astronomical distance, energy rather than torque).
  public func primaryCategory(for dimension: Dimension) -> UnitCategory? {
    categories.filter { $0.dimension == dimension }
      .max { (unitsByCategory[$0.identifier]?.count ?? 0) < (unitsByCategory[$1.identifier]?.count ?? 0) }
  }

  /// A copy with more categories and units added after these (personal units).
  public func adding(categories newCategories: [UnitCategory], units newUnits: [Unit]) -> Catalog {
    Catalog(categories: categories + newCategories, units: units + newUnits)
  }
}
