import Synchronization

/// The units and categories conv knows, with lookup by symbol, name, plural, alias and prefix.
///
/// Lookup rules, in order (the first that matches wins):
/// 1. an exact, case-sensitive match of a symbol, name, plural or alias (`Mm`, `mm`, `NM`);
/// 2. an SI or IEC prefix symbol on a unit symbol (`km`, `µF`, `GiB`), case-sensitive;
/// 3. a case-insensitive match of a name, plural or alias (`Mile`, `FEET`);
/// 4. a prefix word on a name, plural or alias (`kilometre`, `Gibibytes`).
///
/// A catalog is a cheap value: it shares its storage. The built-in catalog reads its units
/// straight from tables compiled into the binary and builds a `CatalogUnit` only when one is looked up,
/// so it costs nothing at start-up; catalogs built from `CatalogUnit` values (personal units, tests) are
/// indexed with dictionaries. Both follow the same rules (see `CatalogStorage`).
public struct Catalog: Sendable {
  let storage: CatalogStorage

  /// Every category, in catalog order.
  public var categories: [UnitCategory] { storage.categories }
  /// Every unit, grouped by category and in display order within each. For the built-in catalog
  /// this builds every unit on first use; lookups do not need it.
  public var units: [CatalogUnit] { storage.units }

  /// Builds a catalog. Earlier units win name clashes, except that claimed names (`F!`) win over
  /// symbols; loaders report clashes before getting here.
  public init(categories: [UnitCategory], units: [CatalogUnit]) {
    storage = CatalogStorage(tables: nil, categories: categories, units: units)
  }

  init(storage: CatalogStorage) {
    self.storage = storage
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
    if standalone, let index = storage.claimedIndex(text) { return PrefixedUnit(unit: storage.unit(at: index)) }
    if let index = storage.exactIndex(text) { return PrefixedUnit(unit: storage.unit(at: index)) }
    if let match = prefixedSymbol(text) { return match }
    // (ASCII without capitals is its own lower case: no copy.)
    let key = ByteScan.all(text.utf8, { $0 < 0x41 || ($0 > 0x5A && $0 < 0x80) }) ? text : text.lowercased()
    if let index = storage.foldedIndex(key) { return PrefixedUnit(unit: storage.unit(at: index)) }
    if let match = prefixedName(key) { return match }
    // Unknown: many of these (a batch of bad lines) make the compiled tables' filter.
    if storage.tables != nil { KeyFilter.spellings.noteMiss() }
    return nil
  }

  /// Prefix symbols in the order they are tried: IEC first (`Mi` before `M`), then SI.
  /// (Appended into room made once: joining the lists and mapping each prefix's symbols copied
  /// every prefix twice and grew the list, a tenth of a one-shot, which reads `km` through it.)
  static let prefixSymbols: [(String, Prefix)] = {
    var symbols: [(String, Prefix)] = []
    symbols.reserveCapacity(Prefix.iec.count + Prefix.si.count + 4)
    for prefixes in [Prefix.iec, Prefix.si] {
      for prefix in prefixes {
        for symbol in prefix.symbols { symbols.append((symbol, prefix)) }
      }
    }
    return symbols
  }()

  /// Prefix words in the order they are tried, with their alternative spellings (`deka`) last.
  static let prefixNames: [(String, Prefix)] = {
    let allPrefixes = Prefix.iec + Prefix.si
    var spellings = allPrefixes.map { ($0.name, $0) }
    for (alias, name) in Prefix.nameAliases.sorted(by: { $0.key < $1.key }) {
      if let prefix = allPrefixes.first(where: { $0.name == name }) { spellings.append((alias, prefix)) }
    }
    return spellings
  }()

  /// Positions in `prefixSymbols` by the first byte of the symbol: a spelling is tried only
  /// against the prefixes it may start with (a failed lookup tries every split of a line).
  static let prefixSymbolsByFirstByte: [[Int]] = positionsByFirstByte(prefixSymbols.map(\.0))

  /// Positions in `prefixNames` by the first byte of the word.
  static let prefixNamesByFirstByte: [[Int]] = positionsByFirstByte(prefixNames.map(\.0))

  /// For each byte, the positions of the spellings that start with it, in order.
  private static func positionsByFirstByte(_ spellings: [String]) -> [[Int]] {
    var table: [[Int]] = Array(repeatElement([], count: 256))
    for (position, spelling) in spellings.enumerated() {
      if let first = spelling.utf8.first { table[Int(first)].append(position) }
    }
    return table
  }

  /// The positions in `prefixSymbols` of the prefix symbols that `text` starts with and is longer
  /// than, in the order they are tried.
  static func prefixSymbolPositions(starting text: String) -> [Int] {
    var found: [Int] = []
    forEachPrefix(of: text, spellings: prefixSymbols, bytes: prefixSymbolBytes, at: prefixSymbolsByFirstByte) {
      position, _ in
      found.append(position)
      return false
    }
    return found
  }

  /// The prefix words that the lower-cased `key` starts with and is longer than, in order.
  static func prefixNames(starting key: String) -> [(String, Prefix)] {
    spellings(prefixNames, bytes: prefixNameBytes, at: prefixNamesByFirstByte, starting: key)
  }

  /// The UTF-8 bytes of the prefix symbols and words, in the order of `prefixSymbols` and
  /// `prefixNames`: compared with a text's bytes without copying a prefix.
  static let prefixSymbolBytes = prefixSymbols.map { Array($0.0.utf8) }
  /// The prefix symbols alone, in the order of `prefixSymbols` (read without copying a `Prefix`).
  static let prefixSymbolSpellings = prefixSymbols.map(\.0)
  private static let prefixNameBytes = prefixNames.map { Array($0.0.utf8) }

  /// Calls `body` with the position of each spelling of `spellings` at `positions[first byte]`
  /// that `text` starts with and is longer than, in order, until `body` returns true. `text` must
  /// be one character a byte (ASCII, no `\r`): then a byte comparison is a character comparison,
  /// and no other spelling is canonically equivalent to an ASCII one.
  static func forEachPrefix(
    of text: UnsafeBufferPointer<UInt8>, in spellings: [[UInt8]], at positions: [[Int]],
    _ body: (Int) -> Bool
  ) {
    guard let first = text.first else { return }
    for position in positions[Int(first)] {
      let spelling = spellings[position]
      guard text.count > spelling.count else { continue }
      var starts = true
      for index in 1..<spelling.count where text[index] != spelling[index] {
        starts = false
        break
      }
      if starts && body(position) { return }
    }
  }

  /// The prefix spellings at the positions for the text's first byte that it starts with and is
  /// longer than (in characters), in order.
  private static func spellings(
    _ spellings: [(String, Prefix)], bytes: [[UInt8]], at positions: [[Int]],
    starting text: String
  ) -> [(String, Prefix)] {
    var found: [(String, Prefix)] = []
    forEachPrefix(of: text, spellings: spellings, bytes: bytes, at: positions) { position, _ in
      found.append(spellings[position])
      return false
    }
    return found
  }

  /// Calls `body` with the position of each prefix spelling at the positions for the text's first
  /// byte that the text starts with and is longer than (in characters), and a function that makes
  /// the rest of the text after it, in order, until `body` returns true: by bytes when each is a
  /// character (`forEachPrefix(of:in:at:_:)`), else by characters.
  private static func forEachPrefix(
    of text: String, spellings: [(String, Prefix)], bytes: [[UInt8]],
    at positions: [[Int]], _ body: (Int, () -> String) -> Bool
  ) {
    guard let first = text.utf8.first, !positions[Int(first)].isEmpty else { return }
    ByteScan.withBytes(of: text) { textBytes in
      guard ByteScan.isOneCharacterPerByte(textBytes) else {
        for position in positions[Int(first)] {
          let spelling = spellings[position].0
          guard text.hasPrefix(spelling), text.count > spelling.count else { continue }
          if body(position, { String(text.dropFirst(spelling.count)) }) { return }
        }
        return
      }
      forEachPrefix(of: textBytes, in: bytes, at: positions) { position in
        body(position) {
          String(decoding: UnsafeBufferPointer(rebasing: textBytes[bytes[position].count...]), as: UTF8.self)
        }
      }
    }
  }

  func prefixedSymbol(_ text: String) -> PrefixedUnit? {
    Catalog.firstAfterPrefix(
      of: text, spellings: Catalog.prefixSymbols, bytes: Catalog.prefixSymbolBytes,
      at: Catalog.prefixSymbolsByFirstByte
    ) { position, rest in
      guard let index = storage.symbolIndex(rest) else { return nil }
      let unit = storage.unit(at: index)
      let prefix = Catalog.prefixSymbols[position].1
      return prefix.applies(to: unit.prefixes) ? PrefixedUnit(unit: unit, prefix: prefix) : nil
    }
  }

  private func prefixedName(_ key: String) -> PrefixedUnit? {
    Catalog.firstAfterPrefix(
      of: key, spellings: Catalog.prefixNames, bytes: Catalog.prefixNameBytes,
      at: Catalog.prefixNamesByFirstByte
    ) { position, rest in
      guard let index = storage.foldedIndex(rest) else { return nil }
      let unit = storage.unit(at: index)
      let prefix = Catalog.prefixNames[position].1
      guard prefix.applies(to: unit.prefixes) else { return nil }
      if unit.symbols.contains(where: { $0.lowercased() == rest && !isName(rest, of: unit) }) { return nil }
      return PrefixedUnit(unit: unit, prefix: prefix)
    }
  }

  /// The first non-nil `body(position, rest)` over the prefix spellings the text starts with and
  /// is longer than, in order (`rest` the text after the spelling): what `spellings(_:bytes:at:starting:)`
  /// lists, without making the list or copying a prefix (a failed look-up tries every one).
  private static func firstAfterPrefix<T>(
    of text: String, spellings: [(String, Prefix)], bytes: [[UInt8]],
    at positions: [[Int]], _ body: (Int, String) -> T?
  ) -> T? {
    var found: T? = nil
    forEachPrefix(of: text, spellings: spellings, bytes: bytes, at: positions) { position, rest in
      found = body(position, rest())
      return found != nil
    }
    return found
  }

  private func isName(_ key: String, of unit: CatalogUnit) -> Bool {
    ([unit.name, unit.plural] + unit.aliases).contains { $0.lowercased() == key }
  }

  /// Finds a unit, or throws `ConvError.unknownUnit` with up to three suggestions.
  public func lookup(_ text: some StringProtocol, span: SourceSpan? = nil) throws(ConvError) -> PrefixedUnit {
    if let match = unit(named: text) { return match }
    let span = span ?? SourceSpan(start: 0, length: text.count)
    throw .unknownUnit(String(text), span: span, suggestions: suggestions(for: String(text)))
  }

  /// Up to `limit` known spellings closest to `text` (for "did you mean"), whatever their
  /// dimension; see `suggestions(for:limit:fitting:)`.
  public func suggestions(for text: String, limit: Int = 3) -> [String] {
    suggestions(for: text, limit: limit, fitting: nil)
  }

  /// Every spelling that resolves to a unit without a prefix (symbols, names, plurals, aliases).
  public var spellings: [String] {
    var result: [String] = []
    storage.forEachSpelling { spelling, _ in result.append(spelling) }
    return result
  }

  // MARK: Categories

  /// Finds a category by identifier, title or alias (case-insensitive; spaces, `_` and `-` alike).
  public func category(named text: some StringProtocol) -> UnitCategory? {
    storage.categoryIndex(Catalog.categoryKey(text)).map { storage.category(at: $0) }
  }

  /// The category with the given identifier.
  public func category(of unit: CatalogUnit) -> UnitCategory? {
    storage.categoryIndex(unit.categoryIdentifier).map { storage.category(at: $0) }
  }

  /// The units of a category in display order (by magnitude).
  public func units(in category: UnitCategory) -> [CatalogUnit] {
    storage.unitIndices(inCategory: category.identifier).enumerated().map { storage.unit(at: $1, position: $0) }
  }

  /// How many units a category has, without building them (`conv categories`).
  public func unitCount(in category: UnitCategory) -> Int {
    storage.unitCount(inCategory: category.identifier)
  }

  /// Each unit's identifier in the catalog's storage, in the order of `units`: for the compiled
  /// tables the stable identifier of the generated file, then (and without tables) a number per
  /// unit added.
  package var unitIdentifiers: [Int] {
    let added = (0..<storage.extraUnits.count).map { storage.baseUnitCount + $0 }
    guard let tables = storage.tables else { return added }
    return tables.categories.flatMap { tables.unitIndices(inCategory: $0.identifier) } + added
  }

  /// The category at a place of `categories`, read alone; nil for no such place.
  package func category(atPlace place: Int) -> UnitCategory? {
    guard place >= 0, place < storage.baseCategoryCount + storage.extraCategories.count else { return nil }
    return storage.category(at: place)
  }

  /// The unit with an identifier of `unitIdentifiers`, built alone; nil for no such unit.
  package func unit(identifier: Int) -> CatalogUnit? {
    guard identifier >= 0 else { return nil }
    if storage.tables != nil, identifier < storage.baseUnitCount { return storage.unit(at: identifier) }
    let added = identifier - storage.baseUnitCount
    return storage.extraUnits.indices.contains(added) ? storage.unit(at: identifier) : nil
  }

  /// How many of `units` and `categories` come from the compiled built-in tables (they come first).
  package var builtinUnitCount: Int { storage.tables == nil ? 0 : storage.baseUnitCount }
  package var builtinCategoryCount: Int { storage.tables == nil ? 0 : storage.baseCategoryCount }

  /// The units and categories added on top of the built-in tables (all of them without tables).
  package var addedUnits: [CatalogUnit] { storage.extraUnits }
  package var addedCategories: [UnitCategory] { storage.extraCategories }

  /// The units the whole column shows, in order: the common units and the category's featured
  /// prefixed forms (`km`, `cm`) by magnitude, then the other units in display order.
  public func columnUnits(in category: UnitCategory) -> [PrefixedUnit] {
    let all = units(in: category)
    let common = Catalog.byMagnitude(
      all.filter(\.isCommon).map { PrefixedUnit(unit: $0) } + featuredUnits(in: category))
    return common + all.filter { !$0.isCommon }.map { PrefixedUnit(unit: $0) }
  }

  /// The category's featured prefixed forms (`km`, `cm`) that resolve, smallest first.
  public func featuredUnits(in category: UnitCategory) -> [PrefixedUnit] {
    storage.columnMemo.featuredUnits(of: category.identifier) {
      Catalog.byMagnitude(category.featured.compactMap { featuredUnit($0, in: category) })
    }
  }

  /// Sorts by size, keeping the given order between units of the same size.
  package static func byMagnitude(_ units: [PrefixedUnit]) -> [PrefixedUnit] {
    units.enumerated()
      .sorted { ($0.element.factor.approximation, $0.offset) < ($1.element.factor.approximation, $1.offset) }
      .map(\.element)
  }

  /// Whether a spelling names a prefixed form of a unit of the category, as `featured:` requires.
  func isFeaturable(_ spelling: String, in category: UnitCategory) -> Bool {
    featuredUnit(spelling, in: category) != nil
  }

  /// The prefixed unit a `featured:` spelling names, if it is one of the category's; looked up once.
  private func featuredUnit(_ spelling: String, in category: UnitCategory) -> PrefixedUnit? {
    guard let match = unit(named: spelling), match.prefix != nil,
      match.unit.categoryIdentifier == category.identifier
    else { return nil }
    return match
  }

  /// Describes a dimension in words: the title of its main category (`speed`), else its formula.
  public func describe(_ dimension: PhysicalDimension) -> String {
    primaryCategory(for: dimension)?.title.lowercased() ?? dimension.formula
  }

  /// The main category of a dimension: of those that have it, the one with the most units
  /// (length rather than astronomical distance, energy rather than torque).
  public func primaryCategory(for dimension: PhysicalDimension) -> UnitCategory? {
    storage.primaryCategories.value(for: dimension) {
      categories.filter { $0.dimension == dimension }
        .max { storage.unitCount(inCategory: $0.identifier) < storage.unitCount(inCategory: $1.identifier) }
    }
  }

  // MARK: Exchange rates

  /// The exchange rates the currency units follow: the newer rates given to
  /// `replacingExchangeRates(with:)` when they are of a later date, else the catalog's snapshot
  /// (for the built-in catalog, the rates in `Data/`); nil for a catalog without currencies.
  public var exchangeRates: ExchangeRates? { storage.rates.current }

  /// The rates the catalog was built with (`Data/`'s snapshot for the built-in catalog).
  public var snapshotExchangeRates: ExchangeRates? { storage.rates.snapshot }

  /// A copy whose currencies follow the rates `newer` reads, when they are of a later date than
  /// the snapshot's. `newer` is called once, when a currency or the rates are first needed.
  public func replacingExchangeRates(with newer: @escaping @Sendable () -> ExchangeRates?) -> Catalog {
    Catalog(storage: storage.with(rates: storage.rates.replacing(with: newer)))
  }

  /// A copy with more categories and units added after these (personal units).
  ///
  /// On the built-in catalog this keeps the compiled tables and indexes only the new units.
  public func adding(categories newCategories: [UnitCategory], units newUnits: [CatalogUnit]) -> Catalog {
    Catalog(storage: storage.adding(categories: newCategories, units: newUnits))
  }
}

// MARK: - Storage

/// The indexes behind a `Catalog`: an optional compiled base (the built-in tables, indexes
/// `0..<baseUnitCount`) followed by units held as values and indexed with dictionaries.
///
/// The rules are those of one list of units, earlier units first:
/// - exact: the first unit with the spelling as a symbol, name, plural or alias; but a unit that
///   claims its own name (a personal unit with `override`) takes every name it claims, the last such
///   unit winning;
/// - symbols and folded (lower-cased names, plurals and aliases): the first unit;
/// - claimed (`C!`): the last unit;
/// - category keys: the last category.
/// With a compiled base, each dictionary holds only the units after it, and each lookup consults the
/// base and the dictionaries in the order those rules imply. The compiled tables themselves are
/// written from a dictionary-indexed catalog (`CatalogSourceWriter`), so both agree by construction.
final class CatalogStorage: Sendable {
  let tables: BuiltinTables?
  let baseUnitCount: Int
  let baseCategoryCount: Int
  let extraCategories: [UnitCategory]
  let extraUnits: [CatalogUnit]
  /// Dictionary indexes of `extraUnits` and `extraCategories`; nil when there are none (the
  /// built-in catalog alone builds no dictionary at all).
  private let index: DictionaryIndex?
  /// The joined units and categories of a compiled base with units added on top.
  private let combined: CombinedArrays?
  /// The folded spellings "did you mean" searches, built on the first failed lookup.
  private let spellingIndexCache = SpellingIndexCache()

  /// The dimensions of the units by index, read on first use.
  private let unitDimensionCache = UnitDimensionCache()

  /// The readings of the spellings found so far.
  let readingMemo = ReadingMemo()

  /// The same storage with every currency at the snapshot's rate, once made.
  let pinnedStorage = Mutex<CatalogStorage?>(nil)

  /// The primary category of each dimension asked about: finding it builds every category, and
  /// error messages ask for it (`cannot convert length to mass`), some made only to try a reading.
  let primaryCategories = DimensionMemo<UnitCategory?>()

  /// The value-independent part of each curated column asked for (see `Catalog.curatedColumn`):
  /// a batch of `NUMBER UNIT` lines builds it once per unit.
  let columnMemo = ColumnMemo()

  /// Every spelling folded once, for suggestions.
  var spellingIndex: SpellingIndex { spellingIndexCache.get(self) }

  /// The spellings of the units whose dimension is `dimension` or its inverse, for suggestions
  /// that must fit the other side of a conversion.
  func spellings(fitting dimension: PhysicalDimension) -> SpellingIndex.Selection {
    spellingIndexCache.selection(self, fitting: dimension)
  }

  /// The exchange rates the currency units follow.
  let rates: RatesInUse

  init(tables: BuiltinTables?, categories: [UnitCategory], units: [CatalogUnit], rates: RatesInUse = .none) {
    self.tables = tables
    self.rates = rates
    baseUnitCount = tables?.unitCount ?? 0
    baseCategoryCount = tables?.categoryCount ?? 0
    extraCategories = categories
    extraUnits = units
    index =
      categories.isEmpty && units.isEmpty
      ? nil
      : DictionaryIndex(
        categories: categories, units: units, unitBase: baseUnitCount,
        categoryBase: baseCategoryCount)
    combined = tables != nil && index != nil ? CombinedArrays() : nil
  }

  /// The same base with more categories and units after the present ones.
  func adding(categories: [UnitCategory], units: [CatalogUnit]) -> CatalogStorage {
    CatalogStorage(
      tables: tables, categories: extraCategories + categories, units: extraUnits + units,
      rates: rates)
  }

  /// The same units following other exchange rates.
  func with(rates: RatesInUse) -> CatalogStorage {
    CatalogStorage(tables: tables, categories: extraCategories, units: extraUnits, rates: rates)
  }

  // MARK: Lookups

  func exactIndex(_ key: String) -> Int? {
    if let index = index?.overrides[key] { return index }
    if let index = tables?.exact.index(for: key) { return index }
    return index?.exact[key]
  }

  func claimedIndex(_ key: String) -> Int? {
    index?.claimed[key] ?? tables?.claimed.index(for: key)
  }

  func alternateIndex(_ key: String) -> Int? {
    index?.alternates[key] ?? tables?.alternates.index(for: key)
  }

  func symbolIndex(_ key: String) -> Int? {
    tables?.symbols.index(for: key) ?? index?.symbols[key]
  }

  func foldedIndex(_ key: String) -> Int? {
    tables?.folded.index(for: key) ?? index?.folded[key]
  }

  func categoryIndex(_ key: String) -> Int? {
    index?.categoryKeys[key] ?? tables?.categoryKeys.index(for: key)
  }

  /// Indexes of the units whose category identifier is `identifier`, in catalog order.
  func unitIndices(inCategory identifier: String) -> [Int] {
    let base = tables?.unitIndices(inCategory: identifier) ?? []
    guard let extra = index?.unitsByCategory[identifier] else { return base }
    return base + extra
  }

  func unitCount(inCategory identifier: String) -> Int {
    (tables?.unitIndices(inCategory: identifier).count ?? 0) + (index?.unitsByCategory[identifier]?.count ?? 0)
  }

  /// Every exact spelling as UTF-8 bytes with the unit it resolves to (the effective exact
  /// index), in no particular order: the compiled table's keys are read in place (a string is
  /// made for a key only when personal units override some).
  func forEachSpellingUTF8(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
    let overrides = index?.overrides ?? [:]
    let exact = index?.exact ?? [:]
    func emit(_ key: String, _ unit: Int) {
      var key = key
      key.withUTF8 { body($0, unit) }
    }
    if let tables {
      // The table read in place when no added unit overrides one of its spellings.
      if overrides.isEmpty {
        tables.exact.forEachBytes(body)
      } else {
        tables.exact.forEach { key, unit in emit(key, overrides[key] ?? unit) }
      }
      for (key, unit) in exact where overrides[key] == nil && tables.exact.index(for: key) == nil { emit(key, unit) }
      for (key, unit) in overrides where tables.exact.index(for: key) == nil { emit(key, unit) }
    } else {
      for (key, unit) in exact where overrides[key] == nil { emit(key, unit) }
      for (key, unit) in overrides { emit(key, unit) }
    }
  }

  /// Every unit's dimension by index (nil for an index without a unit), read once.
  var unitDimensions: [PhysicalDimension?] { unitDimensionCache.get(self) }

  /// Every exact spelling with the unit it resolves to (the effective exact index), in no
  /// particular order.
  func forEachSpelling(_ body: (String, Int) -> Void) {
    forEachSpellingUTF8 { spelling, unit in body(String(decoding: spelling, as: UTF8.self), unit) }
  }

  /// The effective indexes, for writing them out as tables: exact, claimed, symbols, folded,
  /// category keys, and the unit indexes of each category identifier.
  func indexTables() -> (
    exact: [String: Int], claimed: [String: Int], alternates: [String: Int],
    symbols: [String: Int], folded: [String: Int],
    categoryKeys: [String: Int], unitsByCategory: [String: [Int]]
  ) {
    if tables != nil {
      // The same rules over one list of units: index the units as values.
      return CatalogStorage(tables: nil, categories: categories, units: units, rates: rates).indexTables()
    }
    guard let index else { return ([:], [:], [:], [:], [:], [:], [:]) }
    var exact = index.exact
    for (key, unit) in index.overrides { exact[key] = unit }
    return (
      exact, index.claimed, index.alternates, index.symbols, index.folded, index.categoryKeys,
      index.unitsByCategory
    )
  }

  // MARK: Values

  func unit(at index: Int) -> CatalogUnit {
    rated(index < baseUnitCount && tables != nil ? tables!.unit(at: index) : extraUnits[index - baseUnitCount])
  }

  /// `unit(at:)` for a unit whose position in its category's display order the caller knows.
  func unit(at index: Int, position: Int) -> CatalogUnit {
    rated(
      index < baseUnitCount && tables != nil
        ? tables!.unit(at: index, position: position)
        : extraUnits[index - baseUnitCount])
  }

  /// A currency unit at the rates in use (a newer cached file may replace the snapshot's).
  private func rated(_ unit: CatalogUnit) -> CatalogUnit {
    guard rates.mayReplace, unit.dimension[.currency] != 0, unit.definition == ExchangeRates.rateDefinition else {
      return unit
    }
    return rates.rated(unit)
  }

  func category(at index: Int) -> UnitCategory {
    if index < baseCategoryCount, let tables { return tables.category(at: index) }
    return extraCategories[index - baseCategoryCount]
  }

  var units: [CatalogUnit] {
    guard let tables else { return extraUnits }
    guard let combined, !extraUnits.isEmpty else { return tables.allUnits }
    return combined.units { tables.allUnits + extraUnits }
  }

  var categories: [UnitCategory] {
    guard let tables else { return extraCategories }
    guard let combined, !extraCategories.isEmpty else { return tables.categories }
    return combined.categories { tables.categories + extraCategories }
  }
}

/// Dictionary indexes of units and categories held as values, numbered from `unitBase` and
/// `categoryBase` (after a compiled base, if any). See `CatalogStorage` for the rules.
final class DictionaryIndex: Sendable {
  /// First unit with the spelling as a symbol, name, plural or alias.
  let exact: [String: Int]
  /// Spellings taken by units that claim their own name (`override`): the last such unit.
  let overrides: [String: Int]
  let claimed: [String: Int]
  /// Alternative readings (`pt~`): the last unit.
  let alternates: [String: Int]
  let symbols: [String: Int]
  let folded: [String: Int]
  let categoryKeys: [String: Int]
  let unitsByCategory: [String: [Int]]

  init(categories: [UnitCategory], units: [CatalogUnit], unitBase: Int, categoryBase: Int) {
    var exact: [String: Int] = [:]
    var symbolsOnly: [String: Int] = [:]
    var foldedKeys: [String: Int] = [:]
    var byCategory: [String: [Int]] = [:]
    exact.reserveCapacity(units.count * 5)
    foldedKeys.reserveCapacity(units.count * 4)
    for (offset, unit) in units.enumerated() {
      let index = unitBase + offset
      for symbol in unit.symbols where exact[symbol] == nil { exact[symbol] = index }
      for symbol in unit.symbols where symbolsOnly[symbol] == nil { symbolsOnly[symbol] = index }
      for word in [unit.name, unit.plural] + unit.aliases {
        if exact[word] == nil { exact[word] = index }
        let key = word.lowercased()
        if foldedKeys[key] == nil { foldedKeys[key] = index }
      }
      byCategory[unit.categoryIdentifier, default: []].append(index)
    }
    var claimedKeys: [String: Int] = [:]
    var alternateKeys: [String: Int] = [:]
    var overriding: [String: Int] = [:]
    for (offset, unit) in units.enumerated() {
      for name in unit.claimedNames { claimedKeys[name] = unitBase + offset }
      for name in unit.alternateNames { alternateKeys[name] = unitBase + offset }
      // A personal unit that overrides a built-in one claims all its spellings, everywhere.
      if unit.claimedNames.contains(unit.name) {
        for name in unit.claimedNames { overriding[name] = unitBase + offset }
      }
    }
    var categoryIndex: [String: Int] = [:]
    for (offset, category) in categories.enumerated() {
      for key in [category.identifier, category.title] + category.aliases {
        categoryIndex[Catalog.categoryKey(key)] = categoryBase + offset
      }
    }
    self.exact = exact
    overrides = overriding
    claimed = claimedKeys
    alternates = alternateKeys
    symbols = symbolsOnly
    folded = foldedKeys
    categoryKeys = categoryIndex
    unitsByCategory = byCategory
  }
}
