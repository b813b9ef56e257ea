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
    // (km and miles read 9.5 × 10¹² and worse: left out while three rows read well.)
    ("1 ly", ["au", "pc"], ["lP"]),
    ("1 psi", ["kPa", "bar", "mmHg", "atm"], []),
    ("1 kWh", ["J", "MJ", "kJ", "BTU"], []),
    ("100 km/h", ["mph", "m/s", "kn"], []),
    ("5 L/100km", ["mpg", "km/L"], ["ft²", "acre"]),
  ]

  @Test("About a screen, with the expected units, and how to see more", arguments: cases.indices)
  func curated(_ index: Int) async throws {
    let (quantity, expected, unexpected) = Self.cases[index]
    let outcome = try await ConvProcess.run(quantity.split(separator: " ").map(String.init))
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
      let every = try await ConvProcess.run(["--all"] + quantity.split(separator: " ").map(String.init))
      #expect(every.lines.count <= outcome.lines.count + 3, "\(quantity): \(every.lines.count) rows with --all")
    }
  }

  /// Issue 34: a quantity, the locale, units that must be rows and units that must not.
  static let everyday: [(String, String, [String], [String])] = [
    ("1 oz", "C.UTF-8", ["g", "lb", "kg"], ["carat point", "Da"]),
    ("1 lb", "C.UTF-8", ["kg", "oz", "g"], ["carat point"]),
    ("60 mph", "C.UTF-8", ["ft/s", "km/h", "m/s"], ["ft/d", "in/h"]),
    ("1 Mbps", "C.UTF-8", ["KiB/s", "MiB/s", "MB/s"], ["DS1", "E1", "DS3", "OC-3"]),
    ("7 pH", "C.UTF-8", ["µM"], ["°fH", "°dH"]),
    ("12 AWG", "C.UTF-8", ["mm", "in"], ["km"]),
    ("1 kWh", "C.UTF-8", ["kJ", "MJ", "BTU"], ["eV"]),
    ("1 L", "C.UTF-8", ["pt", "qt", "dL"], []),
    ("1 L", "en_GB.UTF-8", ["imperial pint", "dL", "mL"], []),
    ("70 kg", "en_GB.UTF-8", ["st", "lb"], []),
    ("5 mi", "de_DE.UTF-8", ["km", "m"], ["lP"]),
  ]

  @Test(
    "Everyday units of the user's system and the input's, never Planck, historical or telecom ones",
    arguments: everyday.indices)
  func everydayUnits(_ index: Int) async throws {
    let (quantity, locale, expected, unexpected) = Self.everyday[index]
    let outcome = try await ConvProcess.run(
      quantity.split(separator: " ").map(String.init),
      environment: ConvProcess.isolatedEnvironment(["LANG": locale]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let rows = outcome.lines.dropFirst().filter { !$0.contains("--all") }
    #expect(rows.count <= 20)
    for symbol in expected {
      #expect(
        rows.contains { $0.contains(" \(symbol) ") }, "\(quantity) (\(locale)): no \(symbol) in\n\(outcome.stdout)")
    }
    for symbol in unexpected {
      #expect(!rows.contains { $0.contains(" \(symbol) ") }, "\(quantity) (\(locale)): \(symbol) in\n\(outcome.stdout)")
    }
  }

  @Test("The user's system comes first: US customary in the C locale, SI in de_DE, imperial in en_GB")
  func systemOrder() async throws {
    func firstRow(_ locale: String, _ arguments: [String]) async throws -> String {
      let outcome = try await ConvProcess.run(arguments, environment: ConvProcess.isolatedEnvironment(["LANG": locale]))
      return outcome.lines.dropFirst().first ?? ""
    }
    #expect(try await firstRow("C.UTF-8", ["5", "km"]).contains(" in "))
    #expect(try await firstRow("de_DE.UTF-8", ["5", "km"]).contains(" mm "))
    #expect(try await firstRow("en_GB.UTF-8", ["1", "L"]).contains("imperial"))
  }

  @Test("Money: at most 20 rows, the locale's currency first, money-formatted")
  func money() async throws {
    let outcome = try await ConvProcess.run(
      ["100", "USD"], environment: ConvProcess.isolatedEnvironment(["LANG": "en_GB.UTF-8"]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines.count <= 22)
    #expect(outcome.lines.dropFirst().first?.contains("£") == true, "\(outcome.stdout)")
  }

  @Test("The settings file chooses the system and a category's column")
  func settings() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conv-columns-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("settings")
    try "system = si\ncolumn.volume = mL, cup\n".write(to: file, atomically: true, encoding: .utf8)
    let environment = ConvProcess.isolatedEnvironment(["CONV_SETTINGS": file.path])
    let length = try await ConvProcess.run(["5", "km"], environment: environment)
    #expect(length.lines.dropFirst().first?.contains(" mm ") == true, "\(length.stdout)")
    let volume = try await ConvProcess.run(["1", "L"], environment: environment)
    #expect(
      volume.lines.dropFirst().prefix(2).map { $0.contains(" mL ") || $0.contains(" cup ") } == [true, true],
      "\(volume.stdout)")
    try "column.volume = mL, kg\n".write(to: file, atomically: true, encoding: .utf8)
    let refused = try await ConvProcess.run(["1", "L"], environment: environment)
    #expect(refused.status != 0 && refused.stderr.contains("column.volume"), "\(refused.stderr)")
  }

  @Test("--all and -a list every unit of the category, as before", arguments: ["--all", "-a"])
  func all(_ flag: String) async throws {
    let curated = try await ConvProcess.run(["5", "mi"])
    let every = try await ConvProcess.run([flag, "5", "mi"])
    #expect(every.status == 0)
    #expect(every.lines.count > 140, "\(every.lines.count)")
    #expect(!every.stdout.contains("--all"))
    let hidden = try #require(curated.lines.last?.split(separator: " ").first { Int($0) != nil }.flatMap { Int($0) })
    // Every unit of the category but the source: the curated rows from the category plus the hidden ones.
    #expect(every.lines.count - 1 >= hidden)
  }

  @Test("Terse and JSON follow the selection; JSON says which")
  func scripts() async throws {
    let terse = try await ConvProcess.run(["-t", "5", "mi"])
    #expect(terse.lines.count <= 20 && terse.lines.contains("8.04672 km"), "\(terse.stdout)")
    let terseAll = try await ConvProcess.run(["-t", "--all", "5", "mi"])
    #expect(terseAll.lines.count > 140)
    // One JSON array for the column, each object saying which selection it belongs to.
    let json = try await ConvProcess.run(["--json", "5", "mi"])
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(
      json.lines.count == 1 && objects.count <= 20 && objects.allSatisfy { $0["selection"] as? String == "common" })
    let jsonAll = try await ConvProcess.run(["--json", "-a", "5", "mi"])
    let all = try #require(try JSONSerialization.jsonObject(with: Data(jsonAll.stdout.utf8)) as? [[String: Any]])
    #expect(all.count > 140 && all.allSatisfy { $0["selection"] as? String == "all" })
  }
}
