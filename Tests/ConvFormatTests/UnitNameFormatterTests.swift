import ConvFormat
import ConvKit
import Testing

@Suite("UnitNameFormatter")
struct UnitNameFormatterTests {
  static let mile = UnitDisplayNames(symbol: "mi", singular: "mile", plural: "miles", cldrID: "length-mile")
  static let kilometre = UnitDisplayNames(
    symbol: "km", singular: "kilometre", plural: "kilometres", cldrID: "length-kilometer")
  static let hertz = UnitDisplayNames(symbol: "Hz", singular: "hertz", plural: "hertz", cldrID: "frequency-hertz")
  static let furlong = UnitDisplayNames(symbol: "fur", singular: "furlong", plural: "furlongs")
  static let bogus = UnitDisplayNames(symbol: "zz", singular: "zork", plural: "zorks", cldrID: "length-zork")

  @Test("symbols by default, whatever the locale", arguments: [nil, "de_DE", "fr_FR"] as [String?])
  func symbols(locale: String?) {
    let formatter = UnitNameFormatter(style: NumberStyle(locale: locale))
    #expect(formatter.label(for: decimal("5"), unit: Self.mile) == .unit("mi"))
    #expect(formatter.label(for: decimal("1"), unit: Self.kilometre) == .unit("km"))
  }

  @Test(
    "English names: singular for exactly 1 and -1",
    arguments: [
      ("1", "mile"), ("-1", "mile"), ("5", "miles"), ("0", "miles"), ("1.5", "miles"),
      ("0.1", "miles"), ("1e1", "miles"), ("1e-9", "miles"), ("-2", "miles"),
    ])
  func english(value: String, expected: String) {
    let formatter = UnitNameFormatter(width: .long)
    #expect(formatter.label(for: decimal(value), unit: Self.mile) == .unit(expected))
    #expect(
      UnitNameFormatter(width: .long, style: NumberStyle(locale: "en_GB")).label(for: decimal(value), unit: Self.mile)
        == .unit(expected))
  }

  @Test(
    "localized quantities from ICU",
    arguments: [
      ("de_DE", "5", mile, "5 Meilen"),
      ("de_DE", "1", mile, "1 Meile"),
      ("de_DE", "8.04672", kilometre, "8,04672 Kilometer"),
      ("de_DE", "1234.5", kilometre, "1.234,5 Kilometer"),
      ("fr_FR", "5", mile, "5\u{A0}miles"),
      ("fr_FR", "1", kilometre, "1\u{A0}kilomètre"),
      ("fr_FR", "2", hertz, "2\u{A0}hertz"),
    ])
  func localized(locale: String, value: String, unit: UnitDisplayNames, expected: String) {
    let formatter = UnitNameFormatter(width: .long, style: NumberStyle(locale: locale, grouping: true))
    guard case .quantity(let quantity) = formatter.label(for: decimal(value), unit: unit) else {
      Issue.record("expected a localized quantity")
      return
    }
    #expect(quantity.plain == expected)
    #expect(quantity.exponent.isEmpty)
  }

  @Test("localized quantities keep conv's scientific notation")
  func localizedScientific() {
    let formatter = UnitNameFormatter(width: .long, style: NumberStyle(locale: "de_DE", color: true))
    guard case .quantity(let quantity) = formatter.label(for: decimal("1.5e20"), unit: Self.mile) else {
      Issue.record("expected a localized quantity")
      return
    }
    #expect(quantity.leading == "1,5")
    #expect(quantity.exponent == " × 10²⁰")
    #expect(quantity.trailing == " Meilen")
    #expect(quantity.styled == "1,5\u{1B}[2m × 10²⁰\u{1B}[22m Meilen")
    #expect(quantity.anchorColumn == 1)
  }

  @Test("English fallbacks: no CLDR id, an id ICU does not know, ASCII output")
  func fallbacks() {
    let german = UnitNameFormatter(width: .long, style: NumberStyle(locale: "de_DE"))
    #expect(german.label(for: decimal("5"), unit: Self.furlong) == .unit("furlongs"))
    #expect(german.label(for: decimal("5"), unit: Self.bogus) == .unit("zorks"))
    #expect(german.label(for: decimal("1"), unit: Self.bogus) == .unit("zork"))
    let hostile = UnitDisplayNames(symbol: "x", singular: "x", plural: "xs", cldrID: "length-mile scientific")
    #expect(german.label(for: decimal("5"), unit: hostile) == .unit("xs"))
    let ascii = UnitNameFormatter(width: .long, style: NumberStyle(locale: "fr_FR", ascii: true))
    #expect(ascii.label(for: decimal("1"), unit: Self.kilometre) == .unit("kilometre"))
  }
}
