import Testing

@testable import ConvKit

/// "Did you mean" answers what the straightforward algorithm answers (the one of commit e28f7a1,
/// kept here with its index questions asked by scanning every spelling): the same suggestions, in
/// the same order, for thousands of words of every shape, with and without a dimension to fit.
@Suite("Suggestions agree with the reference")
struct SuggestionsReferenceTests {
  /// The dimensions suggestions are asked to fit: none at all, and a few of every kind.
  static let dimensions: [PhysicalDimension?] = [
    nil, PhysicalDimension(.length), PhysicalDimension(.mass), PhysicalDimension(.time),
    PhysicalDimension(.length).inverse, PhysicalDimension.none,
  ]

  /// The catalogs asked: the compiled one, it with personal units on top, and a loaded one.
  static let catalogs: [(name: String, catalog: Catalog)] = [
    ("builtin", Catalog.builtin),
    ("personal", CatalogLoader.load([BuiltinTablesTests.personal], base: .builtin).0),
    ("mini", MiniCatalog.catalog),
  ]

  @Test("Same suggestions, same order", arguments: 0..<3)
  func agreesWithReference(catalogNumber: Int) {
    let (name, catalog) = Self.catalogs[catalogNumber]
    let reference = Reference(catalog)
    var mismatches = 0
    for word in Self.words(catalog) {
      for dimension in Self.dimensions {
        let expected = reference.suggestions(for: word, limit: .max, fitting: dimension)
        let found = catalog.suggestions(for: word, limit: .max, fitting: dimension)
        if found != expected {
          mismatches += 1
          if mismatches <= 20 {
            Issue.record("\(name): \(word.debugDescription) in \(dimension?.formula ?? "any"): \(found) != \(expected)")
          }
        }
      }
    }
    #expect(mismatches == 0, "\(name): \(mismatches) mismatches")
  }

  @Test("The limit keeps the best", arguments: ["kilometr", "KM", "zqczasxp", "fot", "MHZ", "kmm", "x", "mIlE"])
  func limitKeepsTheBest(word: String) {
    let catalog = Catalog.builtin
    for dimension in Self.dimensions {
      let all = catalog.suggestions(for: word, limit: .max, fitting: dimension)
      for limit in 0...4 {
        #expect(catalog.suggestions(for: word, limit: limit, fitting: dimension) == Array(all.prefix(limit)))
      }
    }
  }

  // MARK: Words

  /// The words asked about: random ASCII of every case, typos of real spellings (prefixed too),
  /// non-ASCII, and the edges of the length limit.
  static func words(_ catalog: Catalog) -> [String] {
    var generator = SplitMix(seed: 0x5eed_5066)
    var words: [String] = [
      "", "a", "A", "k", "K", "m", "M", "kilometr", "Kilometr", "KILOMETR", "kmm", "KM", "Km", "kM", "MHZ", "Mhz",
      "mhz", "megabite", "MegaBite", "kilogramm", "poundz", "zqczasxp", "Zqczasxp", "xq", "µm", "µmm", "°c", "°cc",
      "°C", "ångström", "ångstrm", "Ångström", "ÅNGSTRÖM", "\u{212B}", "\u{212A}", "\u{212A}m", "\u{212A}M", "ω", "Ω",
      "ΩΩ", "kΩΩ", "kω", "Σ", "ΟΔΟΣ", "σς", "ß", "straße", "STRASSE", "e\u{301}", "é", "É", "e\u{301}\u{301}", "米",
      "千米", "公里", "ｋｍ", "ﬁ", "İ", "ı", "ǅ", "Ǆ", "ǆ", "ʼn", "\u{301}", "a\u{301}b", "l/100km", "L/100KM", "km/h",
      "KM/H", "mi/gal", "m^2", "m2", "sq m", "nautical mile", "nautcal mile", "Nautical Mile", "light year", "psi2",
      "Mi", "MI", "mI", "Gib", "GIB", "gib", "KiB", "kib", "KIB", "mB", "MB", "Mb", "mb", "dam", "DAM", "Dam", "da",
      "hedon", "hedn", "khed", "kHED", "Khed", "smoot", "smoots2", "smot", "mile", "Mile", "mle", "C", "F", "c", "f",
      "°f", "Δ°c", "δ°c", " ", "  ", "\t", "k m", "-", "1", "12", "m-", "\u{0}", "\r\n", "k\r\nm",
      String(repeating: "a", count: 63), String(repeating: "a", count: 64), String(repeating: "a", count: 65),
      String(repeating: "é", count: 64), String(repeating: "é", count: 65), String(repeating: "e\u{301}", count: 64),
      String(repeating: "e\u{301}", count: 65), "kilo" + String(repeating: "m", count: 60),
      "kilo" + String(repeating: "m", count: 61), String(repeating: "M", count: 64), String(repeating: "K", count: 65),
    ]
    let lower = Array("abcdefghijklmnopqrstuvwxyz")
    let other: [Character] = ["0", "1", "2", "/", "-", " ", "^", ".", "'", "µ", "°", "é", "Å", "ω", "Ω", "\u{301}"]
    func randomLetter() -> Character { lower[Int(generator.next() % 26)] }
    func randomCharacter() -> Character {
      generator.next() % 8 == 0 ? other[Int(generator.next() % UInt64(other.count))] : randomLetter()
    }
    // Random ASCII words of 1 to 20 letters: lower, upper, first capital, mixed.
    for _ in 0..<400 {
      let word = String((0..<Int(1 + generator.next() % 20)).map { _ in randomLetter() })
      switch generator.next() % 4 {
      case 0: words.append(word)
      case 1: words.append(word.uppercased())
      case 2: words.append(word.prefix(1).uppercased() + word.dropFirst())
      default: words.append(String(word.map { generator.next() % 2 == 0 ? Character($0.uppercased()) : $0 }))
      }
    }
    // Words that start like the batch benchmark's (a prefix symbol, then junk).
    for _ in 0..<100 {
      words.append("zq" + String((0..<6).map { _ in randomLetter() }))
    }
    // One edit of a real spelling, in its case, lower case, upper case or first capital.
    var spellings: [String] = []
    catalog.storage.forEachSpelling { spelling, _ in spellings.append(spelling) }
    spellings.sort()
    func edit(_ word: String) -> String {
      var characters = Array(word)
      let position = characters.isEmpty ? 0 : Int(generator.next() % UInt64(characters.count))
      switch generator.next() % 4 {
      case 0 where !characters.isEmpty: characters.remove(at: position)
      case 1: characters.insert(randomCharacter(), at: position)
      case 2 where position + 1 < characters.count: characters.swapAt(position, position + 1)
      default: if !characters.isEmpty { characters[position] = randomCharacter() }
      }
      return String(characters)
    }
    func recase(_ word: String) -> String {
      switch generator.next() % 6 {
      case 0: word.lowercased()
      case 1: word.uppercased()
      case 2: word.prefix(1).uppercased() + word.dropFirst()
      default: word
      }
    }
    for _ in 0..<1200 {
      let spelling = spellings[Int(generator.next() % UInt64(spellings.count))]
      words.append(recase(edit(spelling)))
    }
    // Real spellings in another case (and as written: no suggestion but themselves).
    for _ in 0..<300 {
      words.append(recase(spellings[Int(generator.next() % UInt64(spellings.count))]))
    }
    // Prefixed forms: a prefix word or symbol on a spelling, maybe with an edit, in any case.
    let prefixWords = Catalog.prefixNames.map(\.0)
    let prefixSymbols = Catalog.prefixSymbols.map(\.0)
    for _ in 0..<800 {
      let spelling = spellings[Int(generator.next() % UInt64(spellings.count))]
      let prefix =
        generator.next() % 2 == 0
        ? prefixWords[Int(generator.next() % UInt64(prefixWords.count))]
        : prefixSymbols[Int(generator.next() % UInt64(prefixSymbols.count))]
      let joined = prefix + (generator.next() % 3 == 0 ? spelling : edit(spelling))
      words.append(generator.next() % 2 == 0 ? joined : recase(joined))
    }
    // Random words of any characters.
    for _ in 0..<200 {
      words.append(String((0..<Int(generator.next() % 12)).map { _ in randomCharacter() }))
    }
    return words
  }

  // MARK: The reference

  /// The suggestions algorithm of commit e28f7a1, its spelling index replaced by scans of every
  /// spelling.
  struct Reference {
    let catalog: Catalog
    /// Every spelling with its unit and lower-cased scalars, in the index's order.
    let entries: [(spelling: String, unit: Int, lowered: [Unicode.Scalar])]
    /// The positions of the entries by lower-cased spelling (strings compare canonically).
    let byLowered: [String: [Int]]
    /// The dimension of each entry's unit.
    let dimensions: [PhysicalDimension]
    /// The positions of the entries by number of lower-cased scalars.
    let byLength: [[Int]]

    /// The prefix symbols the text starts with and is longer than, as strings compare, of those
    /// tried for its first byte.
    static func prefixSymbols(starting text: String) -> [(String, Prefix)] {
      guard let first = text.utf8.first else { return [] }
      return Catalog.prefixSymbolsByFirstByte[Int(first)].map { Catalog.prefixSymbols[$0] }
        .filter { text.hasPrefix($0.0) && text.count > $0.0.count }
    }

    init(_ catalog: Catalog) {
      self.catalog = catalog
      var entries: [(String, Int, [Unicode.Scalar])] = []
      catalog.storage.forEachSpelling { entries.append(($0, $1, Array($0.lowercased().unicodeScalars))) }
      self.entries = entries
      var byLowered: [String: [Int]] = [:]
      for (position, entry) in entries.enumerated() { byLowered[entry.0.lowercased(), default: []].append(position) }
      self.byLowered = byLowered
      var byUnit: [Int: PhysicalDimension] = [:]
      dimensions = entries.map { entry in
        if let known = byUnit[entry.1] { return known }
        let dimension = catalog.storage.unit(at: entry.1).dimension
        byUnit[entry.1] = dimension
        return dimension
      }
      var byLength = [[Int]](repeating: [], count: (entries.map(\.2.count).max() ?? 0) + 1)
      for (position, entry) in entries.enumerated() { byLength[entry.2.count].append(position) }
      self.byLength = byLength
    }

    func sameButCase(_ lowered: String) -> [(spelling: String, unit: Int)] {
      (byLowered[lowered] ?? []).map { (entries[$0].spelling, entries[$0].unit) }
    }

    func suggestions(for text: String, limit: Int = 3, fitting dimension: PhysicalDimension?) -> [String] {
      let storage = catalog.storage
      let key = text.lowercased()
      guard !key.isEmpty, key.count <= 64 else { return [] }
      func fits(_ unit: PrefixedUnit) -> Bool {
        guard let dimension else { return true }
        return unit.unit.dimension == dimension || (!dimension.isNone && unit.unit.dimension == dimension.inverse)
      }
      var results: [(score: Int, common: Int, spelling: String)] = []
      func offer(_ spelling: String, _ unit: PrefixedUnit, score: Int) {
        guard fits(unit), spelling != text, spelling.count > 1 || score == 0 else { return }
        if let index = results.firstIndex(where: { $0.spelling == spelling }) {
          if results[index].score <= score { return }
          results.remove(at: index)
        }
        results.append((score, unit.unit.isCommon ? 0 : 1, spelling))
      }
      for entry in sameButCase(key) where entry.spelling.count == text.count && entry.spelling != text {
        offer(entry.spelling, PrefixedUnit(unit: storage.unit(at: entry.unit)), score: 0)
      }
      let symbolPrefixes = Reference.prefixSymbols(starting: text)
      for (symbol, prefix) in symbolPrefixes {
        let rest = text.dropFirst(symbol.count).lowercased()
        for entry in sameButCase(rest) where entry.spelling.count == rest.count {
          let unit = storage.unit(at: entry.unit)
          if unit.symbols.contains(entry.spelling), prefix.applies(to: unit.prefixes) {
            offer(symbol + entry.spelling, PrefixedUnit(unit: unit, prefix: prefix), score: 0)
          }
        }
      }
      // A prefix symbol in the other case, then a unit symbol in any case (`KB` → `kB`, `kb`).
      if let first = text.first, first.isASCII, first.isLetter {
        let swapped = (first.isUppercase ? first.lowercased() : first.uppercased()) + text.dropFirst()
        for (symbol, prefix) in Reference.prefixSymbols(starting: swapped) {
          let rest = swapped.dropFirst(symbol.count).lowercased()
          guard !rest.isEmpty else { continue }
          for entry in sameButCase(rest) where entry.spelling.count == rest.count {
            let unit = storage.unit(at: entry.unit)
            if unit.symbols.contains(entry.spelling), prefix.applies(to: unit.prefixes) {
              offer(symbol + entry.spelling, PrefixedUnit(unit: unit, prefix: prefix), score: 0)
            }
          }
        }
      }
      for variant in [
        key, key.prefix(1).uppercased() + key.dropFirst(), text.prefix(1) + text.dropFirst().lowercased(),
      ]
      where variant != text {
        if let unit = catalog.unit(named: variant), unit.prefix != nil { offer(variant, unit, score: 0) }
      }
      for (word, prefix) in Catalog.prefixNames(starting: key) where key.count > word.count + 1 {
        let rest = String(key.dropFirst(word.count))
        for suggestion in nearSpellings(rest, bound: 1, fitting: dimension)
        where prefix.applies(to: suggestion.unit.prefixes) {
          let name = suggestion.unit.symbols.contains(suggestion.spelling) ? nil : suggestion.spelling
          guard let name else { continue }
          offer(word + name, PrefixedUnit(unit: suggestion.unit, prefix: prefix), score: 1 + suggestion.distance * 2)
        }
      }
      for (symbol, prefix) in symbolPrefixes {
        let rest = String(text.dropFirst(symbol.count))
        for suggestion in nearSpellings(rest, bound: 1, fitting: dimension)
        where prefix.applies(to: suggestion.unit.prefixes)
          && suggestion.unit.symbols.contains(suggestion.spelling)
        {
          offer(
            symbol + suggestion.spelling, PrefixedUnit(unit: suggestion.unit, prefix: prefix),
            score: 2 + suggestion.distance * 2)
        }
      }
      let bound = key.count <= 1 ? 0 : key.count <= 3 ? 1 : key.count <= 6 ? 2 : 3
      for suggestion in nearSpellings(key, bound: bound, fitting: dimension) {
        offer(
          suggestion.spelling, PrefixedUnit(unit: suggestion.unit),
          score: suggestion.distance * 2 + (suggestion.spelling.lowercased() == key ? 0 : 1))
      }
      return results.sorted {
        ($0.score, $0.common, $0.spelling.count, $0.spelling) < ($1.score, $1.common, $1.spelling.count, $1.spelling)
      }
      .prefix(limit).map(\.spelling)
    }

    /// The best spelling of each unit (of the units that fit) within `bound` edits of `key`.
    func nearSpellings(_ key: String, bound: Int, fitting dimension: PhysicalDimension?)
      -> [(spelling: String, unit: CatalogUnit, distance: Int)]
    {
      let storage = catalog.storage
      let scalars = Array(key.unicodeScalars)
      var best: [Int: (String, Int)] = [:]
      let (low, high) = (max(0, scalars.count - bound), min(byLength.count - 1, scalars.count + bound))
      for position in low <= high ? (low...high).flatMap({ byLength[$0] }) : [] {
        let entry = entries[position]
        if let dimension {
          let unitDimension = dimensions[position]
          guard unitDimension == dimension || (!dimension.isNone && unitDimension == dimension.inverse) else {
            continue
          }
        }
        let distance = scalars.withUnsafeBufferPointer { x in
          entry.lowered.withUnsafeBufferPointer { y in EditDistance.between(x, y, bound: bound) }
        }
        guard let distance else { continue }
        let spelling = entry.spelling
        if let existing = best[entry.unit],
          (existing.1, existing.0.count, existing.0) <= (distance, spelling.count, spelling)
        {
          continue
        }
        best[entry.unit] = (spelling, distance)
      }
      return best.map { (spelling: $0.value.0, unit: storage.unit(at: $0.key), distance: $0.value.1) }
    }
  }
}
