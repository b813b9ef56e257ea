import ConvFormat
import ConvKit

/// Finds units and categories by name, symbol and alias, folding case and diacritics.
///
/// `angstrom` finds Ångström, `sq ft` finds square foot, `micro` finds µ-prefixed spellings. The
/// same matcher filters the REPL's columns. The built-in catalog's spellings were folded when the
/// catalog was generated (`BuiltinSearchData`); only units a units file adds are folded at start-up.
/// Matching compares bytes, and a search builds only the units it returns.
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
    /// The folded query's UTF-8 bytes, and where each of its words is in them.
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
      words = SpellingPool.words(of: bytes, separators: [0x20])
      characters = folded.count
      matchesInside = characters >= 3
    }

    /// Whether the query matches everything (nothing but spaces typed).
    package var isEmpty: Bool { folded.isEmpty }
  }

  /// Every folded spelling's UTF-8 bytes in one array, with its words' boundaries, so that many
  /// spellings are matched per keystroke without String operations or reference counting.
  /// Spellings and queries are folded to the same composed form, so comparing bytes gives the
  /// answers comparing characters gives.
  private struct SpellingPool: Sendable {
    struct Span {
      var start: Int
      var end: Int
      /// The spelling's words, as positions in `words`.
      var firstWord: Int
      var endWord: Int
    }

    private(set) var bytes: [UInt8] = []
    private(set) var spans: [Span] = []
    /// Word boundaries (start, end) in `bytes`, two numbers per word.
    private(set) var words: [Int] = []

    /// Word ranges of `bytes`, split at any of `separators`.
    static func words(of bytes: [UInt8], separators: Set<UInt8>) -> [Range<Int>] {
      var words: [Range<Int>] = []
      var start: Int? = nil
      for (index, byte) in bytes.enumerated() {
        if separators.contains(byte) {
          if let first = start { words.append(first..<index) }
          start = nil
        } else if start == nil {
          start = index
        }
      }
      if let first = start { words.append(first..<bytes.count) }
      return words
    }

    init() {}

    /// A pool over `bytes`, one span per range (the folded fields of a search table).
    init(bytes: [UInt8], ranges: [Range<Int>]) {
      self.bytes = bytes
      spans.reserveCapacity(ranges.count)
      words.reserveCapacity(ranges.count * 3)
      bytes.withUnsafeBufferPointer { bytes in
        for range in ranges { addSpan(bytes, range) }
      }
    }

    /// Adds a folded spelling.
    mutating func append(_ folded: String) {
      let offset = bytes.count
      bytes.append(contentsOf: folded.utf8)
      let end = bytes.count
      bytes.withUnsafeBufferPointer { bytes in addSpan(bytes, offset..<end) }
    }

    /// Adds the span of `range`, with its words split at space, `-` and `/`.
    private mutating func addSpan(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
      let firstWord = words.count / 2
      var start: Int? = nil
      for index in range {
        let byte = bytes[index]
        if byte == 0x20 || byte == 0x2D || byte == 0x2F {
          if let first = start { words.append(first); words.append(index) }
          start = nil
        } else if start == nil {
          start = index
        }
      }
      if let first = start { words.append(first); words.append(range.upperBound) }
      spans.append(Span(start: range.lowerBound, end: range.upperBound, firstWord: firstWord, endWord: words.count / 2))
    }

    /// Runs `body` with a scorer: the rank of the spelling of a span for `query`, nil when it
    /// does not match. 0 is the whole spelling; 10, 30, 40 and 60 (plus the difference in length)
    /// are a prefix of it, prefixes of its words in order, a prefix of a word, and a part of it.
    func withScorer<Result>(_ query: Query, _ body: ((Int, _ characters: Int) -> Int?) -> Result) -> Result {
      bytes.withUnsafeBufferPointer { pool in
        spans.withUnsafeBufferPointer { spans in
          words.withUnsafeBufferPointer { words in
            query.bytes.withUnsafeBufferPointer { text in
              query.words.withUnsafeBufferPointer { queryWords in
                body { index, characters in
                  SpellingPool.score(pool, spans[index], words, text, queryWords, inside: query.matchesInside,
                                     extra: characters - query.characters)
                }
              }
            }
          }
        }
      }
    }

    /// The rank of ``withScorer(_:_:)``, on bytes.
    private static func score(_ pool: UnsafeBufferPointer<UInt8>, _ span: Span, _ words: UnsafeBufferPointer<Int>,
                              _ text: UnsafeBufferPointer<UInt8>, _ queryWords: UnsafeBufferPointer<Range<Int>>,
                              inside: Bool, extra: Int) -> Int? {
      let whole = 0..<text.count
      guard !text.isEmpty, text.count <= span.end - span.start else { return nil }
      if has(pool, span.start, span.end, text, whole) { return text.count == span.end - span.start ? 0 : 10 + extra }
      if queryWords.count > 1 {
        var word = span.firstWord
        for queryWord in queryWords {
          while word < span.endWord && !has(pool, words[2 * word], words[2 * word + 1], text, queryWord) { word += 1 }
          if word == span.endWord { return nil }
          word += 1
        }
        return 30 + extra
      }
      for word in span.firstWord..<span.endWord where has(pool, words[2 * word], words[2 * word + 1], text, whole) {
        return 40 + extra
      }
      guard inside else { return nil }
      for start in span.start...(span.end - text.count) where pool[start] == text[0] {
        if has(pool, start, span.end, text, whole) { return 60 + extra }
      }
      return nil
    }

    /// Runs `body` with a test "does a spelling in this range of spans match `query`".
    func withMatcher<Result>(_ query: Query, _ body: ((Range<Int>) -> Bool) -> Result) -> Result {
      bytes.withUnsafeBufferPointer { pool in
        spans.withUnsafeBufferPointer { spans in
          words.withUnsafeBufferPointer { words in
            query.bytes.withUnsafeBufferPointer { text in
              query.words.withUnsafeBufferPointer { queryWords in
                body { range in
                  for index in range {
                    if SpellingPool.matches(pool, spans[index], words, text, queryWords, inside: query.matchesInside) {
                      return true
                    }
                  }
                  return false
                }
              }
            }
          }
        }
      }
    }

    /// Whether `pool[start..<end]` begins with `text[part]`.
    @inline(__always)
    private static func has(_ pool: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                            _ text: UnsafeBufferPointer<UInt8>, _ part: Range<Int>) -> Bool {
      guard part.count <= end - start else { return false }
      var index = 0
      while index < part.count {
        if pool[start + index] != text[part.lowerBound + index] { return false }
        index += 1
      }
      return true
    }

    /// The test of ``UnitSearch/score`` (nil or not), on bytes.
    private static func matches(_ pool: UnsafeBufferPointer<UInt8>, _ span: Span, _ words: UnsafeBufferPointer<Int>,
                                _ text: UnsafeBufferPointer<UInt8>, _ queryWords: UnsafeBufferPointer<Range<Int>>,
                                inside: Bool) -> Bool {
      let whole = 0..<text.count
      if has(pool, span.start, span.end, text, whole) { return true }
      if queryWords.count > 1 {
        // Every query word is the prefix of some word of the spelling, in order.
        var word = span.firstWord
        for queryWord in queryWords {
          while word < span.endWord && !has(pool, words[2 * word], words[2 * word + 1], text, queryWord) { word += 1 }
          if word == span.endWord { return false }
          word += 1
        }
        return true
      }
      for word in span.firstWord..<span.endWord where has(pool, words[2 * word], words[2 * word + 1], text, whole) {
        return true
      }
      guard inside, !text.isEmpty, text.count <= span.end - span.start else { return false }
      for start in span.start...(span.end - text.count) where pool[start] == text[0] {
        if has(pool, start, span.end, text, whole) { return true }
      }
      return false
    }
  }

  private let catalog: Catalog
  /// The spellings: the built-in catalog's as generated, then those of units added on top.
  private let table: SearchIndexTable
  /// `table`'s folded spellings, one span per line.
  private let pool: SpellingPool
  /// For each unit (by place in `Catalog.units`), its lines in `table`.
  private let unitEntries: [Range<Int>]
  /// For each unit (by place in `Catalog.units`), its identifier in the catalog's storage.
  private let unitIdentifiers: [Int]
  /// For each line of `table`, the place of its unit in `Catalog.units` (-1 for a category).
  private let placeOfLine: [Int]
  /// Places in `Catalog.units` of the units of each category (by place in `Catalog.categories`),
  /// in display order.
  private let unitsByCategory: [[Int]]
  /// Category places by identifier.
  private let categoryPlaces: [String: Int]
  /// Places of the units added on top of the built-in tables, by name.
  private let addedUnitPlaces: [String: Int]

  /// Builds the index for a catalog.
  package init(catalog: Catalog) {
    self.catalog = catalog
    var text: [UInt8] = []
    var categoryBase = 0
    let addedUnits: [CatalogUnit]
    let addedCategories: [UnitCategory]
    var addedIdentifiers: [Int]
    if catalog.builtinUnitCount > 0, catalog.builtinCategoryCount == BuiltinSearchData.categoryCount {
      let builtin = BuiltinSearchData.lines
      text = Array(UnsafeBufferPointer(start: builtin.utf8Start, count: builtin.utf8CodeUnitCount))
      categoryBase = catalog.builtinCategoryCount
      (addedUnits, addedCategories) = (catalog.addedUnits, catalog.addedCategories)
      addedIdentifiers = addedUnits.indices.map { catalog.builtinUnitCount + $0 }
    } else {
      // Tables other than the ones generated with this program's (or none): fold every spelling.
      (addedUnits, addedCategories) = (catalog.units, catalog.categories)
      addedIdentifiers = catalog.unitIdentifiers
    }
    if !addedUnits.isEmpty || !addedCategories.isEmpty {
      // (A multi-line literal drops the last line break: the next line must not join the last.)
      if let last = text.last, last != 0x0A { text.append(0x0A) }
      text += SearchIndexTable.lines(categories: addedCategories, units: addedUnits, identifiers: addedIdentifiers,
                                     categoryBase: categoryBase, in: catalog).utf8
    }
    let table = SearchIndexTable(text)
    self.table = table
    pool = SpellingPool(bytes: table.bytes, ranges: table.lines.map(\.folded))
    // A unit's lines are together, units in catalog order: the n-th run of lines is `units[n]`.
    let categoryCount = categoryBase + addedCategories.count
    var unitEntries: [Range<Int>] = []
    var identifiers: [Int] = []
    var byCategory = [[Int]](repeating: [], count: categoryCount)
    var addedPlaces: [String: Int] = [:]
    var placeOfLine = [Int](repeating: -1, count: table.lines.count)
    let addedIdentifierSet = Set(addedIdentifiers)
    var index = 0
    let lines = table.lines
    while index < lines.count {
      let line = lines[index]
      var end = index + 1
      guard line.unit >= 0 else { index = end; continue }
      while end < lines.count && lines[end].unit == line.unit { end += 1 }
      let place = unitEntries.count
      unitEntries.append(index..<end)
      identifiers.append(line.unit)
      for entry in index..<end { placeOfLine[entry] = place }
      if line.category < categoryCount { byCategory[line.category].append(place) }
      if addedIdentifierSet.contains(line.unit), let name = lines[index..<end].first(where: { $0.kind == .name }) {
        addedPlaces[table.spelling(name)] = place
      }
      index = end
    }
    self.unitEntries = unitEntries
    self.placeOfLine = placeOfLine
    unitIdentifiers = identifiers
    unitsByCategory = byCategory
    addedUnitPlaces = addedPlaces
    var places: [String: Int] = [:]
    for (place, category) in catalog.categories.enumerated() where places[category.identifier] == nil {
      places[category.identifier] = place
    }
    categoryPlaces = places
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
  /// Only the units returned are built.
  package func search(_ query: String, limit: Int = 50) -> [Hit] {
    let query = Query(query)
    guard !query.isEmpty, limit > 0 else { return [] }
    let lines = table.lines
    // The best (rank, line) of each unit and category that matches.
    var bestOfUnit: [Int: (score: Int, line: Int)] = [:]
    var bestOfCategory: [Int: (score: Int, line: Int)] = [:]
    pool.withScorer(query) { score in
      for (index, line) in lines.enumerated() {
        guard let rank = score(index, line.characters) else { continue }
        let base = rank == 0 ? (line.kind == .symbol ? 0 : 1) : rank
        let adjusted = base * 2 + (line.kind != .category && !line.isCommon ? 1 : 0)
        if line.unit >= 0 {
          let place = placeOfLine[index]
          if let existing = bestOfUnit[place], existing.score <= adjusted { continue }
          bestOfUnit[place] = (adjusted, index)
        } else {
          if let existing = bestOfCategory[line.category], existing.score <= adjusted { continue }
          bestOfCategory[line.category] = (adjusted, index)
        }
      }
    }
    let ranked = (bestOfUnit.map { (score: $0.value.score, position: $0.key, line: $0.value.line) }
      + bestOfCategory.map { (score: $0.value.score, position: -1, line: $0.value.line) })
      .sorted { ($0.score, $0.position, $0.line) < ($1.score, $1.position, $1.line) }
    let categories = catalog.categories
    return ranked.prefix(limit).compactMap { entry -> Hit? in
      let line = lines[entry.line]
      guard categories.indices.contains(line.category) else { return nil }
      let category = categories[line.category]
      var unit: CatalogUnit? = nil
      if line.unit >= 0 {
        guard let built = catalog.unit(identifier: line.unit) else { return nil }
        unit = built
      }
      return Hit(unit: unit, category: category, matched: table.spelling(line), score: entry.score,
                 position: entry.position)
    }
  }

  /// The place in `Catalog.units` of a unit of this catalog, nil for others.
  private func place(of unit: CatalogUnit) -> Int? {
    if let place = addedUnitPlaces[unit.name] { return place }
    guard let category = categoryPlaces[unit.categoryIdentifier], category < unitsByCategory.count,
          unitsByCategory[category].indices.contains(unit.order) else { return nil }
    let place = unitsByCategory[category][unit.order]
    // The unit at that place has this name (else it is not this catalog's unit).
    let entries = unitEntries[place]
    guard let name = table.lines[entries].first(where: { $0.kind == .name }), table.spelling(name) == unit.name else {
      return nil
    }
    return place
  }

  /// The unit at a place in `Catalog.units`, built alone.
  private func unit(atPlace place: Int) -> CatalogUnit? { catalog.unit(identifier: unitIdentifiers[place]) }

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
      let entries = unitEntries[position]
      return pool.withMatcher(query) { matches in matches(entries) }
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
    guard let category = categoryPlaces[identifier], category < unitsByCategory.count else { return [] }
    let positions = unitsByCategory[category]
    if query.isEmpty { return positions.compactMap { unit(atPlace: $0) } }
    let matching = pool.withMatcher(query) { matches in positions.filter { matches(unitEntries[$0]) } }
    return matching.compactMap { unit(atPlace: $0) }
  }

  /// How many units of each category match `query`, for the first `limit` categories (in catalog
  /// order) with at least one match.
  package func matchCounts(_ query: Query, limit: Int = .max) -> [(category: UnitCategory, count: Int)] {
    guard !query.isEmpty, limit > 0 else { return [] }
    return pool.withMatcher(query) { matches in
      var counts: [(category: UnitCategory, count: Int)] = []
      for (place, category) in catalog.categories.enumerated() where place < unitsByCategory.count {
        let count = unitsByCategory[place].count { matches(unitEntries[$0]) }
        if count > 0 { counts.append((category, count)) }
        if counts.count == limit { break }
      }
      return counts
    }
  }
}
