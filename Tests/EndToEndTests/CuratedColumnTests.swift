import Foundation
import Testing

/// Issue 17: the whole column shows what a person reaches for, about a screen of it, and says how
/// to see the rest; `--all` is every unit as before.
@Suite("The curated whole column")
struct CuratedColumnTests {
  /// A quantity, units its column must show, and units it must not (noise for that value).
  static let cases: [(String, [String], [String])] = [
    ("5 mi", ["km", "m", "ft", "yd", "NM"], ["yot", "lP", "pie castellano"]),
    ("1 L", ["mL", "gal", "cup", "fl oz", "tbsp"], []),
    ("1 kg", ["g", "lb", "oz", "st"], []),
    ("20 °C", ["°F", "K"], []),
    ("1 GB", ["MB", "GiB", "TB", "MiB"], []),
    ("30 mpg", ["L/100km", "km/L", "mpg imp"], []),
    ("1 NM", ["km", "m", "mi", "ft"], []),
    ("1 ly", ["km", "au", "pc"], []),
    ("1 psi", ["kPa", "bar", "mmHg", "atm"], []),
    ("1 kWh", ["J", "MJ", "kJ", "BTU"], []),
    ("100 km/h", ["mph", "m/s", "kn"], []),
    ("5 L/100km", ["mpg", "km/L"], ["ft²", "acre"]),
  ]

  @Test("About a screen, with the expected units, and how to see more", arguments: cases.indices)
  func curated(_ index: Int) throws {
    let (quantity, expected, unexpected) = Self.cases[index]
    let outcome = try ConvProcess.run(quantity.split(separator: " ").map(String.init))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines.count <= 22, "\(outcome.lines.count) lines:\n\(outcome.stdout)")
    let hasFooter = outcome.lines.last?.contains("--all") == true
    let rows = hasFooter ? outcome.lines.dropFirst().dropLast() : outcome.lines.dropFirst()
    for symbol in expected {
      #expect(rows.contains { $0.contains(" \(symbol) ") }, "\(quantity): no \(symbol) in\n\(outcome.stdout)")
    }
    for symbol in unexpected {
      #expect(!rows.contains { $0.contains(" \(symbol) ") }, "\(quantity): \(symbol) in\n\(outcome.stdout)")
    }
    // Units left out are counted on a last line that says how to see them; a small category
    // shows every unit instead.
    if hasFooter {
      #expect(outcome.lines.last?.contains("more") == true)
    } else {
      let every = try ConvProcess.run(["--all"] + quantity.split(separator: " ").map(String.init))
      #expect(every.lines.count <= outcome.lines.count + 3, "\(quantity): \(every.lines.count) rows with --all")
    }
  }

  @Test("--all and -a list every unit of the category, as before", arguments: ["--all", "-a"])
  func all(_ flag: String) throws {
    let curated = try ConvProcess.run(["5", "mi"])
    let every = try ConvProcess.run([flag, "5", "mi"])
    #expect(every.status == 0)
    #expect(every.lines.count > 140, "\(every.lines.count)")
    #expect(!every.stdout.contains("--all"))
    let hidden = try #require(curated.lines.last?.split(separator: " ").first { Int($0) != nil }.flatMap { Int($0) })
    // Every unit of the category but the source: the curated rows from the category plus the hidden ones.
    #expect(every.lines.count - 1 >= hidden)
  }

  @Test("Terse and JSON follow the selection; JSON says which")
  func scripts() throws {
    let terse = try ConvProcess.run(["-t", "5", "mi"])
    #expect(terse.lines.count <= 20 && terse.lines.contains("8.04672 km"), "\(terse.stdout)")
    let terseAll = try ConvProcess.run(["-t", "--all", "5", "mi"])
    #expect(terseAll.lines.count > 140)
    // One JSON array for the column, each object saying which selection it belongs to.
    let json = try ConvProcess.run(["--json", "5", "mi"])
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(json.lines.count == 1 && objects.count <= 20 && objects.allSatisfy { $0["selection"] as? String == "common" })
    let jsonAll = try ConvProcess.run(["--json", "-a", "5", "mi"])
    let all = try #require(try JSONSerialization.jsonObject(with: Data(jsonAll.stdout.utf8)) as? [[String: Any]])
    #expect(all.count > 140 && all.allSatisfy { $0["selection"] as? String == "all" })
  }
}
