import ConvFormat
import ConvKit

/// The spellings search matches, folded, as lines of text: made at generation time for the
/// built-in catalog (`BuiltinSearchData`), and at start-up only for units a units file adds.
///
/// One line per spelling, fields separated by tabs:
///
///     FOLDED  KIND  CHARACTERS  UNIT  CATEGORY  SPELLING
///
/// `FOLDED` comes first so that matching reads a line from its start; `KIND` is `c` for a category
/// spelling, `s` for a symbol, `n` for a unit's name and `a` for a plural or alias, upper-case for a
/// common unit; `CHARACTERS` is the folded spelling's length in characters (ranks compare it);
/// `UNIT` is the unit's identifier in the catalog's storage (the stable identifier of the generated
/// tables, so that a new unit adds its own lines and changes no other), `-` for a category;
/// `CATEGORY` is the category's place in `Catalog.categories`. A unit's lines are together, and
/// units come in the order of `Catalog.units`.
package struct SearchIndexTable: Sendable {
  /// The kind of a spelling.
  package enum Kind: UInt8, Sendable {
    case category = 0x63  // c
    case symbol = 0x73  // s
    case name = 0x6E  // n
    case other = 0x61  // a
  }

  /// The table's text (UTF-8).
  let bytes: TableBytes

  /// One line, parsed.
  struct Line: Sendable {
    /// The folded spelling, as a range of `bytes`.
    var folded: Range<Int>
    var kind: Kind
    var isCommon: Bool
    var characters: Int
    /// The unit's identifier in the catalog's storage, or -1 for a category spelling.
    var unit: Int
    var category: Int
    /// The spelling as written, as a range of `bytes`.
    var spelling: Range<Int>
  }

  init(_ bytes: TableBytes) { self.bytes = bytes }

  /// Calls `body` with each line's range and where its folded spelling ends (its first tab), and
  /// the bytes; lines are found with `memchr` (the C library's, which reads many bytes at a time):
  /// the built-in table has thousands of lines and `conv search` reads it at every start.
  func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, _ start: Int, _ foldedEnd: Int, _ end: Int) -> Void) {
    do {
      let text = bytes.buffer
      var start = 0
      while start < text.count {
        let end = SearchIndexTable.find(0x0A, text, start, text.count)
        body(text, start, SearchIndexTable.find(0x09, text, start, end), end)
        start = end + 1
      }
    }
  }

  /// Every line, parsed; lines that do not have the six fields are skipped.
  func parsedLines() -> [Line] {
    var lines: [Line] = []
    lines.reserveCapacity(bytes.buffer.count / 24)
    forEachLine { text, start, _, end in
      if let line = SearchIndexTable.parse(text, start, end) { lines.append(line) }
    }
    return lines
  }

  /// The position of the first `byte` in `text[start..<end]`, or `end`: 8 bytes at a time (the
  /// lowest byte equal to `byte` in a word is the lowest one a zero-byte test flags), then the
  /// rest one by one (what `memchr` did, without the C library).
  static func find(_ byte: UInt8, _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    guard start < end, let base = text.baseAddress else { return end }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = UInt64(byte) &* ones
    var index = start
    while index + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ pattern
      let zeroBytes = (word &- ones) & ~word & (ones << 7)
      if zeroBytes != 0 { return index + zeroBytes.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end {
      if base[index] == byte { return index }
      index += 1
    }
    return end
  }

  /// The line in `text[start..<end]`, or nil when it does not have the six fields.
  static func parse(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Line? {
    func number(_ start: Int, _ end: Int) -> Int? {
      if end - start == 1 && text[start] == 0x2D { return -1 }
      guard end > start, end - start < 10 else { return nil }
      var value = 0
      for index in start..<end {
        let digit = Int(text[index]) &- 0x30
        guard digit >= 0 && digit <= 9 else { return nil }
        value = value &* 10 &+ digit
      }
      return value
    }
    var tabs = (start, start, start, start, start)
    var cursor = start
    for field in 0..<5 {
      let tab = find(0x09, text, cursor, end)
      guard tab < end else { return nil }
      switch field {
      case 0: tabs.0 = tab
      case 1: tabs.1 = tab
      case 2: tabs.2 = tab
      case 3: tabs.3 = tab
      default: tabs.4 = tab
      }
      cursor = tab + 1
    }
    guard tabs.1 - tabs.0 == 2, let kind = Kind(rawValue: text[tabs.0 + 1] | 0x20),
      let characters = number(tabs.1 + 1, tabs.2), let unit = number(tabs.2 + 1, tabs.3),
      let category = number(tabs.3 + 1, tabs.4), category >= 0
    else { return nil }
    return Line(
      folded: start..<tabs.0, kind: kind, isCommon: text[tabs.0 + 1] < 0x61, characters: characters,
      unit: unit, category: category, spelling: (tabs.4 + 1)..<end)
  }

  /// The spelling of a line as written.
  func spelling(_ line: Line) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes.buffer[line.spelling]), as: UTF8.self)
  }

  // MARK: Writing

  /// The lines for `categories` and `units` of `catalog`: categories numbered from
  /// `categoryBase` in `Catalog.categories`, units with their identifiers in the catalog's storage
  /// (`identifiers`, one per unit). The generator writes the built-in catalog's lines with this
  /// function, and start-up the lines of units a units file adds.
  package static func lines(
    categories: [UnitCategory], units: [CatalogUnit], identifiers: [Int],
    categoryBase: Int, in catalog: Catalog
  ) -> String {
    precondition(identifiers.count == units.count, "one identifier per unit")
    var text = ""
    var categoryPlaces: [String: Int] = [:]
    for (index, category) in catalog.categories.enumerated() where categoryPlaces[category.identifier] == nil {
      categoryPlaces[category.identifier] = index
    }
    func line(_ spelling: String, _ kind: Kind, common: Bool, unit: Int?, category: Int) {
      let folded = UnitSearch.normalize(spelling)
      // A tab or line break cannot be in a spelling of a valid catalog; skip rather than break
      // the table.
      guard !folded.contains(where: { $0 == "\t" || $0 == "\n" }),
        !spelling.contains(where: { $0 == "\t" || $0 == "\n" })
      else { return }
      let kindText = String(UnicodeScalar(common ? kind.rawValue & ~0x20 : kind.rawValue))
      text +=
        [folded, kindText, String(folded.count), unit.map(String.init) ?? "-", String(category), spelling]
        .joined(separator: "\t") + "\n"
    }
    for (offset, category) in categories.enumerated() {
      for spelling in [category.title, category.identifier] + category.aliases {
        line(spelling, .category, common: false, unit: nil, category: categoryBase + offset)
      }
    }
    for (unit, identifier) in zip(units, identifiers) {
      let category = categoryPlaces[unit.categoryIdentifier] ?? 0
      for symbol in unit.symbols { line(symbol, .symbol, common: unit.isCommon, unit: identifier, category: category) }
      line(unit.name, .name, common: unit.isCommon, unit: identifier, category: category)
      for other in [unit.plural] + unit.aliases {
        line(other, .other, common: unit.isCommon, unit: identifier, category: category)
      }
    }
    return text
  }
}

extension SearchIndexTable {
  /// The Swift source of `BuiltinSearchData` for a catalog (the generator writes it next to the
  /// catalog's tables; a test fails when the committed file differs).
  /// `identifiers` are the units' identifiers in the generated tables, in the order of
  /// `catalog.units`.
  package static func builtinDataSource(for catalog: Catalog, identifiers: [Int]) -> String {
    let body = lines(
      categories: catalog.categories, units: catalog.units, identifiers: identifiers, categoryBase: 0,
      in: catalog)
    return """
      // Generated by `swift run generate-catalog` from Data/*.units. Do not edit by hand:
      // edit Data/ and run the generator again (a test fails when this file is out of date).
      // The search table of the built-in catalog; the format is described in SearchIndexTable.

      enum BuiltinSearchData {
        static let categoryCount = \(catalog.categories.count)

        static var lines: StaticString {
          #\"\"\"
      \(body)\"\"\"#
        }
      }

      """
  }
}

/// The bytes of a search table: the generated table read in place, or a copy of it joined with
/// the lines made at start-up for units a file adds.
final class TableBytes: @unchecked Sendable {
  // Unchecked: the buffer is immutable once made, and either static or owned (freed with this).
  /// The text.
  let buffer: UnsafeBufferPointer<UInt8>
  private let owned: Bool

  /// The bytes of a static string, in place.
  init(_ text: StaticString) {
    buffer = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    owned = false
  }

  /// A copy of `bytes`.
  init(_ bytes: [UInt8]) {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = copy.initialize(from: bytes)
    buffer = UnsafeBufferPointer(copy)
    owned = true
  }

  deinit { if owned { buffer.deallocate() } }
}
