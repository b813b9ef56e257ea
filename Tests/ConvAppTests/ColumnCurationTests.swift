import ConvKit
import Testing

@testable import ConvApp

/// Issue 34: the whole column, the REPL's default pairs and completion follow the declared
/// everyday units, the user's measurement system and the input's.
@Suite("Column curation")
struct ColumnCurationTests {
  static func converter(locale: String? = nil, system: MeasurementSystem? = nil) -> Converter {
    var options = OutputOptions()
    options.locale = locale
    options.measurementSystem = system
    return Converter(catalog: .builtin, options: options)
  }

  /// The symbols (or names) of the column's rows for a quantity.
  static func rows(_ text: String, locale: String? = nil) throws -> [String] {
    let converter = converter(locale: locale)
    let quantity = try Catalog.builtin.read(converter.request(line: text), conventions: .standard).quantity
    let category = try #require(converter.columnCategory(for: quantity))
    return try converter.curatedUnits(in: category, quantity: quantity).map {
      $0.unit.symbols.isEmpty ? $0.name : $0.symbol
    }
  }

  /// Input, locale, units that must appear, units that must not.
  static let columns: [(String, String?, [String], [String])] = [
    ("1 oz", nil, ["g", "lb", "kg"], ["Planck mass", "carat point", "oz", "Da"]),
    ("1 kg", nil, ["lb", "oz", "g", "st"], ["carat point", "kg", "Planck mass"]),
    ("1 lb", "en_GB.UTF-8", ["st", "kg", "oz", "g"], ["carat point"]),
    ("60 mph", nil, ["ft/s", "km/h", "m/s", "kn"], ["ft/d", "in/h", "c", "mph"]),
    ("1 Mbps", nil, ["KiB/s", "MiB/s", "MB/s", "kbit/s"], ["DS1", "E1", "DS3", "OC-3"]),
    ("7 pH", nil, ["µM", "mM"], ["°fH", "°dH"]),
    ("12 AWG", nil, ["mm", "in", "mil"], ["km", "mi"]),
    ("1 kWh", nil, ["kJ", "MJ", "BTU", "Wh"], ["eV", "Eh", "E_P"]),
    ("1 L", nil, ["pt", "qt", "dL", "mL", "cup", "gal"], ["L", "sai", "vedro"]),
    ("1 L", "de_DE.UTF-8", ["dL", "mL", "pt"], ["Scots pint"]),
    ("5 mi", "de_DE.UTF-8", ["km", "m", "ft"], ["lP", "Roman mile"]),
    ("20 °C", nil, ["°F", "K"], ["Planck temperature", "°C"]),
    ("1e-7 m", nil, ["nm", "µm"], ["km", "mi", "ly"]),
    ("30 mpg", nil, ["L/100km", "km/L"], ["m/L"]),
    ("100 EUR", nil, ["USD", "GBP", "JPY", "CHF"], ["EUR"]),
    ("2 h", nil, ["min", "s", "d"], ["Planck time", "svedberg"]),
    ("1 GB", nil, ["MB", "GiB", "MiB"], ["nibble"]),
    ("1 atm", nil, ["psi", "kPa", "bar"], ["Ba", "atomic unit of pressure"]),
  ]

  @Test("The column shows the everyday units, never Planck, historical or telecom ones", arguments: columns)
  func column(_ text: String, _ locale: String?, _ present: [String], _ absent: [String]) throws {
    let rows = try Self.rows(text, locale: locale)
    for unit in present { #expect(rows.contains(unit), "\(text) in \(locale ?? "C"): \(unit) missing from \(rows)") }
    for unit in absent { #expect(!rows.contains(unit), "\(text) in \(locale ?? "C"): \(unit) in \(rows)") }
    #expect(rows.count <= Catalog.curatedColumnLimit)
  }

  /// Input, locale, the unit that must come first among those listed.
  static let orders: [(String, String?, String, String)] = [
    ("5 km", nil, "mi", "m"),
    ("5 km", "de_DE.UTF-8", "m", "mi"),
    ("5 mi", "fr_FR.UTF-8", "km", "yd"),
    ("70 kg", "en_GB.UTF-8", "st", "g"),
    ("1 L", "en_GB.UTF-8", "imperial pint", "mL"),
    ("1 L", "en_US.UTF-8", "cup", "mL"),
  ]

  @Test("The user's system comes first, the input's next", arguments: orders)
  func order(_ text: String, _ locale: String?, _ first: String, _ second: String) throws {
    let rows = try Self.rows(text, locale: locale)
    let a = try #require(rows.firstIndex(of: first), "\(first) not in \(rows)")
    let b = try #require(rows.firstIndex(of: second), "\(second) not in \(rows)")
    #expect(a < b, "\(text) in \(locale ?? "C"): \(rows)")
  }

  @Test(
    "Every category's column is within the limit, without its source, for each system",
    arguments: Catalog.builtin.categories.map(\.identifier))
  func everyCategory(_ identifier: String) throws {
    let catalog = Catalog.builtin
    let category = try #require(catalog.category(named: identifier))
    #expect(!category.everyday.isEmpty, "\(identifier) declares no everyday units")
    for system in MeasurementSystem.allCases {
      let column = catalog.curatedColumn(in: category, source: nil, value: nil, system: system)
      #expect(!column.isEmpty && column.count <= Catalog.curatedColumnLimit)
      #expect(!column.contains { $0.unit.name.hasPrefix("Planck") })
      let pair = ReplSession.defaultPair(catalog, category, system: system, source: nil, target: nil)
      #expect(pair?.target != nil && pair?.target != pair?.source, "\(identifier): \(String(describing: pair))")
    }
  }

  /// Category, system, the REPL's default source and target.
  static let pairs: [(String, MeasurementSystem, String, String)] = [
    ("temperature", .us, "°F", "°C"),
    ("temperature", .si, "°C", "°F"),
    ("volume", .us, "tsp", "mL"),
    ("fuel-economy", .us, "mpg", "L/100km"),
    ("length", .us, "mi", "km"),
    ("length", .si, "km", "mi"),
    ("mass", .imperial, "st", "kg"),
    ("time", .si, "h", "min"),
    ("speed", .si, "km/h", "mph"),
  ]

  @Test("The REPL opens a category on a sensible pair", arguments: pairs)
  func defaultPair(_ category: String, _ system: MeasurementSystem, _ source: String, _ target: String) throws {
    let catalog = Catalog.builtin
    let identified = try #require(catalog.category(named: category))
    let pair = try #require(ReplSession.defaultPair(catalog, identified, system: system, source: nil, target: nil))
    #expect(pair.source.symbol == source)
    #expect(pair.target?.symbol == target)
  }

  @Test(
    "Locales measure in their system",
    arguments: [
      ("en_US.UTF-8", MeasurementSystem.us), ("en_GB.UTF-8", .imperial), ("de_DE.UTF-8", .si), ("fr_FR", .si),
      ("en", .us), ("de", .si), ("my_MM", .us), ("en_AU.UTF-8", .si),
    ])
  func locales(_ locale: String, _ system: MeasurementSystem) {
    #expect(MeasurementSystem.of(locale: locale) == system)
  }

  /// A quantity typed, a prefix, completions that must and must not be offered.
  static let completions: [(String, String, [String], [String])] = [
    ("20 °C", "", ["°F", "K"], ["Δ°C", "ΔK", "1/K", "ppm/K", "°C", "℃"]),
    ("5 mi", "k", ["km"], ["kg", "kHz"]),
    ("30 mpg", "L", ["L/100km"], []),
  ]

  @Test("Completion offers only the targets the quantity converts into", arguments: completions)
  func completion(_ quantity: String, _ typed: String, _ present: [String], _ absent: [String]) throws {
    let source = try Catalog.builtin.parseQuantity(quantity)
    let offered = UnitMatcher(catalog: .builtin).completions(of: typed, convertingFrom: source).map(\.text)
    for unit in present { #expect(offered.contains(unit), "\(unit) not offered: \(offered)") }
    for unit in absent { #expect(!offered.contains(unit), "\(unit) offered") }
  }

  @Test("Settings choose the system and a category's column")
  func settings() throws {
    let (settings, problems) = Settings.parse("system = imperial\ncolumn.length = km, mi, ft\n", path: "s")
    #expect(problems.isEmpty)
    #expect(settings.system == .imperial)
    #expect(settings.columns["length"] == ["km", "mi", "ft"])
    #expect(!Settings.parse("system = metric\n", path: "s").problems.isEmpty)
    var options = OutputOptions()
    options.columnUnits = ["length": ["km", "ft", "kg"]]
    let converter = Converter(catalog: .builtin, options: options)
    let result = converter.convert(converter.request(line: "5 mi"))
    guard case .failure(let failure) = result else {
      Issue.record("a unit of another category was accepted")
      return
    }
    #expect(failure.message.contains("column.length"))
  }

  /// A locale, a line with a unit named in its language, and the line conv prints.
  static let localNames: [(String, String, String)] = [
    ("de_DE.UTF-8", "5 Meilen km", "5 Meilen = 8,04672 km"),
    ("de_DE.UTF-8", "1 meile km", "1 meile = 1,609344 km"),
    ("de_DE.UTF-8", "5 MEILEN in Kilometer", "5 MEILEN = 8,04672 km"),
    ("es_ES.UTF-8", "5 millas km", "5 millas = 8,04672 km"),
    ("fr_FR.UTF-8", "2 kilomètres mi", "2 kilomètres ≈ 1,2427424 mi"),
  ]

  @Test("The unit names conv prints in a language are read back in it", arguments: localNames)
  func localName(_ locale: String, _ line: String, _ expected: String) throws {
    let converter = Self.converter(locale: locale)
    let output = try converter.convert(converter.request(line: line)).get()
    #expect(output.lines == [expected])
  }

  @Test("In English, names are the catalog's only")
  func englishNames() {
    let converter = Self.converter()
    guard case .failure = converter.convert(converter.request(line: "5 Meilen km")) else {
      Issue.record("a German name was read in English")
      return
    }
  }
}
