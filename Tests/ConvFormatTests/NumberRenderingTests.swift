import ConvKit
import Testing

@testable import ConvFormat

@Suite("NumberRendering without ICU")
struct NumberRenderingTests {
  /// Every style whose locale skips ICU, in every notation, grouped or not, ASCII or not.
  static let englishStyles: [NumberStyle] = [nil, "en", "en_US", "C", "POSIX", "en_US.UTF-8"].flatMap { locale in
    NumberNotation.allCases.flatMap { notation in
      [false, true].flatMap { grouping in
        [false, true].map { ascii in
          NumberStyle(locale: locale, ascii: ascii, notation: notation, grouping: grouping)
        }
      }
    }
  }

  @Test(
    "English without ICU is what ICU writes",
    arguments: [
      "0", "1", "-1", "1e1", "999", "1000", "-1000", "12345", "1234.5", "-123456.789", "1234567", "-0.03048",
      "0.000001", "999999999999", "1e12", "8e15", "1e-9", "-1.5e20", "123456789012345678901234567890",
    ])
  func englishMatchesICU(value: String) {
    for style in Self.englishStyles {
      let rendering = NumberRendering(style: style)
      #expect(rendering.isPlainEnglish)
      #expect(rendering.english(decimal(value)) == rendering.formatWithICU(decimal(value)), "\(value) \(style)")
    }
  }

  @Test("English without ICU is what ICU writes, for random digits and powers of ten")
  func englishMatchesICURandomly() {
    var state: UInt64 = 0xC0FFEE
    func next(_ bound: Int) -> Int {  // a fixed linear congruential sequence: failures reproduce
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    for _ in 0..<3_000 {
      var digits = String(next(9) + 1)
      for _ in 0..<next(20) { digits += String(next(10)) }
      let value = DecimalDigits(isNegative: next(2) == 0, digits: digits, exponent: next(61) - 30, isExact: true)
      let style = Self.englishStyles[next(Self.englishStyles.count)]
      let rendering = NumberRendering(style: style)
      #expect(rendering.english(value) == rendering.formatWithICU(value), "\(value) \(style)")
    }
  }

  @Test("English as bytes is English as a string, colour and all")
  func englishBytes() {
    var state: UInt64 = 0xB17E5
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    let styles =
      Self.englishStyles.map { style in
        var colored = style
        colored.color = true
        return colored
      } + Self.englishStyles
    for value in ["0", "1", "-1", "999", "1000", "1234.5", "-0.03048", "8e15", "1e-9", "-1.5e20"].map(decimal) {
      for style in styles {
        var bytes: [UInt8] = []
        NumberRendering(style: style).appendEnglish(value, to: &bytes)
        #expect(
          String(decoding: bytes, as: UTF8.self) == NumberRendering(style: style).english(value).styled,
          "\(value) \(style)")
      }
    }
    for _ in 0..<3_000 {
      var digits = String(next(9) + 1)
      for _ in 0..<next(20) { digits += String(next(10)) }
      let value = DecimalDigits(isNegative: next(2) == 0, digits: digits, exponent: next(61) - 30, isExact: true)
      let rendering = NumberRendering(style: styles[next(styles.count)])
      var bytes: [UInt8] = []
      rendering.appendEnglish(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == rendering.english(value).styled, "\(value) \(rendering.style)")
    }
  }

  @Test("other locales still go through ICU", arguments: ["de_DE", "fr_FR", "en_IN", "en_ZA", "ar_EG", "hi_IN"])
  func otherLocalesUseICU(locale: String) {
    let rendering = NumberRendering(style: NumberStyle(locale: locale, grouping: true))
    #expect(!rendering.isPlainEnglish)
    #expect(rendering.format(decimal("1234567.5")) == rendering.formatWithICU(decimal("1234567.5")))
  }

  @Test("the fallback for a failing ICU never groups, whatever the locale")
  func fallbackDoesNotGroup() {
    let rendering = NumberRendering(style: NumberStyle(locale: "de_DE", grouping: true))
    #expect(rendering.fallback(decimal("-1234567.25")).plain == "-1234567.25")
    #expect(rendering.fallback(decimal("-1234567.25")).anchorColumn == 8)
  }

  @Test(
    "groups of three",
    arguments: [
      ("1", "1"), ("123", "123"), ("1234", "1,234"), ("-1234", "-1,234"), ("123456", "123,456"),
      ("1234567.891", "1,234,567.891"), ("-100000.5", "-100,000.5"),
    ])
  func grouping(text: String, expected: String) {
    let number = NumberRendering(style: NumberStyle(grouping: true)).english(decimal(text))
    #expect(number.plain == expected)
    #expect(number.anchorColumn == expected.utf8.prefix { $0 != UInt8(ascii: ".") }.count)
  }

  @Test("exact numeric strings for ICU")
  func numericStrings() {
    #expect(NumberRendering.numericString(decimal("-1.5e20")) == "-15E19")
    #expect(NumberRendering.numericString(decimal("0.03048")) == "3048E-5")
    #expect(NumberRendering.numericString(decimal("0")) == "0E0")
  }

  @Test("skeletons ICU rejects give nil")
  func rejected() {
    #expect(NumberRendering(style: NumberStyle()).format(decimal("1"), unitStems: "measure-unit/length-zork") == nil)
  }
}
