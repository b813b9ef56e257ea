import ConvFormat
import ConvKit
import Testing

@testable import ConvApp

/// Issue 34: unit names read back in the user's language. A name that means two units (two units
/// of the language, or a unit of the language and another of the catalog, case and accents
/// folded) is read as the one the other side allows, with a note, or refused with both; a name
/// read through the language is noted; the echo keeps it as typed.
@Suite("Local unit names")
struct LocalNameCollisionTests {
  static func converter(locale: String?, mode: OutputMode = .human) -> Converter {
    var options = OutputOptions()
    options.locale = locale
    options.mode = mode
    return Converter(catalog: .builtin, options: options)
  }

  /// The locales whose names the enumeration checks: the languages CLDR names units in for most
  /// users, with regional variants whose names differ.
  static let locales = [
    "de_DE", "de_AT", "de_CH", "fr_FR", "fr_CA", "fr_CH", "es_ES", "es_MX", "es_US", "it_IT", "pt_BR", "pt_PT",
    "nl_NL", "sv_SE", "da_DK", "nb_NO", "fi_FI", "pl_PL", "cs_CZ", "ca_ES", "ro_RO", "hu_HU", "tr_TR", "ru_RU",
    "uk_UA", "el_GR", "ja_JP", "zh_CN", "ko_KR",
  ]

  /// Every collision of the listed locales, by language: folded name → what it can mean.
  static let found: [String: [String: Set<String>]] = {
    var result: [String: [String: Set<String>]] = [:]
    for locale in locales {
      let converter = converter(locale: locale + ".UTF-8")
      guard let table = converter.localNames() else { continue }
      for (key, units) in table.collisions {
        result[LocalNames.language(locale), default: [:]][key, default: []].formUnion(units.map(converter.describe))
      }
    }
    return result
  }()

  @Test("Every name that means two units in a listed locale is reviewed (LocalNames.reviewedCollisions)")
  func enumeration() {
    for language in Set(Self.found.keys).union(LocalNames.reviewedCollisions.keys).sorted() {
      let found = Self.found[language] ?? [:]
      let reviewed = LocalNames.reviewedCollisions[language] ?? []
      let new = Set(found.keys).subtracting(reviewed)
      let gone = reviewed.subtracting(found.keys)
      #expect(
        new.isEmpty,
        """
        \(language): names that mean two units, not in LocalNames.reviewedCollisions (check that each is \
        refused or read by the other side, then add it): \
        \(new.sorted().map { "\"\($0)\" (\(found[$0]!.sorted().joined(separator: " / ")))" }.joined(separator: ", "))
        """)
      #expect(gone.isEmpty, "\(language): reviewed names that no longer collide: \(gone.sorted())")
    }
  }

  /// Every name that means two units in a listed locale, with nothing on the other side to decide
  /// (`1 pieds`, a whole column): refused with every meaning, or, when only one reading makes a
  /// column, read with a note that names the other.
  @Test("Each collision of each listed locale is refused with its meanings, or read with a note", arguments: locales)
  func everyCollision(_ locale: String) {
    let converter = Self.converter(locale: locale + ".UTF-8")
    guard let table = converter.localNames() else { return }
    for (key, units) in table.collisions.sorted(by: { $0.key < $1.key }) {
      switch converter.convert(converter.request(line: "1 " + key)) {
      case .failure(let failure):
        #expect(failure.message.hasPrefix("'\(key)' can mean "), "\(locale) \(key): \(failure.message)")
        for unit in units {
          #expect(failure.message.contains(unit.name), "\(locale) \(key): \(unit.name) missing from \(failure.message)")
          // What the refusal says to write reads as that unit alone, in this language too.
          let spelling = converter.unambiguousSpelling(of: unit)
          #expect(failure.message.contains("'\(spelling)'"))
          let written = converter.request(line: "1 " + spelling)
          #expect((try? converter.convert(written).get()) != nil, "\(locale) \(key): '\(spelling)' does not read")
          #expect(
            (try? Catalog.builtin.read(written).quantity.unit?.singleUnit) == unit, "\(locale) \(key): '\(spelling)'")
        }
      case .success(let output):
        #expect(
          output.notes.contains { $0.contains("can also mean") }, "\(locale) \(key): read silently, \(output.notes)")
      }
    }
  }

  /// Locale, line, and the refusal's message (exit 1 in every mode).
  static let refusals: [(String, String, String)] = [
    (
      "fr_FR.UTF-8", "5 pieds m",
      "'pieds' can mean foot (30,48 cm) or pied du roi (≈ 32,483938 cm): write 'ft' or 'pied du roi'"
    ),
    (
      "fr_FR.UTF-8", "1 pied in",
      "'pied' can mean foot (30,48 cm) or pied du roi (≈ 32,483938 cm): write 'ft' or 'pied du roi'"
    ),
    (
      "fr_CA.UTF-8", "3 PIEDS to cm",
      "'PIEDS' can mean foot (30,48 cm) or pied du roi (≈ 32,483938 cm): write 'ft' or 'pied du roi'"
    ),
    (
      "es_ES.UTF-8", "2 pulgadas cm",
      "'pulgadas' can mean inch (25,4 mm) or pulgada (≈ 23,219583 mm): write 'in' or 'Spanish inch'"
    ),
    (
      "fr_FR.UTF-8", "5 pieds",
      "'pieds' can mean foot (30,48 cm) or pied du roi (≈ 32,483938 cm): write 'ft' or 'pied du roi'"
    ),
  ]

  /// Locale, line, the line conv prints, and the note: the other side's dimension decides.
  static let decided: [(String, String, String, String)] = [
    (
      "de_DE.UTF-8", "2 Karat g", "2 ct = 0,4 g",
      "note: 'Karat' read as ct (carat), the German name; it can also mean karat, which does not convert here"
    ),
    (
      "fr_FR.UTF-8", "1 degré rad", "1 degré ≈ 0,017453293 rad",
      "note: 'degré' read as ° (degree), the French name; it can also mean °Ré (degree Réaumur), which does not convert here"
    ),
    (
      "fr_FR.UTF-8", "1 degré °C", "1 degré = 1,25 °C",
      "note: 'degré' read as °Ré (degree Réaumur); it can also mean ° (degree), which does not convert here"
    ),
    (
      "de_DE.UTF-8", "3 Dram g", "3 drams ≈ 5,3155356 g",
      "note: 'Dram' read as dr (dram); it can also mean fldr (fluid dram), which does not convert here"
    ),
  ]

  @Test("The other side's dimension decides between two meanings, and the note says so", arguments: decided)
  func decidedByOtherSide(_ locale: String, _ line: String, _ expected: String, _ note: String) throws {
    let converter = Self.converter(locale: locale)
    let output = try converter.convert(converter.request(line: line)).get()
    #expect(output.lines == [expected])
    #expect(output.notes == [note])
  }

  @Test("A name that means two units the other side both allows is refused with both", arguments: refusals)
  func refusal(_ locale: String, _ line: String, _ message: String) {
    for mode in [OutputMode.human, .terse, .json] {
      let converter = Self.converter(locale: locale, mode: mode)
      guard case .failure(let failure) = converter.convert(converter.request(line: line)) else {
        Issue.record("\(line) (\(locale), \(mode)): read")
        continue
      }
      #expect(failure.message == message, "\(mode)")
      #expect(failure.caretLines.isEmpty)
      let batch = BatchConverter(converter: converter)
      guard case .failure(let batchFailure)? = batch.convert(line: line) else {
        Issue.record("\(line) (\(locale), \(mode)): read in batch")
        continue
      }
      #expect(batchFailure.message == message)
    }
  }

  /// Locale, line, the line conv prints, and its note.
  static let readings: [(String, String, String, String)] = [
    ("de_DE.UTF-8", "5 Meilen km", "5 Meilen = 8,04672 km", "note: 'Meilen' read as mi (mile), the German name"),
    ("de_DE.UTF-8", "1 meile km", "1 meile = 1,609344 km", "note: 'meile' read as mi (mile), the German name"),
    ("de_AT.UTF-8", "3 Zoll cm", "3 Zoll = 7,62 cm", "note: 'Zoll' read as in (inch), the German name"),
    ("es_ES.UTF-8", "5 millas km", "5 millas = 8,04672 km", "note: 'millas' read as mi (mile), the Spanish name"),
    ("es_MX.UTF-8", "2 pies cm", "2 pies = 60.96 cm", "note: 'pies' read as ft (foot), the Spanish name"),
    (
      "fr_FR.UTF-8", "2 kilomètres mi", "2 kilomètres ≈ 1,2427424 mi",
      "note: 'kilomètres' read as km (kilometre), the French name"
    ),
    ("it_IT.UTF-8", "10 miglia km", "10 miglia = 16,09344 km", "note: 'miglia' read as mi (mile), the Italian name"),
    (
      "fr_FR.UTF-8", "3 mi kilomètres", "3 mi = 4,828032 km",
      "note: 'kilomètres' read as km (kilometre), the French name"
    ),
  ]

  @Test("A name read through the language is noted, and echoed as typed", arguments: readings)
  func reading(_ locale: String, _ line: String, _ expected: String, _ note: String) throws {
    let converter = Self.converter(locale: locale)
    let output = try converter.convert(converter.request(line: line)).get()
    #expect(output.lines == [expected])
    #expect(output.notes == [note])
    let batch = BatchConverter(converter: converter)
    #expect(try batch.convert(line: line)?.get() == [expected])
    #expect(batch.takeNotes() == [note])
    let json = Self.converter(locale: locale, mode: .json)
    let object = try json.convert(json.request(line: line)).get().lines.joined()
    #expect(object.contains("\"notes\":[\"\(note.dropFirst(6))\""), "\(object)")
  }

  /// Lines the catalog reads as it always has, in a locale where a word of theirs is also a name.
  static let unchanged: [(String, String, String)] = [
    ("fr_FR.UTF-8", "5 pied du roi m", "5 pieds du roi ≈ 1,6241969 m"),
    ("fr_FR.UTF-8", "2 KILOMETRES mi", "2 kilometres ≈ 1,2427424 mi"),
    ("fr_FR.UTF-8", "5 ft m", "5 ft = 1,524 m"),
    ("de_DE.UTF-8", "5 mi Kilometer", "5 mi = 8,04672 km"),
    ("de_DE.UTF-8", "5 miles km", "5 miles = 8,04672 km"),
    ("C.UTF-8", "5 pieds m", "5 pieds ≈ 1.6241969 m"),
  ]

  @Test("Names the catalog reads as the one unit they mean are read without a note", arguments: unchanged)
  func unchangedReading(_ locale: String, _ line: String, _ expected: String) throws {
    let converter = Self.converter(locale: locale)
    let output = try converter.convert(converter.request(line: line)).get()
    #expect(output.lines == [expected])
    #expect(output.notes.isEmpty)
  }

  /// Locale, a line typed in the REPL, the pair it adopts.
  static let replPairs: [(String, String, String, String)] = [
    ("de_DE.UTF-8", "5 Meilen to km", "mi", "km"),
    ("fr_FR.UTF-8", "1 degré rad", "°", "rad"),
    ("fr_FR.UTF-8", "1 degré °C", "°Ré", "°C"),
    ("es_ES.UTF-8", "3 millas m", "mi", "m"),
  ]

  @Test("The REPL adopts the reading it printed, the language's names included", arguments: replPairs)
  func replAdopts(_ locale: String, _ line: String, _ source: String, _ target: String) throws {
    var session = try #require(ReplSession(converter: Self.converter(locale: locale), mode: .script, favorites: nil))
    _ = session.handle(line)
    #expect(session.state.source.symbol == source)
    #expect(session.state.target?.symbol == target)
  }
}
