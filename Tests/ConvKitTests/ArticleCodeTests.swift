import Foundation
import Testing
import ConvKit

/// The code of the DocC articles (Sources/ConvKit/ConvKit.docc), compiled and run: each test holds
/// one article block verbatim, and `articlesMatch` checks that every block of the articles is
/// here, line for line, so an article cannot drift from code that compiles.
@Suite("Documentation articles")
struct ArticleCodeTests {
  @Test("Getting started: convert a value")
  func convertAValue() throws {
    let catalog = Catalog.builtin
    let marathon = try catalog.convert("26.2 mi", to: "km")
    let kilometres = marathon.rational.terminatingDecimal?.plainString  // "42.1648128"
    let isExact = marathon.isExact                                       // true
    #expect(kilometres == "42.1648128" && isExact)  // check
    do {
      _ = try catalog.convert("5 mi", to: "kg")
    } catch {
      print(error.message)  // cannot convert mi to kg: length vs mass
    }
    #expect { _ = try catalog.convert("5 mi", to: "kg") } throws: { error in  // check
      (error as? ConvError)?.message == "cannot convert mi to kg: length vs mass"  // check
    }  // check
  }

  @Test("Getting started: convert many values, browse, add units")
  func manyValues() throws {
    let catalog = Catalog.builtin
    let economy = try catalog.conversion(from: "mpg", to: "L/100km")
    let consumption = [20.0, 30.0, 40.0].map(economy.convert)  // 11.76…, 7.84…, 5.88…
    #expect(abs(consumption[1] - 7.840486111111111) < 1e-12)  // check

    let length = catalog.category(named: "length")!
    let common = catalog.units(in: length).filter(\.isCommon).map(\.name)  // inch, foot, yard, mile, …
    let ounce = try catalog.lookup("fl oz")
    let ounceName = ounce.name                                              // "fluid ounce"
    #expect(common.contains("mile") && ounceName == "fluid ounce")  // check

    let text = """
      category: length
      beard-second | beard-seconds | | | 5 nm | | informal
      """
    let (extended, problems) = CatalogLoader.load([CatalogSource(path: "units", text: text)], base: catalog)
    let beard = try extended.convert("1 cm", to: "beard-second").rational  // 2000000
    let clean = problems.isEmpty                                           // true
    #expect(beard == Rational(2_000_000) && clean)  // check
  }

  @Test("Exactness")
  func exactness() throws {
    let inch = try Catalog.builtin.convert("1 in", to: "mm")
    let inchExact = inch.isExact                                    // true: 25.4 mm
    let metre = try Catalog.builtin.convert("1 m", to: "ft")
    let metreFraction = metre.rational                              // 1250/381, exact
    let metreDigits = metre.rational.rounded(significantDigits: 8)  // 3.2808399, rounded: shown with ≈
    #expect(inchExact && metreFraction == Rational(1250) / Rational(381))  // check
    #expect(metreDigits.plainString == "3.2808399" && !metreDigits.isExact, "\(metreDigits.plainString)")  // check

    let turn = try Catalog.builtin.convert("1 rev", to: "°")
    let turnExact = turn.isExact                                   // true: 360
    let radian = try Catalog.builtin.convert("1 rad", to: "°")
    let radianPiPower = radian.value.piPower                       // -1: 180/π
    let radianSymbolic = radian.isSymbolicallyExact                // true: exact as 180/π
    #expect(turnExact && radianPiPower == -1 && radianSymbolic)  // check

    let power = try Catalog.builtin.convert("20 dBm", to: "mW")
    let powerExact = power.isExact                                 // false: ≈ 100
    #expect(!powerExact)  // check
  }

  @Test("README: using ConvKit from another package")
  func readme() throws {
    let catalog = Catalog.builtin

    // One conversion, exact: 5 mi is exactly 8.04672 km.
    let result = try catalog.convert("5 mi", to: "km")
    print(result.rational, result.isExact)                 // 25146/3125 true
    print(result.rational.terminatingDecimal!.plainString)  // 8.04672
    #expect(result.rational.description == "25146/3125" && result.isExact)  // check

    // Rounded for display, and the relation to print.
    let digits = try catalog.convert("100 °F", to: "°C").rational.rounded(significantDigits: 8)
    print(digits.plainString, digits.isExact ? "=" : "≈")  // 37.777778 ≈
    #expect(digits.plainString == "37.777778" && !digits.isExact)  // check

    // A reusable conversion for many Double values (mpg → L/100km is reciprocal).
    let economy = try catalog.conversion(from: "mpg", to: "L/100km")
    print(economy.kind, [20.0, 30.0, 40.0].map(economy.convert))
    // reciprocal [11.760729166666668, 7.840486111111111, 5.880364583333334]
    #expect("\(economy.kind) \([20.0, 30.0, 40.0].map(economy.convert))"  // check
            == "reciprocal [11.760729166666668, 7.840486111111111, 5.880364583333334]")  // check

    // Errors carry a message and, for unknown units, suggestions.
    do {
      _ = try catalog.convert("5 mi", to: "kilogram")
    } catch {
      print(error.message)                                 // cannot convert mi to kilogram: length vs mass
    }
    #expect { _ = try catalog.convert("5 mi", to: "kilogram") } throws: { error in  // check
      (error as? ConvError)?.message == "cannot convert mi to kilogram: length vs mass"  // check
    }  // check
  }

  /// The Swift blocks of a Markdown file of the repository, without package manifests (not library
  /// code) and, for the README, only those that use ConvKit alone.
  static func blocks(_ article: String) throws -> [[String]] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let url = article == "README.md" ? root.appendingPathComponent(article)
      : root.appendingPathComponent("Sources/ConvKit/ConvKit.docc/" + article)
    let text = try String(contentsOf: url, encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String]? = nil
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```swift") { current = [] } else if line.hasPrefix("```") {
        if let block = current, !block.contains(where: { $0.contains("PackageDescription") }),
           article != "README.md" || block.first == "import ConvKit" {
          blocks.append(article == "README.md" ? Array(block.dropFirst()) : block)
        }
        current = nil
      } else if current != nil {
        current!.append(String(line))
      }
    }
    return blocks
  }

  @Test("Every Swift block of the articles and the README is in this file, line for line",
        arguments: ["GettingStarted.md", "Exactness.md", "README.md"])
  func articlesMatch(_ article: String) throws {
    let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let blocks = try Self.blocks(article)
    #expect(!blocks.isEmpty)
    for block in blocks {
      let lines = block.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      // The block's lines in order, with only this file's checks (lines ending in `// check`) between them.
      let code = here.filter { !$0.hasSuffix("// check") }
      let found = code.indices.contains { start in
        start + lines.count <= code.count && Array(code[start..<start + lines.count]) == lines
      }
      #expect(found, "\(article): block not in ArticleCodeTests.swift:\n\(block.joined(separator: "\n"))")
    }
  }
}
