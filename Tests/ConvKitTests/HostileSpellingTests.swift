import Testing

@testable import ConvKit

/// Issue 20: a personal units file cannot smuggle terminal escapes, invisible reordering or shell
/// substitutions into conv's output or completions through a unit's spellings.
@Suite("Spellings a units file may not hold")
struct HostileSpellingTests {
  static let hostile = [
    "x`touch /tmp/x`y", "a$(id)", "back\\slash", "esc\u{1B}]0;title\u{07}", "rtl\u{202E}gnp", "zero\u{200B}width",
    "c1\u{9B}31m", "line\u{2028}break", "private\u{E000}", "a<b", "a>b",
    // Shell characters (issue 33): `fooq & rm -rf victim & x` ran its command once completed.
    "fooq & rm -rf victim & x", "a&b", "it's", "say\"hi\"", "{x}", "a!b", "~home", "what?x", "[x", "x]",
    // Invisible letters and marks (issue 37): `m` and `m` with one of these were two units.
    "m\u{115F}", "m\u{3164}", "m\u{FFA0}", "m\u{17B4}", "m\u{034F}", "m\u{FE0F}", "\u{3164}", "m\u{180B}", "m\u{E0100}",
  ]

  @Test("Each hostile spelling is refused, as a name, symbol or alias", arguments: hostile)
  func refused(_ spelling: String) {
    for line in [
      "\(spelling) | | | | m | | test", "plain | | \(spelling) | | m | | test", "plain | | | \(spelling) | m | | test",
    ] {
      let text = "category: length\n" + line + "\n"
      let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: "units", text: text)], base: .builtin)
      #expect(
        diagnostics.contains { $0.message.contains("may not hold") || $0.message.contains("reserved for expressions") },
        "\(line.debugDescription): \(diagnostics)")
      // And the unit is left out (found by the units-file fuzzer: it was kept, spelling and all).
      #expect(catalog.units.count == Catalog.builtin.units.count, "\(line.debugDescription)")
      // The message itself shows the character escaped.
      #expect(
        !diagnostics.contains { $0.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E } })
    }
  }

  @Test("Ordinary spellings with marks still load")
  func ordinaryLoad() {
    let text =
      "category: length\nbeard-second | beard-seconds | bs′ | Kernighan’s beard | 5 nm | | informal\n"
      + "hangul-ri | | 리 | 한국의 리 | 392.727 m | | letters that show\n" + "e-acute | | é | | 1 m | | a combining mark\n"
    let (_, diagnostics) = CatalogLoader.load([CatalogSource(path: "units", text: text)], base: .builtin)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
  }
}

/// Issue 37: files written on Windows or by editors that add a byte-order mark read as the same
/// file with line feeds; line numbers stay those the editor shows.
@Suite("CRLF and byte-order marks in files people edit")
struct FileLinesTests {
  static let unitFile =
    "category: length\nbeard-second | beard-seconds | | | 5 nm | | informal\n# note\nyardling | yardlings | | | 0.9144 m | | test\n"

  /// The same file written three other ways.
  static let variants: [(String, String)] = [
    ("CRLF", unitFile.replacing("\n", with: "\r\n")),
    ("BOM", "\u{FEFF}" + unitFile),
    ("BOM and CRLF", "\u{FEFF}" + unitFile.replacing("\n", with: "\r\n")),
    ("mixed", unitFile.replacing("informal\n", with: "informal\r\n")),
  ]

  @Test("A units file with CRLF line ends or a byte-order mark loads as with line feeds", arguments: variants)
  func unitsFile(_ name: String, _ text: String) throws {
    let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: "units", text: text)], base: .builtin)
    #expect(diagnostics.isEmpty, "\(name): \(diagnostics)")
    #expect(try catalog.convert("1 cm", to: "beard-second").rational == Rational(2_000_000), "\(name)")
    #expect(try catalog.convert("1 yardling", to: "m").isExact, "\(name)")
  }

  @Test("Line numbers count CRLF lines as one each")
  func lineNumbers() {
    let text = "category: length\r\n\r\nnot a unit line\r\n"
    let (_, diagnostics) = CatalogLoader.load([CatalogSource(path: "units", text: text)], base: .builtin)
    #expect(diagnostics.map(\.line) == [3], "\(diagnostics)")
  }

  @Test(
    "Lines: LF, CRLF, a leading byte-order mark, empty lines kept",
    arguments: [
      ("a\nb", ["a", "b"]), ("a\r\nb\r\n", ["a", "b", ""]), ("\u{FEFF}a\n\nb", ["a", "", "b"]), ("", [""]),
      ("a\rb", ["a\rb"]), ("x\u{FEFF}", ["x\u{FEFF}"]),
    ])
  func lines(_ text: String, _ expected: [String]) {
    #expect(text.fileLines.map(String.init) == expected)
  }
}
