import ConvApp
import ConvFormat
import ConvKit
import Testing

@Suite("REPL layout")
struct ReplLayoutTests {
  static let sizes: [(Int, Int)] = [(120, 40), (80, 24), (60, 12), (40, 8), (30, 5), (20, 3), (100, 2), (12, 1)]

  @Test("the screen fills exactly width × height, in every view", arguments: sizes)
  func fits(_ width: Int, _ height: Int) {
    for color in [false, true] {
      for lines in [["from mi", "to km", "5"], ["from mi", "/nau"], ["help"], ["cat"], ["/zzz"], ["5 mi to km"]] {
        let (session, outcome) = ReplTestCatalog.run(lines, color: color)
        let screen = session.screen(width: width, height: height, messages: outcome.output + outcome.errors)
        #expect(screen.count == height, "\(lines) at \(width)×\(height)")
        for line in screen {
          #expect(DisplayWidth.of(line) == width, "\(lines) at \(width)×\(height): '\(ReplText.plain(line))'")
        }
      }
    }
  }

  @Test("the current pair sits on the middle row of both columns")
  func centered() {
    let (session, _) = ReplTestCatalog.run(["from mi", "to km", "5"])
    let screen = session.screen(width: 100, height: 21).map(ReplText.plain)
    let body = Array(screen[1..<(screen.count - 1)])
    let middle = body[(body.count - 1) / 2]
    #expect(middle.hasPrefix("▸ mi"))
    #expect(middle.contains("│ ▸ = ") && middle.contains(" 8.04672 "))
    #expect(middle.contains(" km ") && middle.contains("kilometres"))
    #expect(screen[0].contains("Length") && screen[0].contains("5 mi = 8.04672 km"))
  }

  @Test("two columns, source excluded on the right, filter applied to both")
  func twoColumns() {
    let (session, _) = ReplTestCatalog.run(["from mi", "to m", "/nau"])
    let screen = session.screen(width: 90, height: 15).map(ReplText.plain)
    let rows = screen.filter { $0.contains("│") }
    #expect(rows.count == 13)
    let left = rows.map { String($0.split(separator: "│", omittingEmptySubsequences: false)[0]) }
    let right = rows.map { String($0.split(separator: "│", omittingEmptySubsequences: false)[1]) }
    #expect(left.contains { $0.contains("nmi") && $0.contains("nautical mile") })
    #expect(right.contains { $0.contains("nmi") && $0.contains("nautical miles") })
    #expect(!right.contains { $0.contains(" mi ") || $0.contains("miles") && !$0.contains("nautical") })
    for hidden in ["ft ", "yd ", "inch", "fathom", "ångström"] {
      #expect(!left.contains { $0.contains(hidden) }, "\(hidden) filtered out on the left")
      #expect(!right.contains { $0.contains(hidden) }, "\(hidden) filtered out on the right")
    }
    #expect(screen[0].contains("/nau: 1 of 8"))
  }

  struct CutCase: Sendable {
    let height: Int
    let above: Int?
    let below: Int?
  }

  @Test(
    "a cut list says how many more",
    arguments: [
      // 5 body rows, pair on row 2: left shows yd, fathom, nmi below "6 more above"; right shows in,
      // ft and m over "5 more" (common units first: in ft m mi, then Å yd fathom).
      CutCase(height: 7, above: 6, below: 5),
      CutCase(height: 9, above: 5, below: 4),
      CutCase(height: 40, above: nil, below: nil),
    ])
  func more(_ test: CutCase) {
    // Left column: in ft m mi Å yd fathom nmi, source nmi (last): everything else is above it.
    let (session, _) = ReplTestCatalog.run(["from nmi", "to in"])
    let screen = session.screen(width: 80, height: test.height).map(ReplText.plain)
    let body = screen.dropFirst().dropLast()
    let left = body.map { String($0.split(separator: "│", omittingEmptySubsequences: false)[0]) }
    if let above = test.above {
      #expect(left.first?.contains("… \(above) more above") == true, "\(left)")
    } else {
      #expect(!left.contains { $0.contains("more") })
    }
    let right = body.map { String($0.split(separator: "│", omittingEmptySubsequences: false)[1]) }
    if let below = test.below {
      #expect(right.last?.contains("… \(below) more") == true, "\(right)")
    }
  }

  @Test("the column window counts hidden items on its first and last rows")
  func window() {
    // 20 items, item 10 selected, 7 rows, centre row 3: items 7…13 fit; row 0 and row 6 are counts.
    let columns = ReplColumns(
      sources: (0..<20).map { ReplColumns.Row(key: "\($0)", symbol: "u\($0)", name: "unit \($0)", matches: true) },
      sourceIndex: 10,
      destinations: (0..<20).map {
        ReplColumns.Destination(
          row: ReplColumns.Row(key: "\($0)", symbol: "u\($0)", name: "unit \($0)", matches: true),
          value: ReplColumns.Value(
            relation: "=", number: FormattedNumber(leading: "\($0).5", anchorColumn: "\($0)".count), name: "units"))
      },
      targetIndex: 19, matching: 20, total: 20)
    let lines = ReplLayout.columns(columns, rows: 7, width: 60, style: ReplStyle(color: false, ascii: false))
      .map(ReplText.plain)
    #expect(lines.count == 7)
    #expect(lines[0].hasPrefix("  … 8 more above"))
    #expect(lines[3].hasPrefix("▸ u10"))
    #expect(lines[6].hasPrefix("  … 7 more"))
    #expect(lines[3].contains("▸ = 19.5 u19"))
    #expect(lines[4].hasSuffix(String(repeating: " ", count: 20)))
    // Numbers line up on the decimal separator.
    let dots = lines[1...3].compactMap { line in
      line.split(separator: "│")[1].firstIndex(of: ".").map {
        line.split(separator: "│")[1].distance(from: line.split(separator: "│")[1].startIndex, to: $0)
      }
    }
    #expect(Set(dots).count == 1)
  }

  @Test("the highlight uses reverse video in the accent colour, and no escape at all without colour")
  func highlight() {
    let lines = ["from mi", "to km", "5"]
    let (colored, _) = ReplTestCatalog.run(lines, color: true)
    let screen = colored.screen(width: 100, height: 20, accent: "38;5;208").joined(separator: "\n")
    #expect(screen.contains("\u{1B}[7;38;5;208m▸ mi"))
    #expect(screen.contains("\u{1B}[7;38;5;208m▸ =       8.04672        km   kilometres"))
    #expect(screen.contains("\u{1B}[1;38;5;208mLength"))
    let (plain, _) = ReplTestCatalog.run(lines, color: false)
    let text = plain.screen(width: 100, height: 20).joined(separator: "\n")
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains("▸ mi"))
    #expect(text.contains("▸ =       8.04672        km   kilometres"))
  }

  @Test("ASCII mode draws with ASCII only")
  func ascii() {
    var session = ReplTestCatalog.session(ascii: true)
    _ = session.handle("from nmi")
    _ = session.handle("to Å")
    let text = session.screen(width: 80, height: 8).joined()
    #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(text.contains("... "))
  }

  @Test("messages go under the footer and are cut with a count")
  func messages() {
    let (session, _) = ReplTestCatalog.run([])
    let messages = (1...30).map { "message \($0)" }
    let screen = session.screen(width: 50, height: 20, messages: messages).map(ReplText.plain)
    #expect(screen.count == 20)
    #expect(screen.contains { $0.hasPrefix("message 1 ") })
    #expect(screen.last?.contains("more lines") == true)
  }

  @Test("favorites view: every favorite with the current value, current pair highlighted")
  func favoritesView() {
    let store = MemoryFavorites(["mi -> km", "lb -> kg", "°F -> °C"])
    let (session, _) = ReplTestCatalog.run(["from mi", "to km", "5", "favs"], color: true, favorites: store)
    let screen = session.screen(width: 80, height: 12, accent: "33")
    let plain = screen.map(ReplText.plain)
    #expect(plain[0].contains("Favorites"))
    #expect(plain[1].hasPrefix("▸ 1  5 mi =   8.04672   km"))
    #expect(plain[2].hasPrefix("  2  5 lb ≈   2.2679618 kg"))
    #expect(plain[3].hasPrefix("  3  5 °F = -15         °C"))
    #expect(screen.contains { $0.hasPrefix("\u{1B}[7;33m▸ 1  5 mi") })
  }
}
