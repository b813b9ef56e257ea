import ConvFormat
import ConvKit
import Synchronization

/// The unit names conv prints in the user's language (`LANG=de_DE.UTF-8 conv -l 5 mi` → `5
/// Meilen`; CLDR names through ICU), read back: matched word by word with case and accents folded,
/// in every plural form. A name that means two units (two units of the language, or a unit of the
/// language and another unit of the catalog: French `pieds` is CLDR's foot and the catalog's pied
/// du roi) is read as the one the other side's dimension allows, with a note, or refused with
/// both. No joining word of the language is read (`5 milles en km` is not): conv's separators are
/// the same in every locale.
struct LocalNames: Sendable {
  /// Folded name → the units the language gives that name (two or more: a name the language gives
  /// two units).
  let local: [String: [PrefixedUnit]]
  /// Folded name of `local` → the catalog's units with a name, plural or alias that folds to it.
  let catalogSpellings: [String: [PrefixedUnit]]
  /// Words in the longest name.
  let longest: Int

  /// Every unit a folded name can mean: the language's and the catalog's.
  func meanings(_ key: String) -> [PrefixedUnit] {
    var units: [PrefixedUnit] = []
    for unit in (local[key] ?? []) + (catalogSpellings[key] ?? []) where !units.contains(unit) { units.append(unit) }
    return units
  }

  /// The folded names that mean two units or more: the names this locale refuses unless the other
  /// side decides (what `reviewedCollisions` lists, for the languages there).
  var collisions: [String: [PrefixedUnit]] {
    var result: [String: [PrefixedUnit]] = [:]
    for key in local.keys {
      let units = meanings(key)
      if units.count > 1 { result[key] = units }
    }
    return result
  }

  /// Builds the table of a style's locale: every catalog unit and every prefixed form conv shows,
  /// named by ICU for numbers that reach every plural form.
  init(catalog: Catalog, style: NumberStyle) {
    let formatter = UnitNameFormatter(width: .long, style: style)
    var table: [String: [PrefixedUnit]] = [:]
    // Numbers that reach every plural form of CLDR's languages (one, two, few, many, other).
    let samples = ["1", "2", "3", "5", "11", "21", "22", "25", "100", "1.5"].map { text -> DecimalDigits in
      let parts = text.split(separator: ".")
      return DecimalDigits(
        isNegative: false, digits: parts.joined(), exponent: parts.count > 1 ? -parts[1].count : 0,
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
        let name = LocalNames.withoutNumber(quantity.plain).split(whereSeparator: { $0.isWhitespace })
          .joined(separator: " ")
        let key = TextFolding.fold(name)
        // A name that is the symbol itself (`km`) needs no table; nor does one of conv's joining
        // words, which stay conv's own.
        guard !key.isEmpty, key != TextFolding.fold(symbol),
          !ConversionRequest.separators.contains(key), !ConversionRequest.looseSeparators.contains(key)
        else { continue }
        if !(table[key]?.contains(unit) ?? false) { table[key, default: []].append(unit) }
      }
    }
    // The catalog's names, plurals and aliases that fold like a name of the language.
    var spellings: [String: [PrefixedUnit]] = [:]
    for unit in catalog.units {
      for spelling in [unit.name, unit.plural] + unit.aliases where !spelling.isEmpty {
        let key = TextFolding.fold(spelling)
        guard table[key] != nil, let read = catalog.unit(named: spelling) ?? Optional(PrefixedUnit(unit: unit)),
          !(spellings[key]?.contains(read) ?? false)
        else { continue }
        spellings[key, default: []].append(read)
      }
    }
    local = table
    catalogSpellings = spellings
    longest = table.keys.map { $0.split(separator: " ").count }.max() ?? 1
  }

  /// A localized quantity without its number (`5 Meilen` → ` Meilen`): the first run of decimal
  /// digits and marks, so that digits of the name stay (`Liter pro 100 Kilometer`, `Meter pro
  /// Sekunde²`).
  static func withoutNumber(_ text: String) -> String {
    func isDigit(_ c: Character) -> Bool { c.unicodeScalars.first?.properties.numericType == .decimal }
    guard let start = text.firstIndex(where: isDigit) else { return text }
    var end = start
    while end < text.endIndex, isDigit(text[end]) || ",.'’٫٬".contains(text[end]) { end = text.index(after: end) }
    return String(text[..<start]) + String(text[end...])
  }

  /// The tables made so far in this process, by locale.
  static let made = Mutex<[String: LocalNames]>([:])

  /// The language of a locale (`fr` for `fr_CA.UTF-8`).
  static func language(_ locale: String?) -> String {
    String((locale ?? "en").prefix { $0.isLetter }).lowercased()
  }

  /// The English name of a language, for notes (`the German name`).
  static func languageName(_ language: String) -> String {
    let names = [
      "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "pt": "Portuguese", "nl": "Dutch",
      "sv": "Swedish", "da": "Danish", "nb": "Norwegian", "no": "Norwegian", "fi": "Finnish",
      "pl": "Polish", "cs": "Czech", "ca": "Catalan", "ro": "Romanian", "hu": "Hungarian",
      "tr": "Turkish", "ru": "Russian", "uk": "Ukrainian", "el": "Greek", "ja": "Japanese",
      "zh": "Chinese", "ko": "Korean",
    ]
    return names[language] ?? "'\(language)'"
  }
}

extension Converter {
  /// What reading a text with the locale's unit names gives.
  enum LocalReading {
    /// No name of the language changes the reading.
    case none
    /// Read with the language's names, notes added.
    case read(ConversionReading, ConversionRequest)
    /// A name that means two units the other side both allows, refused with both.
    case refused(ConvError)
    /// No reading of the names converts (the caller reports its own error).
    case unread
  }

  /// The locale's name table (nil in English, whose names are the catalog's). ASCII output
  /// prints the catalog's names, but the user's language is the locale's all the same: its names
  /// are read, and its collisions refused, as in UTF-8.
  func localNames() -> LocalNames? {
    guard !readsEnglish, let locale = options.locale else { return nil }
    let style = NumberStyle(locale: locale, grouping: true)
    if let table = LocalNames.made.withLock({ $0[locale] }) { return table }
    let table = LocalNames(catalog: catalog, style: style)
    LocalNames.made.withLock { $0[locale] = table }
    return table
  }

  /// Whether a text has a word (or words) that means two units in the locale's language, for a
  /// reading the catalog makes alone: checked against `reviewedCollisions` without ICU for the
  /// languages listed there, else against the locale's table.
  func mentionsLocalCollision(_ text: String) -> Bool {
    guard !readsEnglish else { return false }
    let keys: Set<String>
    let longest: Int
    if let reviewed = LocalNames.reviewedCollisions[LocalNames.language(options.locale)] {
      keys = reviewed
      longest = reviewed.map { $0.split(separator: " ").count }.max() ?? 1
    } else if let table = localNames() {
      keys = Set(table.collisions.keys)
      longest = table.longest
    } else {
      return false
    }
    guard !keys.isEmpty else { return false }
    let folded = text.split(separator: " ", omittingEmptySubsequences: true).map { TextFolding.fold(String($0)) }
    for index in folded.indices {
      for length in 1...min(longest, folded.count - index)
      where keys.contains(folded[index..<(index + length)].joined(separator: " ")) {
        return true
      }
    }
    return false
  }

  /// Reads a text with the unit names of the user's language: each name the catalog does not read
  /// as the same unit is read as the language's unit, with a note (`'Meilen' read as mi (mile), the
  /// German name`); a name that means two units takes the one whose reading converts, with a
  /// note, or is refused with both when both do.
  func localReading(of text: String) -> LocalReading {
    guard let table = localNames(), !table.local.isEmpty else { return .none }
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let folded = words.map(TextFolding.fold)
    // The names found, longest first, with what each may mean.
    struct Span {
      let range: Range<Int>
      let typed: String
      let catalogReading: PrefixedUnit?
      let meanings: [PrefixedUnit]
    }
    var spans: [Span] = []
    var index = 0
    while index < words.count {
      var found: Span? = nil
      var skipped = 0
      for length in stride(from: min(max(table.longest, 4), words.count - index), through: 1, by: -1) {
        let key = folded[index..<(index + length)].joined(separator: " ")
        let typed = words[index..<(index + length)].joined(separator: " ")
        let read = catalog.unit(named: typed)
        // A symbol is conv's own in every language (`g` is the gram, whatever German calls g-force).
        if let read,
          (read.prefix?.symbols ?? [""]).contains(where: { prefix in
            read.unit.symbols.contains { prefix + $0 == typed }
          })
        {
          skipped = length
          break
        }
        guard table.local[key] != nil else {
          // A name of the catalog in several words (`pied du roi`) is the catalog's.
          if length > 1 && read != nil {
            skipped = length
            break
          }
          continue
        }
        var meanings = table.meanings(key)
        if let read, !meanings.contains(read) { meanings.append(read) }
        found = Span(range: index..<(index + length), typed: typed, catalogReading: read, meanings: meanings)
        break
      }
      if let found {
        // A name the catalog reads as the one unit it means changes nothing.
        if !(found.meanings.count == 1 && found.catalogReading == found.meanings[0]) { spans.append(found) }
        index = found.range.upperBound
      } else {
        index += max(skipped, 1)
      }
    }
    guard !spans.isEmpty else { return .none }
    // Every combination of meanings (a few: names that mean three units are rare), read in turn.
    var combinations: [[PrefixedUnit]] = [[]]
    for span in spans {
      combinations = combinations.flatMap { chosen in span.meanings.map { chosen + [$0] } }
      if combinations.count > 64 { return .unread }
    }
    var fitting: [(units: [PrefixedUnit], reading: ConversionReading, request: ConversionRequest)] = []
    for units in combinations {
      var output: [String] = []
      var position = 0
      for (span, unit) in zip(spans, units) {
        output += words[position..<span.range.lowerBound]
        output.append(unit == span.catalogReading ? span.typed : spelling(of: unit))
        position = span.range.upperBound
      }
      output += words[position...]
      let request = self.request(line: output.joined(separator: " "))
      guard let reading = try? catalog.read(request, conventions: conventions) else { continue }
      if let target = reading.targets.first, (try? catalog.convert(reading.quantity, to: target)) == nil { continue }
      fitting.append((units, reading, request))
    }
    // A reading that keeps the line's target beats one that reads the whole line as a quantity
    // (`2 karat g`, karat times gram).
    if fitting.contains(where: { !$0.reading.targets.isEmpty }) { fitting.removeAll { $0.reading.targets.isEmpty } }
    guard let first = fitting.first else { return .unread }
    if fitting.count > 1 {
      // The first name whose meanings both fit.
      for (position, span) in spans.enumerated() {
        var units: [PrefixedUnit] = []
        for candidate in fitting where !units.contains(candidate.units[position]) {
          units.append(candidate.units[position])
        }
        if units.count > 1 { return .refused(refusal(span.typed, units)) }
      }
    }
    var reading = first.reading
    let language = LocalNames.languageName(LocalNames.language(options.locale))
    for (span, unit) in zip(spans, first.units) {
      let local = table.local[TextFolding.fold(span.typed)]?.contains(unit) ?? false
      let others = span.meanings.filter { $0 != unit }
      var note = "'\(span.typed)' read as \(describe(unit))"
      if local && unit != span.catalogReading { note += ", the \(language) name" }
      if !others.isEmpty {
        note += "; it can also mean \(others.map(describe).joined(separator: " or ")), which does not convert here"
      }
      reading.readingNotes.append(options.ascii ? ASCIIText.transliterate(note) : note)
      // The echo keeps the name as typed, as for the catalog's aliases.
      if unit != span.catalogReading, let renamed = reading.quantity.writing(unit: spelling(of: unit), as: span.typed) {
        reading.quantity = renamed
      }
    }
    return .read(reading, first.request)
  }

  /// The reading ``convert(_:)-(ConversionRequest)`` makes of a request, the names of the user's
  /// language included, for a front end that keeps its quantity (the REPL adopts `5 Meilen` as
  /// miles); nil when the request does not read, or is refused.
  package func reading(of request: ConversionRequest) -> ConversionReading? {
    if mentionsLocalCollision(request.source) {
      switch localReading(of: request.source) {
      case .read(let reading, _): return reading
      case .refused: return nil
      case .none, .unread: break
      }
    }
    if let reading = try? catalog.read(request, conventions: conventions) { return reading }
    if case .read(let reading, _) = localReading(of: request.source) { return reading }
    return nil
  }

  /// A spelling that reads as `unit` alone: its symbol, another symbol, or its name.
  func spelling(of unit: PrefixedUnit) -> String {
    let prefixSymbol = unit.prefix?.symbols.first ?? ""
    let prefixName = unit.prefix?.name ?? ""
    let candidates = unit.unit.symbols.map { prefixSymbol + $0 } + [prefixName + unit.unit.name]
    return candidates.first { catalog.unit(named: $0) == unit } ?? unit.name
  }

  /// A spelling that means `unit` alone in the user's language too, for the refusal to suggest:
  /// a symbol, else the first name, alias or plural that no name of the language folds like
  /// (`pouce` is French for the inch: `Paris inch`).
  func unambiguousSpelling(of unit: PrefixedUnit) -> String {
    let prefixSymbols = unit.prefix?.symbols ?? [""]
    let prefixName = unit.prefix?.name ?? ""
    let symbols = unit.unit.symbols.flatMap { symbol in prefixSymbols.map { $0 + symbol } }
    let names = ([unit.unit.name] + unit.unit.aliases + [unit.unit.plural]).filter { !$0.isEmpty }.map {
      prefixName + $0
    }
    let table = localNames()
    let candidates =
      symbols
      + names.filter { name in
        let meanings = table?.meanings(TextFolding.fold(name)) ?? []
        return meanings.isEmpty || meanings == [unit]
      }
    return candidates.first { catalog.unit(named: $0) == unit } ?? spelling(of: unit)
  }

  /// `mi (mile)`, or the name alone for a unit without a symbol.
  func describe(_ unit: PrefixedUnit) -> String {
    unit.unit.symbols.isEmpty ? unit.name : "\(unit.symbol) (\(unit.name))"
  }

  /// The refusal of a name that means two units the other side both allows: `'pieds' can mean
  /// foot (30.48 cm) or pied du roi (≈ 32.483939 cm): write 'ft' or 'pied du roi'`.
  func refusal(_ typed: String, _ units: [PrefixedUnit]) -> ConvError {
    let reference = referenceUnit(for: units[0])
    let meanings = units.map { unit in
      guard let value = size(of: unit, in: reference) else { return unit.name }
      return "\(unit.name) (\(value))"
    }
    let spellings = units.map { "'\(unambiguousSpelling(of: $0))'" }
    func list(_ items: [String]) -> String {
      items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
    let message = "'\(ConvError.printable(typed))' can mean \(list(meanings)): write \(list(spellings))"
    return .syntax(options.ascii ? ASCIIText.transliterate(message) : message, span: SourceSpan(start: 0, length: 0))
  }

  /// The SI everyday unit of a unit's category in which one of it reads best (`cm` for the foot).
  private func referenceUnit(for unit: PrefixedUnit) -> PrefixedUnit? {
    guard let category = catalog.category(named: unit.unit.categoryIdentifier),
      let group = catalog.everydayGroups(in: category, systems: [.si]).first
    else { return nil }
    let candidates = group.filter { $0.unit.dimension == unit.unit.dimension && $0 != unit }
    return candidates.min { a, b in
      distance(unit, a) < distance(unit, b)
    }
  }

  /// How far the number of one `unit` in `reference` is from reading well: its ratio to 31.6, the
  /// middle of 1 to 1000 in orders of magnitude.
  private func distance(_ unit: PrefixedUnit, _ reference: PrefixedUnit) -> Double {
    guard let quantity = try? catalog.parseQuantity("1 " + spelling(of: unit)),
      let result = try? catalog.convert(quantity, to: UnitExpression(unit: reference)),
      result.doubleValue > 0
    else { return .infinity }
    return max(result.doubleValue / 31.6, 31.6 / result.doubleValue)
  }

  /// One `unit` in `reference`, as human output writes it (`30.48 cm`, `≈ 32.483939 cm`); nil
  /// when there is no reference or the conversion is not a plain factor.
  private func size(of unit: PrefixedUnit, in reference: PrefixedUnit?) -> String? {
    guard let reference, let quantity = try? catalog.parseQuantity("1 " + spelling(of: unit)),
      let result = try? catalog.convert(quantity, to: UnitExpression(unit: reference)),
      result.kind == .linear
    else { return nil }
    var options = self.options
    options.color = false
    let text = ValuePresenter(options: options).quantityText(
      result.value, isExact: result.isExact,
      unit: result.target)
    return (text.exact ? "" : "≈ ") + text.text
  }
}

extension LocalNames {
  /// The folded names that mean two units or more, by language, as the enumeration in
  /// `LocalNameCollisionTests` finds them over the locales it lists (a new one fails that test
  /// until it is added here): a line that mentions one is read through `localReading(of:)`, which
  /// lets the other side decide or refuses; any other line the catalog reads is read as it is.
  static let reviewedCollisions: [String: Set<String>] = [
    "ca": [
      "braces",  // ftm (fathom) / pair
      "quirat",  // ct (carat) / karat
      "quirats",  // ct (carat) / karat
    ],
    "cs": [
      "karat",  // ct (carat) / karat
      "karatu",  // ct (carat) / karat
      "karaty",  // ct (carat) / karat
      "libra",  // lb (pound) / libra
      "minut",  // arcmin (arcminute) / min (minute)
      "minuta",  // arcmin (arcminute) / min (minute)
      "minuty",  // arcmin (arcminute) / min (minute)
      "stopa",  // ft (foot) / stopa
      "stopy",  // ft (foot) / stopa
      "tun",  // t (tonne) / tun
    ],
    "da": [
      "grad",  // gon (gradian) / ° (degree)
      "kalorie",  // Cal (food calorie) / cal (calorie)
      "kalorier",  // Cal (food calorie) / cal (calorie)
      "karat",  // ct (carat) / karat
      "ton",  // t (tonne) / tn (short ton)
      "tons",  // t (tonne) / tn (short ton)
    ],
    "de": [
      "dram",  // dr (dram) / fldr (fluid dram)
      "foot-pound",  // ft·lbf (foot-pound-force) / lbf·ft (pound-force foot)
      "grad",  // gon (gradian) / ° (degree)
      "karat",  // ct (carat) / karat
      "pferdestarke",  // PS (metric horsepower) / hp (horsepower)
      "pfund",  // lb (pound) / metric pound
    ],
    "el": [
      "θερμιδα",  // Cal (food calorie) / cal (calorie)
      "θερμιδεσ",  // Cal (food calorie) / cal (calorie)
      "καρατι",  // ct (carat) / karat
      "καρατια",  // ct (carat) / karat
    ],
    "es": [
      "braza",  // braza / ftm (fathom)
      "brazas",  // braza / ftm (fathom)
      "libra",  // lb (pound) / libra
      "onza",  // Castilian ounce / oz (ounce)
      "onzas",  // Castilian ounce / oz (ounce)
      "pulgada",  // in (inch) / pulgada
      "pulgadas",  // in (inch) / pulgada
      "quilate",  // ct (carat) / karat
      "quilates",  // ct (carat) / karat
    ],
    "fi": [
      "dram",  // dr (dram) / fldr (fluid dram)
      "karaatti",  // ct (carat) / karat
      "karaattia",  // ct (carat) / karat
    ],
    "fr": [
      "carat",  // ct (carat) / karat
      "carats",  // ct (carat) / karat
      "cheval-vapeur",  // PS (metric horsepower) / hp (horsepower)
      "degre",  // ° (degree) / °Ré (degree Réaumur)
      "livre",  // lb (pound) / livre
      "livres",  // lb (pound) / livre
      "once",  // French ounce / oz (ounce)
      "pied",  // ft (foot) / pied du roi
      "pieds",  // ft (foot) / pied du roi
      "pouce",  // in (inch) / pouce
      "pouces",  // in (inch) / pouce
    ],
    "hu": [
      "dram",  // dr (dram) / fldr (fluid dram)
      "kaloria",  // Cal (food calorie) / cal (calorie)
      "karat",  // ct (carat) / karat
      "uncia",  // oz (ounce) / uncia
    ],
    "it": [
      "caloria",  // Cal (food calorie) / cal (calorie)
      "calorie",  // Cal (food calorie) / cal (calorie)
      "carati",  // ct (carat) / karat
      "carato",  // ct (carat) / karat
      "cavallo vapore",  // PS (metric horsepower) / hp (horsepower)
      "once",  // French ounce / oz (ounce)
    ],
    "ja": [
      "カロリー",  // Cal (food calorie) / cal (calorie)
      "分",  // arcmin (arcminute) / min (minute)
      "秒",  // arcsec (arcsecond) / s (second)
    ],
    "ko": [
      "칼로리",  // Cal (food calorie) / cal (calorie)
      "캐럿",  // ct (carat) / karat
    ],
    "nb": [
      "dram",  // dr (dram) / fldr (fluid dram)
      "fot",  // Swedish foot / ft (foot)
      "grad",  // gon (gradian) / ° (degree)
      "kalori",  // Cal (food calorie) / cal (calorie)
      "kalorier",  // Cal (food calorie) / cal (calorie)
      "karat",  // ct (carat) / karat
    ],
    "nl": [
      "karaat",  // ct (carat) / karat
      "paardenkracht",  // PS (metric horsepower) / hp (horsepower)
    ],
    "pl": [
      "funt",  // funt / lb (pound)
      "funty",  // funt / lb (pound)
      "kaloria",  // Cal (food calorie) / cal (calorie)
      "kalorie",  // Cal (food calorie) / cal (calorie)
      "kalorii",  // Cal (food calorie) / cal (calorie)
      "karat",  // ct (carat) / karat
      "karata",  // ct (carat) / karat
      "karatow",  // ct (carat) / karat
      "karaty",  // ct (carat) / karat
      "sazen",  // ftm (fathom) / sążeń
      "saznie",  // ftm (fathom) / sążeń
      "stopa",  // ft (foot) / stopa
      "stopy",  // ft (foot) / stopa
      "ton",  // t (tonne) / tn (short ton)
    ],
    "pt": [
      "caloria",  // Cal (food calorie) / cal (calorie)
      "calorias",  // Cal (food calorie) / cal (calorie)
      "libra",  // lb (pound) / libra
      "pes",  // Roman foot / ft (foot)
      "quilate",  // ct (carat) / karat
      "quilates",  // ct (carat) / karat
    ],
    "ro": [
      "carat",  // ct (carat) / karat
      "carate",  // ct (carat) / karat
      "de carate",  // ct (carat) / karat
      "grad",  // gon (gradian) / ° (degree)
      "grade",  // gon (gradian) / ° (degree)
      "livre",  // lb (pound) / livre
    ],
    "ru": [
      "карат",  // ct (carat) / karat
      "карата",  // ct (carat) / karat
      "минут",  // arcmin (arcminute) / min (minute)
      "минута",  // arcmin (arcminute) / min (minute)
      "минуты",  // arcmin (arcminute) / min (minute)
      "секунд",  // arcsec (arcsecond) / s (second)
      "секунда",  // arcsec (arcsecond) / s (second)
      "секунды",  // arcsec (arcsecond) / s (second)
    ],
    "sv": [
      "dram",  // dr (dram) / fldr (fluid dram)
      "famn",  // Swedish fathom / ftm (fathom)
      "famnar",  // Swedish fathom / ftm (fathom)
      "fot",  // Swedish foot / ft (foot)
      "grad",  // gon (gradian) / ° (degree)
      "karat",  // ct (carat) / karat
      "ton",  // t (tonne) / tn (short ton)
    ],
    "tr": [
      "dram",  // dr (dram) / fldr (fluid dram)
      "karat",  // ct (carat) / karat
      "ons",  // ons / oz (ounce)
      "ton",  // t (tonne) / tn (short ton)
    ],
    "uk": [
      "карат",  // ct (carat) / karat
      "карата",  // ct (carat) / karat
      "карати",  // ct (carat) / karat
      "каратів",  // ct (carat) / karat
    ],
    "zh": [
      "克拉",  // ct (carat) / karat
      "卡路里",  // Cal (food calorie) / cal (calorie)
    ],
  ]
}
