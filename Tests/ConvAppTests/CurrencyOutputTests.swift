import ConvKit
import Testing

@testable import ConvApp

/// Issue 18 in the shared output path: money in the locale's currency format, plain numbers for
/// scripts, the rates' date named once, the stale-rates notice, batch lines as one-shot ones.
@Suite("Currency output")
struct CurrencyOutputTests {
  static func converter(
    mode: OutputMode = .human, locale: String? = nil, ascii: Bool = false,
    today: String? = nil
  ) -> Converter {
    var options = OutputOptions()
    options.mode = mode
    options.locale = locale
    options.ascii = ascii
    var converter = Converter(catalog: .builtin, options: options)
    let date = today.flatMap { CalendarDate($0) }
    converter.today = { date }
    return converter
  }

  /// A request, the locale, and the line human output gives.
  static let humanLines: [(String, String?, Bool, String)] = [
    ("1234.5 EUR to USD", nil, false, "€1,234.50 ≈ $1,391.16"),
    ("1234.5 EUR to USD", "de_DE.UTF-8", false, "1.234,50\u{00A0}€ ≈ 1.391,16\u{00A0}$"),
    ("1000 EUR to JPY", nil, false, "€1,000.00 ≈ ¥178,150"),
    ("1000 EUR to JPY", nil, true, "EUR 1,000.00 ~ JPY 178,150"),
    ("$5 to GBP", nil, false, "$5.00 ≈ £3.77"),
    // The money rule: three significant digits for an amount under one.
    ("1 IDR to EUR", nil, false, "IDR\u{00A0}1.00 ≈ €0.0000497"),
    ("1 USD to EUR", nil, false, "$1.00 ≈ €0.887"),
    ("3.50 USD/gal to EUR/L", nil, false, "3.5 USD/gal ≈ 0.8204829 EUR/L"),
    ("5 mi to km", nil, false, "5 mi = 8.04672 km"),
  ]

  @Test("Human output writes money with ICU's currency rules", arguments: humanLines)
  func humanOutput(_ line: String, _ locale: String?, _ ascii: Bool, _ expected: String) throws {
    let converter = Self.converter(locale: locale, ascii: ascii)
    let output = try converter.convert(converter.request(line: line)).get()
    #expect(output.lines == [expected])
  }

  /// A mode and the one line it prints for `100 EUR to USD`.
  static let scriptLines: [(OutputMode, String)] = [
    (.terse, "112.69"),
    (.json, #""result":112.69,"exact":false"#),
    (.json, #""rates_date":"2026-10-06","rates_source":"ECB""#),
  ]

  @Test("-t and --json print plain numbers; JSON adds the rates' date", arguments: scriptLines)
  func scriptOutput(_ mode: OutputMode, _ fragment: String) throws {
    let converter = Self.converter(mode: mode)
    let output = try converter.convert(converter.request(line: "100 EUR to USD")).get()
    #expect(output.lines.count == 1)
    #expect(output.lines[0].contains(fragment), "\(output.lines[0])")
  }

  /// Today, the mode, and the notes of `1 EUR to USD`.
  static let notes: [(String?, OutputMode, [String])] = [
    (nil, .human, ["note: rates of 2026-10-06, ECB"]),
    ("2026-11-05", .human, ["note: rates of 2026-10-06, ECB"]),
    (
      "2026-11-06", .human,
      [
        "note: rates of 2026-10-06, ECB",
        "note: the exchange rates are 31 days old (2026-10-06): run 'conv rates update'",
      ]
    ),
    ("2026-11-06", .terse, []),
    ("2026-11-06", .json, []),
    (nil, .terse, []),
  ]

  @Test(
    "The rates' date is a note in human output, and so is the notice of old rates; script output has none",
    arguments: notes)
  func ratesNotes(_ today: String?, _ mode: OutputMode, _ expected: [String]) throws {
    let converter = Self.converter(mode: mode, today: today)
    #expect(try converter.convert(converter.request(line: "1 EUR to USD")).get().notes == expected)
    #expect(try converter.convert(converter.request(line: "5 mi to km")).get().notes.isEmpty)
  }

  @Test(
    "Batch lines with money are the one-shot lines, and the date is noted once",
    arguments: [OutputMode.human, .terse])
  func batch(_ mode: OutputMode) throws {
    let converter = Self.converter(mode: mode)
    let batch = BatchConverter(converter: converter)
    for line in ["100 EUR to USD", "200 EUR to USD", "300 EUR to USD"] {
      let expected = try converter.convert(converter.request(line: line)).get().lines
      #expect(try batch.convert(line: line)?.get() == expected)
    }
    #expect(batch.takeNotes() == (mode == .human ? ["note: rates of 2026-10-06, ECB"] : []))
  }

  /// REPL lines (script mode) and a line the last one must print.
  static let replCases: [([String], String)] = [
    (["cat currency", "from USD", "to EUR", "100 USD to EUR"], "$100.00 ≈ €88.74"),
    (["cat currency", "from EUR", "100", "show"], "100 EUR (currency) is"),
    (["cat currency", "from EUR", "100", "show"], "  ≈       112.69 USD  US dollars"),
    (["money", "from GBP", "/yen", "1", "show"], "  ≈ 209.88454 JPY  Japanese yen"),
  ]

  @Test("The REPL has a currency category", arguments: replCases)
  func repl(_ lines: [String], _ expected: String) throws {
    var session = try #require(ReplSession(converter: Self.converter(), mode: .script))
    var output: [String] = []
    for line in lines { output = session.handle(line).output }
    #expect(output.contains(expected), "\(output)")
  }

  @Test(
    "The whole column names currencies in the user's language through ICU",
    arguments: [("de_DE.UTF-8", "Schweizer Franken"), ("fr_FR.UTF-8", "francs suisses"), (nil, "Swiss francs")])
  func localizedNames(_ locale: String?, _ name: String) throws {
    let converter = Self.converter(locale: locale)
    let lines = try converter.convert(converter.request(line: "100 EUR")).get().lines
    // Money-formatted (`CHF\u{00A0}93.59`, `93,59\u{00A0}CHF`), named in the user's language.
    #expect(lines.contains { $0.contains("CHF") && $0.hasSuffix(name) }, "\(lines)")
  }

  @Test(
    "Currencies named in the user's language read as their codes",
    arguments: [
      ("de_DE.UTF-8", "100 Schweizer Franken in Euro", "100,00\u{00A0}CHF ≈ 106,85\u{00A0}€"),
      ("fr_FR.UTF-8", "100 francs suisses to dollars des États-Unis", "100,00\u{00A0}CHF ≈ 120,41\u{00A0}$US"),
    ])
  func localizedInput(_ locale: String, _ line: String, _ expected: String) throws {
    let converter = Self.converter(locale: locale)
    #expect(try converter.convert(converter.request(line: line)).get().lines == [expected])
  }
}
