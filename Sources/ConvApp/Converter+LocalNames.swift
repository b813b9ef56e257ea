import ConvFormat
import ConvKit
import Synchronization

extension Converter {
  /// The text with the unit names conv prints in the user's language (`LANG=de_DE.UTF-8 conv -l
  /// 5 mi` → `5 Meilen`; CLDR names through ICU) replaced by the units' symbols (`5 Meilen km` →
  /// `5 mi km`), matched word by word with case and accents folded, in every plural form; nil
  /// when there is none, or in English and ASCII output (whose names are the catalog's). No
  /// joining word of the language is read (`5 milles en km` is not): conv's separators are the
  /// same in every locale. Throws when a name means two units in the language, with both.
  func localUnitSymbols(for text: String) throws(ConvError) -> String? {
    let style = options.humanStyle
    guard !style.ascii, !style.isEnglish else { return nil }
    let table = localNameTable(style: style)
    guard !table.isEmpty else { return nil }
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let folded = words.map(TextFolding.fold)
    let longest = table.keys.map { $0.split(separator: " ").count }.max() ?? 1
    var output: [String] = []
    var index = 0
    var changed = false
    while index < words.count {
      var matched = false
      for length in stride(from: min(longest, words.count - index), through: 1, by: -1) {
        let key = folded[index..<(index + length)].joined(separator: " ")
        guard let units = table[key] else { continue }
        guard units.count == 1 else {
          let choices = units.map { "'\($0)'" }.joined(separator: " or ")
          throw .syntax("'\(words[index..<(index + length)].joined(separator: " "))' means \(choices) here: write the symbol",
                        span: SourceSpan(start: 0, length: 0))
        }
        output.append(units[0])
        index += length
        matched = true
        changed = true
        break
      }
      if !matched {
        output.append(words[index])
        index += 1
      }
    }
    return changed ? output.joined(separator: " ") : nil
  }

  /// The locale's unit names, folded, each with the symbols of the units it names (two or more:
  /// a name the language gives two units); made once per style in a process.
  private func localNameTable(style: NumberStyle) -> [String: [String]] {
    if let table = Converter.localNameTables.withLock({ $0[style] }) { return table }
    let formatter = UnitNameFormatter(width: .long, style: style)
    var table: [String: [String]] = [:]
    // Numbers that reach every plural form of CLDR's languages (one, two, few, many, other).
    let samples = ["1", "2", "3", "5", "11", "21", "22", "25", "100", "1.5"].map { text -> DecimalDigits in
      let parts = text.split(separator: ".")
      return DecimalDigits(isNegative: false, digits: parts.joined(), exponent: parts.count > 1 ? -parts[1].count : 0,
                           isExact: true)
    }
    // The catalog's units and the prefixed forms conv shows (`km`, `mL`), with the CLDR
    // identifiers the long names use.
    let prefixed = catalog.categories.flatMap { category in
      catalog.featuredUnits(in: category) + catalog.everydayUnits(in: category, systems: MeasurementSystem.allCases)
    }.filter { $0.prefix != nil }
    for unit in catalog.units.map({ PrefixedUnit(unit: $0) }) + prefixed {
      guard let id = ValuePresenter.cldrIdentifier(for: unit) else { continue }
      let symbol = unit.unit.symbols.isEmpty ? unit.name : unit.symbol
      let names = UnitDisplayNames(symbol: symbol, singular: unit.name, plural: unit.plural, cldrID: id)
      for sample in samples {
        guard case .quantity(let quantity) = formatter.label(for: sample, unit: names) else { continue }
        let name = String(quantity.plain.filter { !$0.isNumber && !",.'’".contains($0) })
          .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let key = TextFolding.fold(name)
        // A name that is the symbol itself (`km`) or an English spelling needs no table.
        guard !key.isEmpty, key != TextFolding.fold(symbol) else { continue }
        if !(table[key]?.contains(symbol) ?? false) { table[key, default: []].append(symbol) }
      }
    }
    Converter.localNameTables.withLock { $0[style] = table }
    return table
  }

  /// The unit name tables made so far in this process.
  private static let localNameTables = Mutex<[NumberStyle: [String: [String]]]>([:])
}
