import ConvFormat
import ConvKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The spellings search matches, folded, as lines of text: made at generation time for the
/// built-in catalog (`BuiltinSearchData`), and at start-up only for units a units file adds.
///
/// One line per spelling, fields separated by tabs:
///
///     FOLDED  KIND  CHARACTERS  POSITION  CATEGORY  CATEGORY_POSITION  SPELLING
///
/// `FOLDED` comes first so that matching reads a line from its start; `KIND` is `c` for a category
/// spelling, `s` for a symbol, `n` for a unit's name and `a` for a plural or alias, upper-case for a
/// common unit; `CHARACTERS` is the folded spelling's length in characters (ranks compare it);
/// `POSITION` is the unit's place in `Catalog.units`, `CATEGORY` the category's place in
/// `Catalog.categories`, `CATEGORY_POSITION` the unit's place among its category's units (the
/// last two find a unit without building the others). Category lines have `-` for both positions.
package struct SearchIndexTable: Sendable {
  /// The kind of a spelling.
  package enum Kind: UInt8, Sendable {
    case category = 0x63  // c
    case symbol = 0x73  // s
    case name = 0x6E  // n
    case other = 0x61  // a
  }

  /// The table's text (UTF-8).
  let bytes: [UInt8]
  /// Each line's fields, as byte offsets and numbers.
  let lines: [Line]

  /// One line, parsed.
  struct Line: Sendable {
    /// The folded spelling, as a range of `bytes`.
    var folded: Range<Int>
    var kind: Kind
    var isCommon: Bool
    var characters: Int
    /// Place in `Catalog.units`, or -1 for a category spelling.
    var position: Int
    var category: Int
    var categoryPosition: Int
    /// The spelling as written, as a range of `bytes`.
    var spelling: Range<Int>
  }

  /// Parses a table; lines that do not have the seven fields are skipped. Field ends are found
  /// with `memchr` (the C library's, which reads many bytes at a time): the built-in table has
  /// thousands of lines and `conv search` reads it at every start.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var lines: [Line] = []
    lines.reserveCapacity(bytes.count / 24)
    bytes.withUnsafeBufferPointer { text in
      guard let base = text.baseAddress else { return }
      /// The position of the first `byte` in `start..<end`, or `end`.
      func find(_ byte: UInt8, _ start: Int, _ end: Int) -> Int {
        guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
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
      var start = 0
      while start < text.count {
        let end = find(0x0A, start, text.count)
        defer { start = end + 1 }
        var tabs = (start, start, start, start, start, start)
        var cursor = start
        var found = 0
        while found < 6 {
          let tab = find(0x09, cursor, end)
          guard tab < end else { break }
          switch found {
          case 0: tabs.0 = tab
          case 1: tabs.1 = tab
          case 2: tabs.2 = tab
          case 3: tabs.3 = tab
          case 4: tabs.4 = tab
          default: tabs.5 = tab
          }
          found += 1
          cursor = tab + 1
        }
        guard found == 6, tabs.1 - tabs.0 == 2, let kind = Kind(rawValue: text[tabs.0 + 1] | 0x20),
              let characters = number(tabs.1 + 1, tabs.2), let position = number(tabs.2 + 1, tabs.3),
              let category = number(tabs.3 + 1, tabs.4), let categoryPosition = number(tabs.4 + 1, tabs.5) else {
          continue
        }
        lines.append(Line(folded: start..<tabs.0, kind: kind, isCommon: text[tabs.0 + 1] < 0x61,
                          characters: characters, position: position, category: category,
                          categoryPosition: categoryPosition, spelling: (tabs.5 + 1)..<end))
      }
    }
    self.lines = lines
  }

  /// The spelling of a line as written.
  func spelling(_ line: Line) -> String { String(decoding: bytes[line.spelling], as: UTF8.self) }

  // MARK: Writing

  /// The lines for `categories` and `units` of `catalog`: categories numbered from
  /// `categoryBase`, units from `unitBase` in `Catalog.units`. The generator writes the built-in
  /// catalog's lines with this function, and start-up the lines of units a units file adds.
  package static func lines(categories: [UnitCategory], units: [CatalogUnit], categoryBase: Int, unitBase: Int,
                            in catalog: Catalog) -> String {
    var text = ""
    var categoryPlaces: [String: Int] = [:]
    for (index, category) in catalog.categories.enumerated() { categoryPlaces[category.identifier] = index }
    func line(_ spelling: String, _ kind: Kind, common: Bool, position: Int?, category: Int,
              categoryPosition: Int?) {
      let folded = UnitSearch.normalize(spelling)
      // A tab or line break cannot be in a folded spelling of a valid catalog; skip rather than
      // break the table.
      guard !folded.contains(where: { $0 == "\t" || $0 == "\n" }),
            !spelling.contains(where: { $0 == "\t" || $0 == "\n" }) else { return }
      let kindText = String(UnicodeScalar(common ? kind.rawValue & ~0x20 : kind.rawValue))
      text += [folded, kindText, String(folded.count), position.map(String.init) ?? "-", String(category),
               categoryPosition.map(String.init) ?? "-", spelling].joined(separator: "\t") + "\n"
    }
    for (offset, category) in categories.enumerated() {
      for spelling in [category.title, category.identifier] + category.aliases {
        line(spelling, .category, common: false, position: nil, category: categoryBase + offset, categoryPosition: nil)
      }
    }
    var countInCategory: [String: Int] = [:]
    for (offset, unit) in units.enumerated() {
      let category = categoryPlaces[unit.categoryIdentifier] ?? 0
      let categoryPosition: Int
      if let counted = countInCategory[unit.categoryIdentifier] {
        categoryPosition = counted
      } else {
        // Units a file adds to a category come after the category's units already there.
        categoryPosition = catalog.unitCount(inCategory: unit.categoryIdentifier) - units.count { $0.categoryIdentifier == unit.categoryIdentifier }
      }
      countInCategory[unit.categoryIdentifier] = categoryPosition + 1
      let position = unitBase + offset
      for symbol in unit.symbols {
        line(symbol, .symbol, common: unit.isCommon, position: position, category: category, categoryPosition: categoryPosition)
      }
      line(unit.name, .name, common: unit.isCommon, position: position, category: category, categoryPosition: categoryPosition)
      for other in [unit.plural] + unit.aliases {
        line(other, .other, common: unit.isCommon, position: position, category: category, categoryPosition: categoryPosition)
      }
    }
    return text
  }
}

extension SearchIndexTable {
  /// The Swift source of `BuiltinSearchData` for a catalog (the generator writes it next to the
  /// catalog's tables; a test fails when the committed file differs).
  package static func builtinDataSource(for catalog: Catalog) -> String {
    """
    // Generated by `swift run generate-catalog` from Data/*.units. Do not edit by hand:
    // edit Data/ and run the generator again (a test fails when this file is out of date).
    // The search table of the built-in catalog; the format is described in SearchIndexTable.

    enum BuiltinSearchData {
      static let unitCount = \(catalog.units.count)
      static let categoryCount = \(catalog.categories.count)

      static var lines: StaticString {
        #\"\"\"
    \(UnitSearch.builtinLines(of: catalog))\"\"\"#
      }
    }

    """
  }
}
