import ConvFormat
import ConvKit
import Testing

@Suite("Dimmed powers of ten and display width")
struct ColorAndWidthTests {
  @Test(
    "rendering with and without colour",
    arguments: [
      ("8e15", false, false, "8 × 10¹⁵"),
      ("8e15", false, true, "8\u{1B}[2m × 10¹⁵\u{1B}[22m"),
      ("-1.5e-20", false, true, "-1.5\u{1B}[2m × 10⁻²⁰\u{1B}[22m"),
      ("8e15", true, true, "8\u{1B}[2me15\u{1B}[22m"),
      ("8e15", true, false, "8e15"),
      ("1234.5", false, true, "1234.5"),  // Nothing to dim: no escapes at all.
    ])
  func rendering(value: String, ascii: Bool, color: Bool, expected: String) {
    let number = QuantityNumberFormatter(style: NumberStyle(ascii: ascii, color: color)).format(decimal(value))
    #expect(number.styled == expected)
    #expect(number.rendered(color: color) == expected)
    #expect(number.rendered(color: false) == number.plain)
    #expect(DisplayWidth.of(number.styled) == number.displayWidth)
  }

  @Test(
    "display widths",
    arguments: [
      ("", 0),
      ("abc", 3),
      ("8 × 10¹⁵", 8),
      ("8\u{1B}[2m × 10¹⁵\u{1B}[22m", 8),
      ("\u{1B}[1;31mred\u{1B}[0m", 3),
      ("\u{1B}]8;;https://example.org\u{07}link\u{1B}]8;;\u{1B}\\", 4),
      ("1\u{202F}234,5", 7),
      ("e\u{301}", 1),  // e + combining acute
      ("Ångström", 8),
      ("A\u{30A}ngstro\u{308}m", 8),
      ("日本", 4),
      ("ｍ", 2),  // fullwidth m
      ("한국어", 6),
      ("\u{200E}-5", 2),  // left-to-right mark
      ("a\tb", 2),  // controls take no column
      ("°C", 2),
      ("µm", 2),
    ])
  func widths(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
  }
}
