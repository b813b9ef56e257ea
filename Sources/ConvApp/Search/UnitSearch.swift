import ConvFormat
import ConvKit
import Synchronization

/// Finds units and categories by name, symbol and alias, folding case and diacritics.
///
/// `angstrom` finds Ångström, `sq ft` finds square foot, `micro` finds µ-prefixed spellings. The
/// same matcher filters the REPL's columns. The built-in catalog's spellings were folded when the
/// catalog was generated (`BuiltinSearchData`); only units a units file adds are folded at start-up.
/// A search reads that table once and builds only the units it returns; the REPL's filter builds an
/// index of it (`FilterIndex`) on first use.
package struct UnitSearch: Sendable {
  /// One hit.
  package struct Hit: Sendable, Hashable {
    /// The unit found, or nil for a category hit.
    package let unit: CatalogUnit?
    /// The category found (for unit hits: the unit's category).
    package let category: UnitCategory
    /// The spelling that matched best.
    package let matched: String
    /// Lower is better.
    package let score: Int
    /// The unit's position in the catalog (-1 for a category), which breaks ties.
    var position: Int = -1
  }

  /// A query folded once, to test against many units (one per keystroke in the REPL).
  package struct Query: Sendable, Hashable {
    /// The text as typed.
    package let text: String
    let folded: String
    /// The folded query's UTF-8 bytes, and where each of its words (split at spaces) is in them.
    let bytes: [UInt8]
    let words: [Range<Int>]
    /// Whether the query is long enough (three characters) to match inside a word.
    let matchesInside: Bool
    /// The folded query's length in characters (ranks compare lengths).
    let characters: Int

    /// Folds `text` the way every spelling is folded.
    package init(_ text: String) {
      self.text = text
      folded = UnitSearch.normalize(text)
      bytes = Array(folded.utf8)
      var words: [Range<Int>] = []
      var start: Int? = nil
      for (index, byte) in bytes.enumerated() {
        if byte == 0x20 {
          if let first = start { words.append(first..<index) }
          start = nil
        } else if start == nil {
          start = index
        }
      }
      if let first = start { words.append(first..<bytes.count) }
      self.words = words
      characters = folded.count
      matchesInside = characters >= 3
    }

    /// Whether the query matches everything (nothing but spaces typed).
    package var isEmpty: Bool { folded.isEmpty }

    /// Runs `body` with a ranker: the rank of `spelling[start..<end]` for this query (see
    /// `FoldedMatch.rank`), nil when it does not match.
    func withRanker<Result>(
      _ body: ((UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int?) -> Result
    ) -> Result {
      bytes.withUnsafeBufferPointer { query in
        words.withUnsafeBufferPointer { words in
          body { spelling, start, end in
            FoldedMatch.rank(spelling, start, end, query, words: words, inside: matchesInside)
          }
        }
      }
    }
  }

  /// Folded spellings in one array of bytes, for matching many per keystroke without String
  /// operations or reference counting.
  struct SpellingPool: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Where each spelling is in `bytes`.
    private(set) var spans: [Range<Int>] = []

    init() {}

    /// A pool over `bytes`, one span per range.
    init(bytes: [UInt8], spans: [Range<Int>]) {
      self.bytes = bytes
      self.spans = spans
    }

    /// Adds a folded spelling.
    mutating func append(_ folded: String) {
      let start = bytes.count
      bytes.append(contentsOf: folded.utf8)
      spans.append(start..<bytes.count)
    }

    /// Runs `body` with a test "does a spelling in this range of spans match `query`".
    func withMatcher<Result>(_ query: Query, _ body: ((Range<Int>) -> Bool) -> Result) -> Result {
      bytes.withUnsafeBufferPointer { pool in
        spans.withUnsafeBufferPointer { spans in
          query.bytes.withUnsafeBufferPointer { text in
            query.words.withUnsafeBufferPointer { words in
              body { range in
                range.contains {
                  FoldedMatch.rank(
                    pool, spans[$0].lowerBound, spans[$0].upperBound, text, words: words,
                    inside: query.matchesInside) != nil
                }
              }
            }
          }
        }
      }
    }
  }

  /// What the REPL's filter asks of the table: each unit's spellings, the units of each category,
  /// and where a unit of the catalog is; built on first use (a search does without).
  struct FilterIndex: Sendable {
    /// The folded spellings, one span per line of the table.
    let pool: SpellingPool
    /// For each unit (by place in `Catalog.units`), its lines in the table.
    let unitEntries: [Range<Int>]
    /// For each unit (by place in `Catalog.units`), its identifier in the catalog's storage.
    let unitIdentifiers: [Int]
    /// For each unit (by place), the spelling of its name.
    let unitNames: [String]
    /// Places in `Catalog.units` of the units of each category (by place in
    /// `Catalog.categories`), in display order.
    let unitsByCategory: [[Int]]
    /// Places of the units added on top of the built-in tables, by name.
    let addedUnitPlaces: [String: Int]
    /// Category places by identifier.
    let categoryPlaces: [String: Int]

    init(table: SearchIndexTable, categories: [UnitCategory], categoryCount: Int, addedIdentifiers: Set<Int>) {
      let lines = table.parsedLines()
      pool = SpellingPool(bytes: Array(table.bytes.buffer), spans: lines.map(\.folded))
      // A unit's lines are together, units in catalog order: the n-th run of lines is `units[n]`.
      var unitEntries: [Range<Int>] = []
      var identifiers: [Int] = []
      var names: [String] = []
      var byCategory = [[Int]](repeating: [], count: categoryCount)
      var addedPlaces: [String: Int] = [:]
      var index = 0
      while index < lines.count {
        let line = lines[index]
        var end = index + 1
        guard line.unit >= 0 else {
          index = end
          continue
        }
        while end < lines.count && lines[end].unit == line.unit { end += 1 }
        let place = unitEntries.count
        unitEntries.append(index..<end)
        identifiers.append(line.unit)
        let name = lines[index..<end].first(where: { $0.kind == .name }).map { table.spelling($0) } ?? ""
        names.append(name)
        if line.category < categoryCount { byCategory[line.category].append(place) }
        if addedIdentifiers.contains(line.unit) { addedPlaces[name] = place }
        index = end
      }
      self.unitEntries = unitEntries
      unitIdentifiers = identifiers
      unitNames = names
      unitsByCategory = byCategory
      addedUnitPlaces = addedPlaces
      var places: [String: Int] = [:]
      for (place, category) in categories.enumerated() where places[category.identifier] == nil {
        places[category.identifier] = place
      }
      categoryPlaces = places
    }
  }

  private let catalog: Catalog
  /// The spellings: the built-in catalog's as generated, then those of units added on top.
  private let table: SearchIndexTable
  /// How many categories the table numbers.
  private let categoryCount: Int
  /// One more than the largest unit identifier of the table.
  private let identifierLimit: Int
  /// The storage identifiers of the units folded at start-up (not from the generated table).
  private let addedIdentifiers: Set<Int>
  /// The filter's index, built on first use.
  private let filterIndex = FilterIndexCache()

  /// Builds the index for a catalog.
  package init(catalog: Catalog) {
    self.catalog = catalog
    var builtin: StaticString? = nil
    var categoryBase = 0
    let addedUnits: [CatalogUnit]
    let addedCategories: [UnitCategory]
    let addedIdentifiers: [Int]
    if catalog.builtinUnitCount > 0, catalog.builtinCategoryCount == BuiltinSearchData.categoryCount {
      builtin = BuiltinSearchData.lines
      categoryBase = catalog.builtinCategoryCount
      (addedUnits, addedCategories) = (catalog.addedUnits, catalog.addedCategories)
      addedIdentifiers = addedUnits.indices.map { catalog.builtinUnitCount + $0 }
    } else {
      // Tables other than the ones generated with this program's (or none): fold every spelling.
      (addedUnits, addedCategories) = (catalog.units, catalog.categories)
      addedIdentifiers = catalog.unitIdentifiers
    }
    if addedUnits.isEmpty && addedCategories.isEmpty, let builtin {
      table = SearchIndexTable(TableBytes(builtin))
    } else {
      var text = builtin.map { Array(UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)) } ?? []
      // (A multi-line literal drops the last line break: the next line must not join the last.)
      if let last = text.last, last != 0x0A { text.append(0x0A) }
      text +=
        SearchIndexTable.lines(
          categories: addedCategories, units: addedUnits, identifiers: addedIdentifiers,
          categoryBase: categoryBase, in: catalog
        ).utf8
      table = SearchIndexTable(TableBytes(text))
    }
    categoryCount = categoryBase + addedCategories.count
    identifierLimit = max(catalog.builtinUnitCount, (addedIdentifiers.max() ?? -1) + 1)
    self.addedIdentifiers = Set(addedIdentifiers)
  }

  /// The filter's index (built on first use, then shared by copies of this search).
  private var index: FilterIndex {
    filterIndex.get {
      FilterIndex(
        table: table, categories: catalog.categories, categoryCount: categoryCount,
        addedIdentifiers: addedIdentifiers)
    }
  }

  /// Folds case and diacritics, maps µ/μ to `u` and abbreviations to words (`sq` → `square`).
  /// The word `micro` stays a word: it finds the micro-units by name (`microinch`, with its `µin`),
  /// not the symbol `u` (the unified atomic mass unit).
  package static func normalize(_ text: String) -> String {
    var folded = TextFolding.fold(text)
    folded = String(folded.map { $0 == "μ" || $0 == "µ" ? "u" : $0 })
    let words = folded.split(separator: " ").map { word -> String in
      switch word {
      case "sq": "square"
      case "cu": "cubic"
      default: String(word)
      }
    }
    return words.joined(separator: " ")
  }

  /// Units and categories matching `query`, best first; each unit or category at most once.
  ///
  /// One pass over the table's folded spellings; a line is read further only when its spelling
  /// matches, and only the units returned are built. Lines are in catalog order, so a line's
  /// place in the table orders units as their places in the catalog do.
  package func search(_ query: String, limit: Int = 50) -> [Hit] {
    let query = Query(query)
    guard !query.isEmpty, limit > 0 else { return [] }
    // The best match of each unit (by identifier) and category: positions in `best`.
    struct Best {
      var score: Int
      var line: SearchIndexTable.Line
      var order: Int
    }
    var best: [Best] = []
    var bestOfUnit = [Int](repeating: -1, count: identifierLimit)
    var bestOfCategory = [Int](repeating: -1, count: categoryCount)
    var order = 0
    query.withRanker { rank in
      table.forEachLine { text, start, foldedEnd, end in
        defer { order += 1 }
        guard let rank = rank(text, start, foldedEnd), let line = SearchIndexTable.parse(text, start, end),
          line.unit < identifierLimit, line.category < categoryCount
        else {
          return
        }
        let base = rank == 0 ? (line.kind == .symbol ? 0 : 1) : rank + line.characters - query.characters
        let adjusted = base * 2 + (line.kind != .category && !line.isCommon ? 1 : 0)
        let slot = line.unit >= 0 ? bestOfUnit[line.unit] : bestOfCategory[line.category]
        if slot >= 0 {
          if best[slot].score > adjusted { best[slot] = Best(score: adjusted, line: line, order: order) }
        } else {
          if line.unit >= 0 { bestOfUnit[line.unit] = best.count } else { bestOfCategory[line.category] = best.count }
          best.append(Best(score: adjusted, line: line, order: order))
        }
      }
    }
    // Categories before units of the same rank, then table order.
    let ranked = best.sorted {
      ($0.score, $0.line.unit >= 0 ? 1 : 0, $0.order) < ($1.score, $1.line.unit >= 0 ? 1 : 0, $1.order)
    }
    // Each category read once (a search shows a few of them).
    var categories = [UnitCategory?](repeating: nil, count: categoryCount)
    return ranked.prefix(limit).compactMap { entry -> Hit? in
      let line = entry.line
      guard let category = categories[line.category] ?? catalog.category(atPlace: line.category) else { return nil }
      categories[line.category] = category
      var unit: CatalogUnit? = nil
      if line.unit >= 0 {
        guard let built = catalog.unit(identifier: line.unit) else { return nil }
        unit = built
      }
      return Hit(
        unit: unit, category: category, matched: table.spelling(line), score: entry.score,
        position: line.unit >= 0 ? entry.order : -1)
    }
  }

  /// The place in `Catalog.units` of a unit of this catalog, nil for others.
  private func place(of unit: CatalogUnit) -> Int? {
    let index = self.index
    if let place = index.addedUnitPlaces[unit.name] { return place }
    guard let category = index.categoryPlaces[unit.categoryIdentifier], category < index.unitsByCategory.count,
      index.unitsByCategory[category].indices.contains(unit.order)
    else { return nil }
    let place = index.unitsByCategory[category][unit.order]
    // The unit at that place has this name (else it is not this catalog's unit).
    return index.unitNames[place] == unit.name ? place : nil
  }

  /// The unit at a place in `Catalog.units`, built alone.
  private func unit(atPlace place: Int, _ index: FilterIndex) -> CatalogUnit? {
    catalog.unit(identifier: index.unitIdentifiers[place])
  }

  /// Whether a unit matches `query` (for filtering a column): an empty query matches everything.
  package func matches(_ unit: CatalogUnit, query: String) -> Bool {
    matches(unit, query: Query(query))
  }

  /// Whether a unit matches a folded query; an empty query matches everything.
  ///
  /// Units of this catalog use the spellings folded when the index was built; others are folded now.
  package func matches(_ unit: CatalogUnit, query: Query) -> Bool {
    if query.isEmpty { return true }
    if let position = place(of: unit) {
      let index = self.index
      let entries = index.unitEntries[position]
      return index.pool.withMatcher(query) { matches in matches(entries) }
    }
    var spellings = SpellingPool()
    for spelling in unit.symbols + [unit.name, unit.plural] + unit.aliases {
      spellings.append(UnitSearch.normalize(spelling))
    }
    let count = spellings.spans.count
    return spellings.withMatcher(query) { matches in matches(0..<count) }
  }

  /// Whether a possibly prefixed unit matches a folded query: a prefixed one (`km`) by its own
  /// symbols and names (`kilometre`), folded now.
  package func matches(_ unit: PrefixedUnit, query: Query) -> Bool {
    guard let prefix = unit.prefix else { return matches(unit.unit, query: query) }
    if query.isEmpty { return true }
    var spellings = SpellingPool()
    for spelling in unit.unit.symbols.map({ prefix.symbol + $0 }) + [unit.name, unit.plural] {
      spellings.append(UnitSearch.normalize(spelling))
    }
    let count = spellings.spans.count
    return spellings.withMatcher(query) { matches in matches(0..<count) }
  }

  /// The units of a category that match `query`, in display order (all of them for an empty query).
  package func units(inCategory identifier: String, matching query: Query) -> [CatalogUnit] {
    let index = self.index
    guard let category = index.categoryPlaces[identifier], category < index.unitsByCategory.count else { return [] }
    let positions = index.unitsByCategory[category]
    if query.isEmpty { return positions.compactMap { unit(atPlace: $0, index) } }
    let matching = index.pool.withMatcher(query) { matches in positions.filter { matches(index.unitEntries[$0]) } }
    return matching.compactMap { unit(atPlace: $0, index) }
  }

  /// How many units of each category match `query`, for the first `limit` categories (in catalog
  /// order) with at least one match.
  package func matchCounts(_ query: Query, limit: Int = .max) -> [(category: UnitCategory, count: Int)] {
    guard !query.isEmpty, limit > 0 else { return [] }
    let index = self.index
    return index.pool.withMatcher(query) { matches in
      var counts: [(category: UnitCategory, count: Int)] = []
      for (place, category) in catalog.categories.enumerated() where place < index.unitsByCategory.count {
        let count = index.unitsByCategory[place].count { matches(index.unitEntries[$0]) }
        if count > 0 { counts.append((category, count)) }
        if counts.count == limit { break }
      }
      return counts
    }
  }
}

/// The filter index of a search, built once on first use and shared by its copies.
final class FilterIndexCache: Sendable {
  private let index = Mutex<UnitSearch.FilterIndex?>(nil)

  func get(_ make: () -> UnitSearch.FilterIndex) -> UnitSearch.FilterIndex {
    if let built = index.withLock({ $0 }) { return built }
    let built = make()
    index.withLock { if $0 == nil { $0 = built } }
    return built
  }
}
