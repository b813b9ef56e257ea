import Testing
@testable import ConvKit

/// Issue 20: a personal units file cannot smuggle terminal escapes, invisible reordering or shell
/// substitutions into conv's output or completions through a unit's spellings.
@Suite("Spellings a units file may not hold")
struct HostileSpellingTests {
  static let hostile = [
    "x`touch /tmp/x`y", "a$(id)", "back\\slash", "esc\u{1B}]0;title\u{07}", "rtl\u{202E}gnp", "zero\u{200B}width",
    "c1\u{9B}31m", "line\u{2028}break", "private\u{E000}", "a<b", "a>b",
    // Invisible letters and marks (issue 37): `m` and `m` with one of these were two units.
    "m\u{115F}", "m\u{3164}", "m\u{FFA0}", "m\u{17B4}", "m\u{034F}", "m\u{FE0F}", "\u{3164}", "m\u{180B}", "m\u{E0100}",
  ]

  @Test("Each hostile spelling is refused, as a name, symbol or alias", arguments: hostile)
  func refused(_ spelling: String) {
    for line in ["\(spelling) | | | | m | | test", "plain | | \(spelling) | | m | | test", "plain | | | \(spelling) | m | | test"] {
      let text = "category: length\n" + line + "\n"
      let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: "units", text: text)], base: .builtin)
      #expect(diagnostics.contains { $0.message.contains("may not hold") || $0.message.contains("reserved for expressions") },
              "\(line.debugDescription): \(diagnostics)")
      // And the unit is left out (found by the units-file fuzzer: it was kept, spelling and all).
      #expect(catalog.units.count == Catalog.builtin.units.count, "\(line.debugDescription)")
      // The message itself shows the character escaped.
      #expect(!diagnostics.contains { $0.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E } })
    }
  }

  @Test("Ordinary spellings with marks still load")
  func ordinaryLoad() {
    let text = "category: length\nbeard-second | beard-seconds | bs′ | Kernighan's beard | 5 nm | | informal\n"
      + "hangul-ri | | 리 | 한국의 리 | 392.727 m | | letters that show\n" + "e-acute | | é | | 1 m | | a combining mark\n"
    let (_, diagnostics) = CatalogLoader.load([CatalogSource(path: "units", text: text)], base: .builtin)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
  }
}
