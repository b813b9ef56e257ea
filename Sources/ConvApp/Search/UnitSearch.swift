import ConvFormat
import ConvKit

/// Finds units and categories by name, symbol and alias, folding case and diacritics.
///
/// `angstrom` finds Ångström, `sq ft` finds square foot, `micro` finds µ-prefixed spellings. The
/// same matcher filters the REPL's columns. Each candidate spelling is folded once, when the
/// index is built.
public struct UnitSearch: Sendable {
  /// One hit.
  public struct Hit: Sendable, Hashable {
    /// The unit found, or nil for a category hit.
    public let unit: Unit?
    /// The category found (for unit hits: the unit's category).
    public let category: UnitCategory
    /// The spelling that matched best.
    public let matched: String
    /// Lower is better.
    public let score: Int
  }

  private struct Entry: Sendable {
    let unitIndex: Int?
    let categoryIndex: Int
    let spelling: String
    let folded: String
    let words: [Substring]
    let isSymbol: Bool
  }

  private let catalog: Catalog
  private let entries: [Entry]

  /// Builds the index for a catalog.
  public init(catalog: Catalog) {
    self.catalog = catalog
    var categoryPositions: [String: Int] = [:]
    for (index, category) in catalog.categories.enumerated() { categoryPositions[category.identifier] = index }
    var entries: [Entry] = []
    for (index, category) in catalog.categories.enumerated() {
      for spelling in [category.title, category.identifier] + category.aliases {
        entries.append(UnitSearch.entry(nil, index, spelling, isSymbol: false))
      }
    }
    for (index, unit) in catalog.units.enumerated() {
      let category = categoryPositions[unit.categoryIdentifier] ?? 0
      for symbol in unit.symbols { entries.append(UnitSearch.entry(index, category, symbol, isSymbol: true)) }
      for name in [unit.name, unit.plural] + unit.aliases {
        entries.append(UnitSearch.entry(index, category, name, isSymbol: false))
      }
    }
    self.entries = entries
  }

  private static func entry(_ unit: Int?, _ category: Int, _ spelling: String, isSymbol: Bool) -> Entry {
    let folded = UnitSearch.normalize(spelling)
    return Entry(unitIndex: unit, categoryIndex: category, spelling: spelling, folded: folded,
                 words: folded.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "/" }), isSymbol: isSymbol)
  }

  /// Folds case and diacritics, maps µ/μ to `u` and abbreviations to words (`sq` → `square`).
  public static func normalize(_ text: String) -> String {
    var folded = TextFolding.fold(text)
    folded = String(folded.map { $0 == "μ" || $0 == "µ" ? "u" : $0 })
    let words = folded.split(separator: " ").map { word -> String in
      switch word {
      case "sq": "square"
      case "cu": "cubic"
      case "micro": "u"
      default: String(word)
      }
    }
    return words.joined(separator: " ")
  }

  /// Scores a folded query against one entry; nil when it does not match.
  private static func score(_ query: String, queryWords: [Substring], _ entry: Entry) -> Int? {
    if entry.folded == query { return entry.isSymbol ? 0 : 1 }
    if entry.folded.hasPrefix(query) { return 10 + entry.folded.count - query.count }
    if queryWords.count > 1 {
      // Every query word is the prefix of some word of the spelling, in order.
      var position = 0
      for word in queryWords {
        guard let found = entry.words[position...].firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
        position = found + 1
      }
      return 30 + entry.folded.count - query.count
    }
    if entry.words.contains(where: { $0.hasPrefix(query) }) { return 40 + entry.folded.count - query.count }
    if query.count >= 3 && entry.folded.contains(query) { return 60 + entry.folded.count - query.count }
    return nil
  }

  /// Units and categories matching `query`, best first; each unit or category at most once.
  public func search(_ query: String, limit: Int = 50) -> [Hit] {
    let folded = UnitSearch.normalize(query)
    guard !folded.isEmpty else { return [] }
    let words = folded.split(separator: " ")
    var best: [String: Hit] = [:]
    for entry in entries {
      guard let score = UnitSearch.score(folded, queryWords: words, entry) else { continue }
      let key = entry.unitIndex.map { "u\($0)" } ?? "c\(entry.categoryIndex)"
      let unit = entry.unitIndex.map { catalog.units[$0] }
      let adjusted = score * 2 + (unit?.isCommon == false ? 1 : 0)
      if let existing = best[key], existing.score <= adjusted { continue }
      best[key] = Hit(unit: unit, category: catalog.categories[entry.categoryIndex], matched: entry.spelling,
                      score: adjusted)
    }
    return best.values.sorted { ($0.score, $0.unit?.order ?? -1) < ($1.score, $1.unit?.order ?? -1) }
      .prefix(limit).map { $0 }
  }

  /// Whether a unit matches `query` (for filtering a column): an empty query matches everything.
  public func matches(_ unit: Unit, query: String) -> Bool {
    let folded = UnitSearch.normalize(query)
    if folded.isEmpty { return true }
    let words = folded.split(separator: " ")
    for spelling in unit.symbols + [unit.name, unit.plural] + unit.aliases {
      if UnitSearch.score(folded, queryWords: words, UnitSearch.entry(nil, 0, spelling, isSymbol: false)) != nil {
        return true
      }
    }
    return false
  }
}
