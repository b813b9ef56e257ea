import ConvFormat
import ConvKit
import Testing

struct NumberCase: Sendable, CustomTestStringConvertible {
  var value: String
  var style: NumberStyle
  var expected: String
  var testDescription: String { "\(value) [\(style.locale ?? "nil")\(style.ascii ? " ascii" : "")] → \(expected)" }

  init(_ value: String, _ expected: String, style: NumberStyle = NumberStyle()) {
    self.value = value
    self.expected = expected
    self.style = style
  }
}

private let grouped = NumberStyle(grouping: true)
private let de = NumberStyle(locale: "de_DE", grouping: true)
private let fr = NumberStyle(locale: "fr_FR", grouping: true)
private let ascii = NumberStyle(ascii: true)
private let plain = NumberStyle(notation: .plain)
private let scientific = NumberStyle(notation: .scientific)

@Suite("QuantityNumberFormatter")
struct QuantityNumberFormatterTests {
  static let automaticCases: [NumberCase] = [
    NumberCase("0", "0"),
    NumberCase("1", "1"),
    NumberCase("-1", "-1"),
    NumberCase("1234.5", "1234.5"),
    NumberCase("-0.03048", "-0.03048"),
    NumberCase("0.1", "0.1"),
    // Already rounded up across a power of ten by the engine: digits "1", exponent 1.
    NumberCase("1e1", "10"),
    NumberCase("1e3", "1000"),
    // Window edges: 1e-6 <= |x| < 1e12 is plain.
    NumberCase("0.0001", "0.0001"),
    NumberCase("-0.0001", "-0.0001"),
    NumberCase("0.000099", "9.9 × 10⁻⁵"),
    NumberCase("0.000001", "1 × 10⁻⁶"),
    NumberCase("0.0000012427424", "1.2427424 × 10⁻⁶"),
    NumberCase("0.000015782828", "1.5782828 × 10⁻⁵"),
    NumberCase("999999999999", "999999999999"),
    NumberCase("999999999999.5", "999999999999.5"),
    NumberCase("1e12", "1 × 10¹²"),
    NumberCase("-1e12", "-1 × 10¹²"),
    // Huge and tiny.
    NumberCase("8e15", "8 × 10¹⁵"),
    NumberCase("1e-9", "1 × 10⁻⁹"),
    NumberCase("-1.5e20", "-1.5 × 10²⁰"),
    NumberCase("6.02214076e23", "6.02214076 × 10²³"),
    NumberCase("1.602176634e-19", "1.602176634 × 10⁻¹⁹"),
    NumberCase("1e100", "1 × 10¹⁰⁰"),
    NumberCase("1e-100", "1 × 10⁻¹⁰⁰"),
    // Long exact values keep every digit: no rounding through a double.
    NumberCase("0.12345678901234567890123", "0.12345678901234567890123"),
    NumberCase("12345678901.234567890123", "12345678901.234567890123"),
  ]

  @Test("automatic notation, English, no grouping", arguments: automaticCases)
  func automatic(_ c: NumberCase) {
    #expect(QuantityNumberFormatter(style: c.style).format(decimal(c.value)).plain == c.expected)
  }

  static let styledCases: [NumberCase] = [
    // English grouping.
    NumberCase("1234.5", "1,234.5", style: grouped),
    NumberCase("-1234567.125", "-1,234,567.125", style: grouped),
    NumberCase("999", "999", style: grouped),
    NumberCase("1e3", "1,000", style: grouped),
    NumberCase("999999999999", "999,999,999,999", style: grouped),
    NumberCase("-1.5e20", "-1.5 × 10²⁰", style: grouped),
    // nil, C and POSIX are plain English.
    NumberCase("1234.5", "1,234.5", style: NumberStyle(locale: "C", grouping: true)),
    NumberCase("1234.5", "1,234.5", style: NumberStyle(locale: "POSIX", grouping: true)),
    NumberCase("1234.5", "1234.5", style: NumberStyle(locale: "en_US")),
    NumberCase("1234.5", "1,234.5", style: NumberStyle(locale: "C.UTF-8", grouping: true)),
    NumberCase("1234.5", "1.234,5", style: NumberStyle(locale: "de_DE.UTF-8@euro", grouping: true)),
    // German.
    NumberCase("1234.5", "1.234,5", style: de),
    NumberCase("-1234567.125", "-1.234.567,125", style: de),
    NumberCase("1234.5", "1234,5", style: NumberStyle(locale: "de_DE")),
    NumberCase("-1.5e20", "-1,5 × 10²⁰", style: de),
    NumberCase("1.5e-20", "1,5 × 10⁻²⁰", style: de),
    NumberCase("0.0001", "0,0001", style: de),
    // French: ICU's narrow no-break space U+202F groups digits.
    NumberCase("1234.5", "1\u{202F}234,5", style: fr),
    NumberCase("-1234567.125", "-1\u{202F}234\u{202F}567,125", style: fr),
    NumberCase("1234.5", "1234,5", style: NumberStyle(locale: "fr_FR")),
    NumberCase("1.5e20", "1,5 × 10²⁰", style: fr),
    // ASCII.
    NumberCase("8e15", "8e15", style: ascii),
    NumberCase("1e-9", "1e-9", style: ascii),
    NumberCase("-1.5e20", "-1.5e20", style: ascii),
    NumberCase("1234.5", "1234.5", style: ascii),
    NumberCase("1234.5", "1 234,5", style: NumberStyle(locale: "fr_FR", ascii: true, grouping: true)),
    NumberCase("-1.5e20", "-1,5e20", style: NumberStyle(locale: "fr_FR", ascii: true, grouping: true)),
    NumberCase("1234.5", "1.234,5", style: NumberStyle(locale: "de_DE", ascii: true, grouping: true)),
    // Forced notations.
    NumberCase("8e15", "8000000000000000", style: plain),
    NumberCase("1e-9", "0.000000001", style: plain),
    NumberCase("8e15", "8,000,000,000,000,000", style: NumberStyle(notation: .plain, grouping: true)),
    NumberCase("1234.5", "1.2345 × 10³", style: scientific),
    NumberCase("5", "5 × 10⁰", style: scientific),
    NumberCase("-0.25", "-2.5 × 10⁻¹", style: scientific),
    NumberCase("0", "0", style: scientific),
    NumberCase("1e1", "1e1", style: NumberStyle(ascii: true, notation: .scientific)),
  ]

  @Test("locales, grouping, ASCII and forced notations", arguments: styledCases)
  func styled(_ c: NumberCase) {
    #expect(QuantityNumberFormatter(style: c.style).format(decimal(c.value)).plain == c.expected)
  }

  @Test(
    "ASCII output has no byte above 0x7F", arguments: ["fr_FR", "de_CH", "sv_SE", "ar_EG", "fa_IR", "hi_IN", "ja_JP"])
  func asciiOnly(locale: String) {
    let style = NumberStyle(locale: locale, ascii: true, grouping: true)
    let formatter = QuantityNumberFormatter(style: style)
    for value in ["-1234567.125", "-1.5e20", "1e-9", "0.5"] {
      let text = formatter.format(decimal(value)).plain
      #expect(text.utf8.allSatisfy { $0 < 0x80 }, "\(locale) \(value): \(text)")
      #expect(text.contains { $0.isNumber })
    }
  }

  @Test("terse output never groups, whatever the locale", arguments: ["en", "de_DE", "fr_FR", "de_CH", "hi_IN"])
  func terseNeverGroups(locale: String) {
    let text = QuantityNumberFormatter(style: NumberStyle(locale: locale)).format(decimal("-12345678.5")).plain
    #expect(text.unicodeScalars.filter { $0.properties.numericType != nil }.count == 9)
    #expect(text.unicodeScalars.count == 11, "\(text)")
  }

  @Test("the parts of a number")
  func parts() {
    let number = QuantityNumberFormatter(style: NumberStyle(locale: "de_DE")).format(decimal("-1.5e20"))
    #expect(number.leading == "-1,5")
    #expect(number.exponent == " × 10²⁰")
    #expect(number.trailing == "")
    #expect(number.anchorColumn == 2)
    #expect(number.displayWidth == 11)
  }

  @Test(
    "anchor columns",
    arguments: [
      ("1234.5", NumberStyle(grouping: true), 5),
      ("1234", NumberStyle(grouping: true), 5),
      ("-0.5", NumberStyle(), 2),
      ("-1.5e20", NumberStyle(), 2),
      ("8e15", NumberStyle(), 1),
      ("1234.5", NumberStyle(locale: "fr_FR", grouping: true), 5),
    ])
  func anchors(value: String, style: NumberStyle, column: Int) {
    #expect(QuantityNumberFormatter(style: style).format(decimal(value)).anchorColumn == column)
  }

  @Test("automatic window constants")
  func window() {
    #expect(NumberNotation.automaticPlainExponents == -4...11)
    #expect(NumberNotation.smallestAutomaticPlainExponent == -4)
    #expect(NumberNotation.largestAutomaticPlainExponent == 11)
  }

  @Test("formatting from many threads at once gives the same text")
  func concurrent() async {
    let formatter = QuantityNumberFormatter(style: NumberStyle(locale: "de_DE", grouping: true))
    let results = await withTaskGroup(of: String.self) { group in
      for _ in 0..<64 {
        group.addTask { formatter.format(decimal("-1234567.125")).plain }
      }
      return await group.reduce(into: [String]()) { $0.append($1) }
    }
    #expect(results.count == 64)
    #expect(results.allSatisfy { $0 == "-1.234.567,125" })
  }
}
