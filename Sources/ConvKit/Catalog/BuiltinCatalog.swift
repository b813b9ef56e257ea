import Synchronization

extension Catalog {
  /// The catalog embedded in conv, generated from `Data/`.
  ///
  /// Free to create: it reads the tables compiled into the binary (`BuiltinData`) in place and
  /// builds a `CatalogUnit` the first time one is looked up.
  public static let builtin = Catalog(
    storage: CatalogStorage(
      tables: .shared, categories: [], units: [],
      rates: RatesInUse(snapshot: { BuiltinTables.exchangeRates })))
}

/// The built-in catalog as compiled tables (written by `CatalogSourceWriter`, see `BuiltinData`),
/// read in place, with the units built so far kept for reuse.
final class BuiltinTables: Sendable {
  static let shared = BuiltinTables()

  let unitCount = BuiltinData.unitCount
  let categoryCount = BuiltinData.categoryCount
  let exact = KeyTable(SpellingTable.exact)
  let claimed = KeyTable(SpellingTable.claimed)
  let alternates = KeyTable(SpellingTable.alternates)
  let symbols = KeyTable(SpellingTable.symbols)
  let folded = KeyTable(SpellingTable.folded)
  let categoryKeys = KeyTable(BuiltinData.categoryKeys)
  let categoryUnits = KeyTable(BuiltinData.categoryUnits)
  /// Unit records keyed by their identifier (`CatalogSourceWriter.key(_:)`).
  private let records = KeyTable(BuiltinData.unitRecords)

  /// A unit built from its record, shared by every lookup that finds it.
  private final class Built: Sendable {
    let unit: CatalogUnit
    init(_ unit: CatalogUnit) { self.unit = unit }
  }

  private struct State {
    /// The units built so far, by index (allocated on first use).
    var units: [Built?] = []
    var all: [CatalogUnit]? = nil
    var categories: [UnitCategory]? = nil
    /// The categories read alone so far, by place (a batch of `5 mi` lines asks for its category
    /// on every line).
    var categoriesRead: [Int: UnitCategory] = [:]
  }
  private let state = Mutex(State())

  private init() {}

  /// The unit of a record, built on first use; `position` is its place in its category's display
  /// order when the caller knows it (else it is looked up).
  func unit(at index: Int, position: Int? = nil) -> CatalogUnit {
    if let built = state.withLock({ $0.units.isEmpty ? nil : $0.units[index] }) { return built.unit }
    let built = Built(readUnit(at: index, position: position))
    state.withLock { state in
      if state.units.isEmpty { state.units = Array(repeating: nil, count: unitCount) }
      state.units[index] = built
    }
    return built.unit
  }

  /// Every unit, in catalog order: the categories in order, each in display order (identifiers
  /// are stable across regenerations, so they follow the order units were added in, not this one).
  var allUnits: [CatalogUnit] {
    if let all = state.withLock({ $0.all }) { return all }
    let all = categories.flatMap { category in
      unitIndices(inCategory: category.identifier).enumerated().map { unit(at: $1, position: $0) }
    }
    return state.withLock { state in
      if state.all == nil { state.all = all }
      return state.all!
    }
  }

  /// Every category, in catalog order.
  var categories: [UnitCategory] {
    if let categories = state.withLock({ $0.categories }) { return categories }
    let categories = BuiltinTables.readCategories(BuiltinData.categoryRecords)
    return state.withLock { state in
      if state.categories == nil { state.categories = categories }
      return state.categories!
    }
  }

  /// The category at a place of `categories`, read alone from its record unless all are read
  /// already (a search shows a few categories and needs no others).
  func category(at index: Int) -> UnitCategory {
    if let known = state.withLock({ $0.categories?[index] ?? $0.categoriesRead[index] }) { return known }
    let table = BuiltinData.categoryRecords
    let base = table.utf8Start
    var start = 0
    for _ in 0..<index { start = ByteScan.first(10, in: base, from: start, to: table.utf8CodeUnitCount) + 1 }
    let end = ByteScan.first(10, in: base, from: start, to: table.utf8CodeUnitCount)
    let category = BuiltinTables.category(UnsafeBufferPointer(start: base + start, count: end - start))
    state.withLock { $0.categoriesRead[index] = category }
    return category
  }

  /// The indexes of the units of a category identifier, in display order.
  func unitIndices(inCategory identifier: String) -> [Int] {
    guard let list = categoryUnits.valueBytes(for: identifier) else { return [] }
    var indices: [Int] = []
    var number = 0
    var digits = 0
    for byte in list {
      if byte == UInt8(ascii: ",") {
        if digits > 0 { indices.append(number) }
        (number, digits) = (0, 0)
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        (number, digits) = (number &* 10 &+ Int(byte &- 48), digits + 1)
      }
    }
    if digits > 0 { indices.append(number) }
    return indices
  }

  /// A unit's position in its category's display order: where its identifier stands in the
  /// category's line of `categoryUnits`, read byte by byte (a one-shot builds a unit or two, and
  /// splitting the line into an array would cost more than the rest of the lookup).
  private func position(of index: Int, inCategory identifier: String) -> Int {
    guard let list = categoryUnits.valueBytes(for: identifier) else { return 0 }
    var position = 0
    var number = 0
    for byte in list {
      if byte == UInt8(ascii: ",") {
        if number == index { return position }
        position += 1
        number = 0
      } else {
        number = number * 10 + Int(byte &- 48)
      }
    }
    return number == index ? position : 0
  }

  /// Every unit's dimension by index, read from the records in one pass without building the
  /// units (nil for an index without a record).
  func unitDimensions() -> [PhysicalDimension?] {
    var dimensions = [PhysicalDimension?](repeating: nil, count: unitCount)
    let table = BuiltinData.unitRecords
    let base = table.utf8Start
    let count = table.utf8CodeUnitCount
    var start = 0
    var fields: [Range<Int>] = []
    fields.reserveCapacity(9)
    while start < count {
      let end = ByteScan.first(10, in: base, from: start, to: count)
      // KEY, U, name, plural, symbols, aliases, claimed, category, dimension: the ninth field.
      var fieldStart = start
      fields.removeAll(keepingCapacity: true)
      while fields.count < 9, fieldStart <= end {
        let tab = ByteScan.first(9, in: base, from: fieldStart, to: end)
        fields.append(fieldStart..<tab)
        fieldStart = tab + 1
      }
      if fields.count == 9, fields[1].count == 1, base[fields[1].lowerBound] == UInt8(ascii: "U") {
        var index = 0
        for position in fields[0] { index = index * 10 + Int(base[position] &- 48) }
        if index < unitCount {
          let field = fields[8]
          dimensions[index] = BuiltinTables.dimension(
            UnsafeBufferPointer(start: base + field.lowerBound, count: field.count))
        }
      }
      start = end + 1
    }
    return dimensions
  }

  // MARK: Reading records

  private func readUnit(at index: Int, position: Int?) -> CatalogUnit {
    precondition(index >= 0 && index < unitCount, "unit index out of range")
    guard let record = records.valueBytes(for: CatalogSourceWriter.key(index)) else {
      preconditionFailure("no built-in unit record \(index)")
    }
    let fields = BuiltinTables.fields(record)
    precondition(fields.count >= 17 && fields[0] == "U", "malformed built-in unit record \(index)")
    return BuiltinTables.unit(fields, order: position ?? self.position(of: index, inCategory: fields[6]))
  }

  static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [String] {
    var fields: [String] = []
    fields.reserveCapacity(18)
    var start = 0
    for position in 0...line.count where position == line.count || line[position] == 9 {
      fields.append(String(decoding: UnsafeBufferPointer(rebasing: line[start..<position]), as: UTF8.self))
      start = position + 1
    }
    return fields
  }

  /// A unit from the fields of a `U` record (see `CatalogSourceWriter`).
  static func unit(_ fields: [String], order: Int) -> CatalogUnit {
    let flags = fields[13]
    let factor = Magnitude(
      Rational(unreducedNumerator: integer(fields[8]), denominator: integer(fields[9])),
      piPower: Int(fields[10]) ?? 0)
    let offset = Rational(unreducedNumerator: integer(fields[11]), denominator: integer(fields[12]))
    return CatalogUnit(
      name: fields[1], plural: fields[2], symbols: list(fields[3]), aliases: list(fields[4]),
      claimedNames: list(fields[5]), alternateNames: fields.count > 17 ? list(fields[17]) : [],
      categoryIdentifier: fields[6], dimension: dimension(fields[7]),
      factor: factor, offset: offset, isAbsolute: flags.contains("a"), isPositive: flags.contains("p"),
      isExact: !flags.contains("~"),
      prefixes: flags.contains("i") ? .iec : flags.contains("s") ? .si : .none, isCommon: flags.contains("c"),
      definition: fields[14], source: fields[15], cldrIdentifier: fields[16].isEmpty ? nil : fields[16],
      order: order, scale: fields.count > 18 && !fields[18].isEmpty ? scale(fields[18]) : nil)
  }

  /// A scale from its record field: `REFERENCE;FORWARD;INVERSE;MINIMUM;MAXIMUM;GAUGE;OFFSET`
  /// (see `CatalogSourceWriter`); the functions were checked when the catalog was generated.
  static func scale(_ field: String) -> UnitScale {
    let parts = field.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    precondition(parts.count == 7, "malformed built-in scale record")
    return UnitScale(
      reference: parts[0], forward: try! ScaleFunction(parts[1], variable: "x"),
      inverse: parts[2].isEmpty ? nil : try! ScaleFunction(parts[2], variable: "y"),
      minimum: Double(parts[3]), maximum: Double(parts[4]), readsGaugeNumbers: parts[5].contains("g"),
      takesNameFirst: parts[5].contains("n"),
      referenceOffset: Double(parts[6]) ?? 0)
  }

  static func readCategories(_ table: StaticString) -> [UnitCategory] {
    let lines = UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount)
      .split(separator: 10)
    return lines.map { category(UnsafeBufferPointer(rebasing: $0)) }
  }

  /// The category of a `C` record.
  static func category(_ line: UnsafeBufferPointer<UInt8>) -> UnitCategory {
    let fields = fields(line)
    precondition(fields.count >= 6 && fields[0] == "C", "malformed built-in category record")
    return UnitCategory(
      identifier: fields[1], title: fields[2], dimension: dimension(fields[3]),
      aliases: list(fields[4]), featured: list(fields[5]),
      reciprocals: fields.count > 6 ? list(fields[6]) : [],
      related: fields.count > 7 ? list(fields[7]) : [],
      everyday: fields.count > 8 ? ((try? EverydayGroup.parse(fields[8]).get()) ?? []) : [])
  }

  /// The exchange rates embedded from `Data/`, read with the parser a downloaded file goes through.
  static var exchangeRates: ExchangeRates? {
    let text = BuiltinData.exchangeRates
    let document = String(
      decoding: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount),
      as: UTF8.self)
    return try? ExchangeRates(ecbDocument: document)
  }

  /// The items of a `|`-separated field, read over its bytes (every unit built reads several).
  static func list(_ field: String) -> [String] {
    if field.isEmpty { return [] }
    var field = field
    return field.withUTF8 { bytes in
      var items: [String] = []
      var start = 0
      for position in 0...bytes.count where position == bytes.count || bytes[position] == UInt8(ascii: "|") {
        if position > start {
          items.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
        }
        start = position + 1
      }
      return items
    }
  }

  /// The exponents of a `,`-separated field of small integers (`1,0,-2,…`), read over its bytes.
  static func dimension(_ field: String) -> PhysicalDimension {
    var field = field
    return field.withUTF8 { dimension($0) }
  }

  /// The exponents of a `,`-separated field of small integers, as bytes.
  static func dimension(_ field: UnsafeBufferPointer<UInt8>) -> PhysicalDimension {
    var exponents = SIMD16<Int8>.zero
    var lane = 0
    var value = 0
    var negative = false
    for byte in field {
      switch byte {
      case UInt8(ascii: ","):
        if lane < 16 { exponents[lane] = Int8(clamping: negative ? -value : value) }
        (lane, value, negative) = (lane + 1, 0, false)
      case UInt8(ascii: "-"): negative = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1000)
      default: break
      }
    }
    if lane < 16 { exponents[lane] = Int8(clamping: negative ? -value : value) }
    return PhysicalDimension(exponents: exponents)
  }

  static func integer(_ field: String) -> BigInteger {
    if let small = Int(field) { return BigInteger(small) }
    if field.hasPrefix("-") { return -(BigInteger(decimalDigits: field.dropFirst()) ?? .zero) }
    return BigInteger(decimalDigits: field) ?? .zero
  }
}

/// A compiled index: lines `KEY<TAB>VALUE`, sorted by the UTF-8 bytes of the key, with every key
/// in Unicode normalization form C; searched in place by bisection over the bytes.
///
/// Swift compares strings by canonical equivalence, as the dictionary indexes do; a key given in
/// another normalization form is normalized before the search, so both find the same entries.
struct KeyTable: Sendable {
  private let table: StaticString
  /// The table's number in `KeyFilter.spellings`, or -1 for a table without the filter.
  private let filterNumber: Int

  init(_ table: StaticString) {
    self.table = table
    filterNumber = -1
  }

  /// A spelling table, behind `KeyFilter.spellings`.
  init(_ table: SpellingTable) {
    self.table = table.keys
    filterNumber = table.rawValue
  }

  /// The unit or category index stored for a key.
  func index(for key: String) -> Int? {
    guard let value = valueRange(for: key) else { return nil }
    var number = 0
    for position in value { number = number * 10 + Int(table.utf8Start[position] &- 48) }
    return number
  }

  /// The value stored for a key, as text.
  func value(for key: String) -> Substring? {
    guard let value = valueRange(for: key) else { return nil }
    let bytes = UnsafeBufferPointer(start: table.utf8Start + value.lowerBound, count: value.count)
    return Substring(String(decoding: bytes, as: UTF8.self))
  }

  /// The bytes of the value stored for a key, read in place.
  func valueBytes(for key: String) -> UnsafeBufferPointer<UInt8>? {
    guard let value = valueRange(for: key) else { return nil }
    return UnsafeBufferPointer(start: table.utf8Start + value.lowerBound, count: value.count)
  }

  /// The size of the table in bytes.
  var byteCount: Int { table.utf8CodeUnitCount }

  /// Calls `body` with every key and its index, in table order.
  func forEach(_ body: (String, Int) -> Void) {
    forEachBytes { key, number in body(String(decoding: key, as: UTF8.self), number) }
  }

  /// Calls `body` with the bytes of every key, read in place, and its index, in table order.
  func forEachBytes(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
    let base = table.utf8Start
    let count = table.utf8CodeUnitCount
    var start = 0
    while start < count {
      let end = ByteScan.first(10, in: base, from: start, to: count)
      let tab = ByteScan.first(9, in: base, from: start, to: end)
      if tab < end {
        var number = 0
        for position in (tab + 1)..<end { number = number * 10 + Int(base[position] &- 48) }
        body(UnsafeBufferPointer(start: base + start, count: tab - start), number)
      }
      start = end + 1
    }
  }

  private func valueRange(for key: String) -> Range<Int>? {
    var key = key
    let isASCII = key.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    if isASCII { return key.withUTF8 { filteredSearch($0) } }
    return key._nfcCodeUnits.withUnsafeBufferPointer { filteredSearch($0) }
  }

  /// `search`, after the filter when the table has one.
  private func filteredSearch(_ key: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard filterNumber < 0 || KeyFilter.spellings.mayContain(key, table: filterNumber) else { return nil }
    return search(key)
  }

  /// Bisection over lines: take the middle byte, back up to its line start, compare the key.
  private func search(_ key: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    let base = table.utf8Start
    let count = table.utf8CodeUnitCount
    var low = 0
    var high = count
    while low < high {
      let start = ByteScan.afterLast(10, in: base, from: low, to: low + (high - low) / 2)
      let end = ByteScan.first(10, in: base, from: start, to: count)
      let tab = ByteScan.first(9, in: base, from: start, to: end)
      switch KeyTable.compare(UnsafeBufferPointer(start: base + start, count: tab - start), key) {
      case 0: return min(tab + 1, end)..<end
      case ..<0: low = end + 1
      default: high = start
      }
    }
    return nil
  }

  /// Byte-wise order: negative, zero or positive as `a` sorts before, equal to or after `b`.
  static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let shared = min(a.count, b.count)
    var position = 0
    while position < shared {
      if a[position] != b[position] { return Int(a[position]) - Int(b[position]) }
      position += 1
    }
    return a.count - b.count
  }
}

/// The units and categories of a catalog with a compiled base and units added on top, joined
/// once on first use.
final class CombinedArrays: Sendable {
  private struct Joined {
    var units: [CatalogUnit]? = nil
    var categories: [UnitCategory]? = nil
    /// The categories read alone so far, by place (a batch of `5 mi` lines asks for its category
    /// on every line).
    var categoriesRead: [Int: UnitCategory] = [:]
  }
  private let joined = Mutex(Joined())

  func units(_ make: () -> [CatalogUnit]) -> [CatalogUnit] {
    if let units = joined.withLock({ $0.units }) { return units }
    let units = make()
    joined.withLock { $0.units = units }
    return units
  }

  func categories(_ make: () -> [UnitCategory]) -> [UnitCategory] {
    if let categories = joined.withLock({ $0.categories }) { return categories }
    let categories = make()
    joined.withLock { $0.categories = categories }
    return categories
  }
}
