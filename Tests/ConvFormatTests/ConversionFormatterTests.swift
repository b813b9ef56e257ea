import ConvFormat
import ConvKit
import Testing

/// A conversion result as one line, the public way to format one (issue 22).
@Suite("Conversion formatter")
struct ConversionFormatterTests {
  @Test(
    "Lines for people",
    arguments: [
      ("5 mi", "km", ConversionFormatter(), "5 mi = 8.04672 km"),
      ("1 m", "ft", ConversionFormatter(), "1 m ≈ 3.2808399 ft"),
      ("20 dBm", "mW", ConversionFormatter(), "20 dBm ≈ 100 mW"),
      ("1 PB", "bit", ConversionFormatter(), "1 PB = 8 × 10¹⁵ bit"),
      ("5 mi", "km", ConversionFormatter(style: NumberStyle(locale: "de_DE", grouping: true)), "5 mi = 8,04672 km"),
      ("1 m", "ft", ConversionFormatter(style: NumberStyle(ascii: true)), "1 m ~ 3.2808399 ft"),
      ("1 m", "ft", ConversionFormatter(digits: 3), "1 m ≈ 3.28 ft"),
      ("1 mi", "m", ConversionFormatter(), "1 mi = 1,609.344 m"),
      ("1 c", "m/s", ConversionFormatter(), "1 c = 299,792,458 m/s"),
    ])
  func lines(_ quantity: String, _ target: String, _ formatter: ConversionFormatter, _ expected: String) throws {
    let result = try Catalog.builtin.convert(quantity, to: target)
    #expect(formatter.string(for: result) == expected)
  }

  @Test("Names instead of symbols")
  func names() throws {
    let result = try Catalog.builtin.convert("5 mi", to: "km")
    #expect(
      ConversionFormatter(width: .long).value(of: result) == "8.04672 kilometers"
        || ConversionFormatter(width: .long).value(of: result) == "8.04672 kilometres")
  }
}
