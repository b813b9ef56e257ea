import ConvFormat
import ConvKit

/// Finds units and categories by name, symbol and alias, folding case and diacritics.
///
/// `angstrom` finds Ångström, `sq ft` finds square foot, `micro` finds µ-prefixed spellings. The
/// same matcher filters the REPL's columns. Each candidate spelling is folded once, when the
/// index is built.
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
  package struct Query: Sendable, Hashable {
    /// The text as typed.
    package let text: String
    let folded: String
    /// The folded query's UTF-8 bytes, and where each of its words is in them.
    let bytes: [UInt8]
    let words: [Range<Int>]
    /// Whether the query is long enough (three characters) to match inside a word.
    let matchesInside: Bool

    /// Folds `text` the way every spelling is folded.
    package init(_ text: String) {
      self.text = text
      folded = UnitSearch.normalize(text)
      bytes = Array(folded.utf8)
      words = SpellingPool.words(of: bytes, separators: [0x20])
      matchesInside = folded.count >= 3
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

    /// Adds a folded spelling (words split at space, `-` and `/`, as in ``UnitSearch/score``).
    mutating func append(_ folded: String) {
      let utf8 = Array(folded.utf8)
      let offset = bytes.count
      let firstWord = words.count / 2
      for word in SpellingPool.words(of: utf8, separators: [0x20, 0x2D, 0x2F]) {
        words.append(offset + word.lowerBound)
        words.append(offset + word.upperBound)
      }
      bytes.append(contentsOf: utf8)
      spans.append(Span(start: offset, end: bytes.count, firstWord: firstWord, endWord: words.count / 2))
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
  private let entries: [Entry]
  /// `entries`' folded spellings as bytes, in the same order.
  private let pool: SpellingPool
  /// For each unit (by catalog position), its entries in `entries`.
  private let unitEntries: [Range<Int>]
  /// Catalog positions of units by category identifier, in display order.
  private let unitsByCategory: [String: [Int]]
  /// Catalog position of each unit, keyed by name (names are unique in a catalog).
  private let unitPositions: [String: Int]

  /// Builds the index for a catalog.
  package init(catalog: Catalog) {
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
    var pool = SpellingPool()
    for entry in entries { pool.append(entry.folded) }
    self.pool = pool
    self.unitEntries = unitEntries
    self.unitsByCategory = byCategory
    self.unitPositions = positions
  }

  private static func positionKey(_ unit: CatalogUnit) -> String {
    unit.name
  }

  private static func entry(_ unit: Int?, _ category: Int, _ spelling: String, isSymbol: Bool) -> Entry {
    let folded = UnitSearch.normalize(spelling)
    return Entry(unitIndex: unit, categoryIndex: category, spelling: spelling, folded: folded,
                 words: folded.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "/" }), isSymbol: isSymbol)
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
  package func search(_ query: String, limit: Int = 50) -> [Hit] {
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
  package func matches(_ unit: CatalogUnit, query: String) -> Bool {
    matches(unit, query: Query(query))
  }

  /// Whether a unit matches a folded query; an empty query matches everything.
  ///
  /// Units of this catalog use the spellings folded when the index was built; others are folded now.
  package func matches(_ unit: CatalogUnit, query: Query) -> Bool {
    if query.isEmpty { return true }
    if let position = unitPositions[UnitSearch.positionKey(unit)] {
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
    guard let positions = unitsByCategory[identifier] else { return [] }
    if query.isEmpty { return positions.map { catalog.units[$0] } }
    let matching = pool.withMatcher(query) { matches in positions.filter { matches(unitEntries[$0]) } }
    return matching.map { catalog.units[$0] }
  }

  /// How many units of each category match `query`, for the first `limit` categories (in catalog
  /// order) with at least one match.
  package func matchCounts(_ query: Query, limit: Int = .max) -> [(category: UnitCategory, count: Int)] {
    guard !query.isEmpty, limit > 0 else { return [] }
    return pool.withMatcher(query) { matches in
      var counts: [(category: UnitCategory, count: Int)] = []
      for category in catalog.categories {
        let count = (unitsByCategory[category.identifier] ?? []).count { matches(unitEntries[$0]) }
        if count > 0 { counts.append((category, count)) }
        if counts.count == limit { break }
      }
      return counts
    }
  }
}
