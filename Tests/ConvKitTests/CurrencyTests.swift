import Testing

@testable import ConvKit

/// Issue 18 at the engine level: the ECB rates format, dates, currencies as units, and the signs.
@Suite("Currencies")
struct CurrencyTests {
  /// An ECB daily document with the given day and rate lines.
  static func document(date: String = "2026-11-20", rates: String = "<Cube currency='USD' rate='1.2'/>") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
    \t<gesmes:subject>Reference rates</gesmes:subject>
    \t<Cube>
    \t\t<Cube time='\(date)'>
    \t\t\t\(rates)
    \t\t</Cube>
    \t</Cube>
    </gesmes:Envelope>
    """
  }

  @Test("The built-in snapshot is the ECB's file of 2026-10-06, read by the same parser")
  func builtinSnapshot() throws {
    let rates = try #require(Catalog.builtin.exchangeRates)
    #expect(rates.date.description == "2026-10-06")
    #expect(rates.source == "ECB")
    #expect(rates.rates.count == 29)
    #expect(rates.perEuro("USD") == Rational(decimalLiteral: "1.1269"))
    #expect(rates.codes.first == "EUR")
  }

  /// A document and the reason it is refused (nil: accepted).
  static let documents: [(String, String, String?)] = [
    ("good", document(), nil),
    ("two rates", document(rates: "<Cube currency='USD' rate='1.2'/><Cube currency=\"JPY\" rate=\"170\"/>"), nil),
    ("truncated", String(document().prefix(200)), "not well-formed"),
    ("unclosed root", String(document().dropLast(20)), "not well-formed"),
    ("mismatched", document().replacing("</gesmes:Envelope>", with: "</Envelope>"), "not well-formed"),
    ("not XML", "<html><body>Not found</body></html>", "not the ECB"),
    ("HTML error page", "<!DOCTYPE html><html>", "not well-formed"),
    ("empty", "", "not well-formed"),
    ("no date", document().replacing("time='2026-11-20'", with: ""), "no date"),
    ("bad date", document(date: "2026-02-30"), "bad date"),
    ("zero rate", document(rates: "<Cube currency='USD' rate='0'/>"), "positive"),
    ("negative rate", document(rates: "<Cube currency='USD' rate='-1.2'/>"), "positive"),
    ("text rate", document(rates: "<Cube currency='USD' rate='abc'/>"), "positive"),
    ("no rates", document(rates: ""), "no rates"),
    ("bad code", document(rates: "<Cube currency='usd' rate='1.2'/>"), "bad currency code"),
    ("duplicate", document(rates: "<Cube currency='USD' rate='1.2'/><Cube currency='USD' rate='1.3'/>"), "twice"),
    ("oversize", document(rates: String(repeating: "<!-- padding -->", count: 5000)), "larger than"),
    (
      "nested 8 deep", document(rates: "<a><b><c><d><Cube currency='USD' rate='1.2'/></d></c></b></a>"),
      "outside the day"
    ),
    (
      "nested 9 deep", document(rates: "<a><b><c><d><e><f></f></e></d></c></b></a><Cube currency='USD' rate='1.2'/>"),
      "nested more than 8 deep"
    ),
    (
      "nested 9,000 deep",
      document(rates: String(repeating: "<a>", count: 9_000) + String(repeating: "</a>", count: 9_000)),
      "nested more than 8 deep"
    ),
    ("rate of 16 characters", document(rates: "<Cube currency='USD' rate='1.12345678901234'/>"), nil),
    (
      "rate of 17 characters", document(rates: "<Cube currency='USD' rate='1.123456789012345'/>"),
      "more than 16 characters"
    ),
    (
      "rate of 60,000 digits",
      document(rates: "<Cube currency='USD' rate='1.\(String(repeating: "7", count: 60_000))'/>"),
      "more than 16 characters"
    ),
  ]

  /// Documents refused with their own text in the reason: a line break in an end tag (a fuzz
  /// finding), an escape sequence in a date, a date of 5,000 characters.
  static let echoingDocuments = [
    document().replacing("\t</Cube>\n</gesmes:Envelope>", with: "\t</Cube~\n</gesmes:Envelope>"),
    document(date: "2026-11-20\u{1B}[2J"),
    document(date: String(repeating: "x", count: 5_000)),
  ]

  @Test("A refusal is one printable line of bounded length, whatever the document holds", arguments: echoingDocuments)
  func printableRefusal(_ text: String) {
    do throws(ExchangeRatesError) {
      _ = try ExchangeRates(ecbDocument: text)
      Issue.record("accepted: \(text.debugDescription)")
    } catch {
      #expect(
        !error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
        "\(error.message.debugDescription)")
      #expect(error.message.count <= ExchangeRatesError.maximumLength + 1)
    }
  }

  @Test("ECB documents: well-formed, dated, positive rates, a size cap", arguments: documents)
  func ecbDocuments(_ name: String, _ text: String, _ refusal: String?) {
    do {
      let rates = try ExchangeRates(ecbDocument: text)
      #expect(refusal == nil, "\(name) was accepted")
      #expect(rates.date == CalendarDate("2026-11-20"))
    } catch {
      #expect(refusal.map { error.message.contains($0) } ?? false, "\(name): \(error.message)")
    }
  }

  /// Dates: text, whether valid, days since 1970-01-01.
  static let dates: [(String, Int?)] = [
    ("1970-01-01", 0), ("2026-10-06", 20_732), ("2000-02-29", 11_016), ("2024-12-31", 20_088),
    ("2026-02-29", nil), ("2026-13-01", nil), ("26-10-06", nil), ("2026-1-06", nil), ("2026-10-06x", nil),
  ]

  @Test("Calendar dates read ISO 8601 days and count days", arguments: dates)
  func calendarDates(_ text: String, _ days: Int?) {
    let date = CalendarDate(text)
    #expect(date?.daysSinceEpoch == days)
    if let days {
      #expect(CalendarDate(daysSinceEpoch: days).description == text)
    }
  }

  /// A conversion and its rounded result (8 significant digits).
  static let conversions: [(String, String, String)] = [
    ("1 EUR", "USD", "1.1269"),
    ("100 usd", "eur", "88.739019"),
    ("$5", "EUR", "4.4369509"),
    ("5 $", "€", "4.4369509"),
    ("€3.50", "GBP", "2.9708"),
    ("-$5", "EUR", "-4.4369509"),
    ("¥1000", "USD", "6.3255683"),
    ("US$20", "EUR", "17.747804"),
    ("1 £", "EUR", "1.1781338"),
    ("1 pound sterling", "EUR", "1.1781338"),
    ("3.50 USD/gal", "EUR/L", "0.8204829"),
    ("0.30 EUR/kWh", "USD/MWh", "338.07"),
    ("20 EUR/h", "USD/yr", "197568.11"),
    ("1 C$", "USD", "0.70176859"),
    ("1 ₹", "JPY", "1.6394951"),
  ]

  @Test("Currencies convert, alone and in compound units, always approximately", arguments: conversions)
  func currencyConversions(_ quantity: String, _ target: String, _ expected: String) throws {
    let result = try Catalog.builtin.convert(quantity, to: target)
    #expect(result.rational.rounded(significantDigits: 8).plainString == expected)
    #expect(!result.isExact)
  }

  @Test(
    "pound stays the mass; kr, dollar and peso are refused with the choices",
    arguments: [
      ("1 pound", "kg", nil), ("100 kr", "EUR", "Swedish krona (SEK)"),
      ("1 dollar", "EUR", "Canadian dollar (CAD)"), ("2 pesos", "EUR", "Mexican peso (MXN)"),
    ])
  func signsAndNames(_ quantity: String, _ target: String, _ choice: String?) {
    do {
      let result = try Catalog.builtin.convert(quantity, to: target)
      #expect(choice == nil)
      #expect(result.isExact)
    } catch {
      #expect(choice.map { error.message.contains($0) } ?? false, "\(error.message)")
    }
  }

  @Test("Newer rates replace the snapshot's, older ones do not")
  func newerRatesWin() throws {
    let newer = try ExchangeRates(
      ecbDocument: Self.document(date: "2026-11-20", rates: "<Cube currency='USD' rate='1.25'/>"))
    let older = try ExchangeRates(
      ecbDocument: Self.document(date: "2026-01-02", rates: "<Cube currency='USD' rate='2'/>"))
    let updated = Catalog.builtin.replacingExchangeRates { newer }
    #expect(try updated.convert("1 EUR", to: "USD").rational == Rational(decimalLiteral: "1.25"))
    #expect(updated.exchangeRates?.date.description == "2026-11-20")
    // A currency the newer rates lack keeps the snapshot's rate.
    #expect(try updated.convert("1 EUR", to: "JPY").rational == Rational(decimalLiteral: "178.15"))
    let stale = Catalog.builtin.replacingExchangeRates { older }
    #expect(try stale.convert("1 EUR", to: "USD").rational == Rational(decimalLiteral: "1.1269"))
    #expect(stale.exchangeRates?.date.description == "2026-10-06")
  }

  /// Quantity, target, and whether the answer is at the snapshot's rates, with newer rates quoting
  /// USD (1.25) and GBP (0.9) only: a cross rate comes from one publication.
  static let onePublication: [(String, String, Bool)] = [
    ("100 CZK", "USD", true), ("100 USD", "CZK", true), ("100 CZK", "EUR", true), ("100 EUR", "JPY", true),
    ("100 JPY", "HUF", true), ("3 CZK/kg", "USD/lb", true), ("1 USD/kWh", "CZK/MWh", true),
    ("100 USD", "GBP", false), ("100 EUR", "USD", false), ("2 USD/gal", "GBP/L", false), ("1 GBP", "EUR", false),
  ]

  @Test("A conversion is made at one publication's rates, and the result says which", arguments: onePublication)
  func onePublicationPerAnswer(_ quantity: String, _ target: String, _ atSnapshot: Bool) throws {
    let newer = try ExchangeRates(
      ecbDocument: Self.document(
        date: "2026-11-20", rates: "<Cube currency='USD' rate='1.25'/><Cube currency='GBP' rate='0.9'/>"))
    let updated = Catalog.builtin.replacingExchangeRates { newer }
    let result = try updated.convert(quantity, to: target)
    let reference = atSnapshot ? Catalog.builtin : Catalog.builtin.replacingExchangeRates { newer }
    #expect(result.exchangeRates?.date.description == (atSnapshot ? "2026-10-06" : "2026-11-20"))
    if atSnapshot { #expect(result.rational == (try reference.convert(quantity, to: target)).rational) }
    // The same pair read apart (a whole column's row, a favorite) takes the same rates.
    let apart = try updated.convert(try updated.parseQuantity(quantity), to: try updated.parseUnit(target))
    #expect(apart.rational == result.rational)
    #expect(apart.exchangeRates?.date == result.exchangeRates?.date)
  }

  @Test("Every prefix of the ECB's file, and the file with any one byte replaced, is read or refused, never a trap")
  func truncationsAndMutations() throws {
    let text = try #require(Catalog.builtin.exchangeRates?.document)
    let bytes = Array(text.utf8)
    var accepted = 0
    for length in 0..<bytes.count {
      if (try? ExchangeRates(ecbDocument: String(decoding: bytes[..<length], as: UTF8.self))) != nil { accepted += 1 }
    }
    // Only a prefix that keeps every element closed can be read: the whole file less trailing space.
    #expect(accepted <= 2)
    for position in stride(from: 0, to: bytes.count, by: 3) {
      for replacement in [UInt8(ascii: "<"), UInt8(ascii: "'"), UInt8(ascii: ">"), UInt8(ascii: "-"), 0xFF] {
        var mutated = bytes
        mutated[position] = replacement
        _ = try? ExchangeRates(ecbDocument: String(decoding: mutated, as: UTF8.self))
      }
    }
  }
}
