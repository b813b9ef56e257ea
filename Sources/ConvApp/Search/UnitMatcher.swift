import ConvFormat
import ConvKit

/// The one matcher of what people type against the catalog's spellings, for every front end:
/// search and the REPL's filter (`search`), completion in the REPL and the shells (`completions`),
/// and "did you mean" (`suggestions`). Spellings are folded once, when the matcher is made.
package struct UnitMatcher: Sendable {
  /// The catalog matched against.
  package let catalog: Catalog
  private let givenSearch: UnitSearch?
  /// Ranked search over names, symbols and aliases (folding case and accents); built when first
  /// asked for unless given.
  package var search: UnitSearch { givenSearch ?? UnitSearch(catalog: catalog) }

  /// A spelling that completion offers.
  struct Spelling: Sendable {
    let text: String
    let folded: String
    let isSymbol: Bool
    let unit: CatalogUnit
  }

  private let spellings: [Spelling]
  /// The featured prefixed forms of every category (`km`, `MiB`), offered as soon as their first
  /// letter is typed.
  private let featured: [PrefixedUnit]

  /// A matcher over `catalog`; `search` reuses an index already built.
  package init(catalog: Catalog, search: UnitSearch? = nil) {
    self.catalog = catalog
    givenSearch = search
    var spellings: [Spelling] = []
    var seen = Set<String>()
    for unit in catalog.units {
      for symbol in unit.symbols where seen.insert(symbol).inserted {
        spellings.append(Spelling(text: symbol, folded: TextFolding.fold(symbol), isSymbol: true, unit: unit))
      }
      for name in [unit.name] + unit.aliases where seen.insert(name).inserted {
        spellings.append(Spelling(text: name, folded: TextFolding.fold(name), isSymbol: false, unit: unit))
      }
    }
    self.spellings = spellings
    featured = catalog.categories.flatMap { catalog.featuredUnits(in: $0) }
  }

  /// Up to `limit` spellings the user may have meant by an unknown one, fitting the other side's
  /// dimension when known (see `Catalog.suggestions(for:limit:fitting:)`).
  package func suggestions(for text: String, limit: Int = 3, fitting dimension: PhysicalDimension?) -> [String] {
    catalog.suggestions(for: text, limit: limit, fitting: dimension)
  }

  /// The spellings that complete `typed`, with the unit each names: symbols that start with it as
  /// typed, then spellings (symbols, names, aliases) that start with it once case and accents are
  /// folded (`ang` → `ångström`), then prefixed symbols (`km`, `GiB`, `µF`) once a prefix and more
  /// is typed. After an operator (`kg/m`) the part after it is completed. With `fitting`, units of that dimension first, then of the inverse
  /// dimension, and no others.
  package func completions(of typed: String, fitting dimension: PhysicalDimension? = nil) -> [(
    text: String, unit: CatalogUnit
  )] {
    var head = ""
    var word = Substring(typed)
    if let operatorIndex = typed.lastIndex(where: { "/*·×(".contains($0) }) {
      head = String(typed[...operatorIndex])
      word = typed[typed.index(after: operatorIndex)...]
    }
    let filter = head.isEmpty ? dimension : nil
    let folded = TextFolding.fold(String(word))
    var results: [(text: String, unit: CatalogUnit, rank: Int)] = []
    var seen = Set<String>()
    func rank(_ unit: CatalogUnit) -> Int? {
      guard let filter else { return 0 }
      if unit.dimension == filter { return 0 }
      if !filter.isNone && unit.dimension == filter.inverse { return 1 }
      return nil
    }
    func offer(_ text: String, _ unit: CatalogUnit) {
      guard let rank = rank(unit), seen.insert(text).inserted else { return }
      results.append((head + text, unit, rank))
    }
    // Featured prefixed forms (`km` for `k`) and symbols first (as typed, then in another case),
    // then names and aliases.
    for unit in featured where !word.isEmpty && unit.symbol.hasPrefix(word) { offer(unit.symbol, unit.unit) }
    for spelling in spellings where spelling.isSymbol && spelling.text.hasPrefix(word) {
      offer(spelling.text, spelling.unit)
    }
    for spelling in spellings where spelling.folded.hasPrefix(folded) && (spelling.isSymbol || !word.isEmpty) {
      offer(spelling.text, spelling.unit)
    }
    // Whole spellings with an operator of their own (`°/h`, `km/h`), before the part after the
    // operator is completed on its own.
    if !head.isEmpty {
      let whole = TextFolding.fold(typed)
      var wholeMatches: [(text: String, unit: CatalogUnit, rank: Int)] = []
      for spelling in spellings where spelling.text.hasPrefix(typed) || spelling.folded.hasPrefix(whole) {
        guard
          let rank = dimension.map({
            spelling.unit.dimension == $0 ? 0 : spelling.unit.dimension == $0.inverse ? 1 : -1
          }) ?? 0,
          rank >= 0, seen.insert("=" + spelling.text).inserted
        else { continue }
        wholeMatches.append((spelling.text, spelling.unit, rank - 1))
      }
      results = wholeMatches + results
    }
    if !word.isEmpty {
      for unit in catalog.units where unit.prefixes != .none {
        for prefix in Prefix.iec + Prefix.si where prefix.applies(to: unit.prefixes) {
          for prefixSymbol in prefix.symbols where word.hasPrefix(prefixSymbol) && word.count > prefixSymbol.count {
            for symbol in unit.symbols where (prefixSymbol + symbol).hasPrefix(word) {
              offer(prefixSymbol + symbol, unit)
            }
          }
        }
      }
    }
    return results.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
      .map { ($0.element.text, $0.element.unit) }
  }

  /// The completions of `typed` that `source` converts into, as a target on the same line
  /// (`conv 20 °C <Tab>`): those of its dimension, then declared reciprocals (L/100km after mpg);
  /// never the source's own unit, nor a unit the conversion refuses (`Δ°C` after `°C`) or marks as
  /// an undeclared reciprocal (`1/K`).
  package func completions(of typed: String, convertingFrom source: Quantity) -> [(text: String, unit: CatalogUnit)] {
    let own = source.unit?.singleUnit
    return completions(of: typed, fitting: source.dimension).filter { candidate in
      guard let target = try? catalog.parseUnit(candidate.text) else { return false }
      if let own, target.singleUnit == own { return false }
      guard let result = try? catalog.convert(source, to: target) else { return false }
      guard result.kind == .reciprocal else { return true }
      let from = source.unit ?? UnitExpression(text: source.text, term: source.term, singleUnit: nil)
      return catalog.isDeclaredReciprocal(from: from, to: target)
    }
  }
}
