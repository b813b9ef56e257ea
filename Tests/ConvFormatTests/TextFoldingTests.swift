import ConvFormat
import Testing

@Suite("TextFolding")
struct TextFoldingTests {
  @Test(
    "folding",
    arguments: [
      ("", ""),
      ("metre", "metre"),
      ("Metre", "metre"),
      ("KILOGRAM", "kilogram"),
      ("km/h", "km/h"),
      ("Ångström", "angstrom"),
      ("A\u{30A}ngstro\u{308}m", "angstrom"),  // already decomposed
      ("\u{212B}", "a"),  // ANGSTROM SIGN
      ("°C", "°c"),
      ("°F", "°f"),
      ("µm", "μm"),  // MICRO SIGN
      ("μm", "μm"),  // GREEK SMALL LETTER MU
      ("Μm", "μm"),  // GREEK CAPITAL LETTER MU
      ("Straße", "strasse"),
      ("İ", "i"),
      ("Économie", "economie"),
      ("naïve Café", "naive cafe"),
      ("m²", "m²"),  // superscripts are kept
      ("Ω", "ω"),
      ("\u{2126}", "ω"),  // OHM SIGN
      ("日本", "日本"),
      ("한국", "한국"),
    ])
  func fold(input: String, expected: String) {
    #expect(TextFolding.fold(input) == expected)
  }

  @Test("micro sign and mu fold alike, and folding is idempotent")
  func stable() {
    #expect(TextFolding.fold("\u{B5}") == TextFolding.fold("\u{3BC}"))
    for text in ["Ångström", "µ", "Straße", "°C", "ÉCU"] {
      #expect(TextFolding.fold(TextFolding.fold(text)) == TextFolding.fold(text))
    }
  }
}
