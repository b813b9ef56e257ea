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

  /// A query folded once, to test against many units (one per keystroke in the REPL).
  public struct Query: Sendable, Hashable {
    /// The text as typed.
    public let text: String
    let folded: String
    let words: [Substring]

    /// Folds `text` the way every spelling is folded.
    public init(_ text: String) {
      self.text = text
      folded = UnitSearch.normalize(text)
      words = folded.split(separator: " ")
    }

    /// Whether the query matches everything (nothing but spaces typed).
    public var isEmpty: Bool { folded.isEmpty }
  }

  private let catalog: Catalog
  private let entries: [Entry]
  /// For each unit (by catalog position), its entries in `entries`.
  private let unitEntries: [Range<Int>]
  /// Catalog positions of units by category identifier, in display order.
  private let unitsByCategory: [String: [Int]]
  /// Catalog position of each unit, keyed by category and name (names are unique in a catalog).
  private let unitPositions: [String: Int]

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
    var unitEntries: [Range<Int>] = []
    var byCategory: [String: [Int]] = [:]
    var positions: [String: Int] = [:]
    unitEntries.reserveCapacity(catalog.units.count)
    for (index, unit) in catalog.units.enumerated() {
      let category = categoryPositions[unit.categoryIdentifier] ?? 0
      let start = entries.count
      for symbol in unit.symbols { entries.append(UnitSearch.entry(index, category, symbol, isSymbol: true)) }
      for name in [unit.name, unit.plural] + unit.aliases {
        entries.append(UnitSearch.entry(index, category, name, isSymbol: false))
      }
      unitEntries.append(start..<entries.count)
      byCategory[unit.categoryIdentifier, default: []].append(index)
      let key = UnitSearch.positionKey(unit)
      if positions[key] == nil { positions[key] = index }
    }
    self.entries = entries
    self.unitEntries = unitEntries
    self.unitsByCategory = byCategory
    self.unitPositions = positions
  }

  private static func positionKey(_ unit: Unit) -> String {
    unit.categoryIdentifier + "\u{0}" + unit.name
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
    matches(unit, query: Query(query))
  }

  /// Whether a unit matches a folded query; an empty query matches everything.
  ///
  /// Units of this catalog use the spellings folded when the index was built; others are folded now.
  public func matches(_ unit: Unit, query: Query) -> Bool {
    if query.isEmpty { return true }
    if let position = unitPositions[UnitSearch.positionKey(unit)] {
      return matches(position: position, query: query)
    }
    for spelling in unit.symbols + [unit.name, unit.plural] + unit.aliases {
      if UnitSearch.matches(query, UnitSearch.entry(nil, 0, spelling, isSymbol: false)) { return true }
    }
    return false
  }

  /// The units of a category that match `query`, in display order (all of them for an empty query).
  public func units(inCategory identifier: String, matching query: Query) -> [Unit] {
    guard let positions = unitsByCategory[identifier] else { return [] }
    if query.isEmpty { return positions.map { catalog.units[$0] } }
    return positions.compactMap { matches(position: $0, query: query) ? catalog.units[$0] : nil }
  }

  /// How many units of each category match `query`, for categories with at least one match, in catalog order.
  public func matchCounts(_ query: Query) -> [(category: UnitCategory, count: Int)] {
    guard !query.isEmpty else { return [] }
    return catalog.categories.compactMap { category in
      let count = (unitsByCategory[category.identifier] ?? []).count { matches(position: $0, query: query) }
      return count > 0 ? (category, count) : nil
    }
  }

  private func matches(position: Int, query: Query) -> Bool {
    for index in unitEntries[position] where UnitSearch.matches(query, entries[index]) { return true }
    return false
  }

  /// Whether `score` would be non-nil, without computing the score.
  private static func matches(_ query: Query, _ entry: Entry) -> Bool {
    let folded = query.folded
    if entry.folded.hasPrefix(folded) { return true }
    if query.words.count > 1 {
      var position = 0
      for word in query.words {
        guard let found = entry.words[position...].firstIndex(where: { $0.hasPrefix(word) }) else { return false }
        position = found + 1
      }
      return true
    }
    if entry.words.contains(where: { $0.hasPrefix(folded) }) { return true }
    return folded.count >= 3 && entry.folded.contains(folded)
  }
}
