import Foundation
import Testing

/// Issue 16: every front end gives the same answer or the same refusal — the REPL's `to` across
/// categories carries the quantity, absolute zero is refused on every path, and script output never
/// prints 0, nan or nothing for a value it could not hold in a Double.
@Suite("One checked path")
struct CheckedPathTests {
  static func environment() -> [String: String] { ConvProcess.scratchEnvironment("checked") }

  /// REPL lines, and what the last output line must contain (nil: the last command is refused).
  static let replCases: [(String, String?)] = [
    ("from nmi\n10\nto km\n", "= 18.52 km"),
    ("from NM\n1\nto ft\n", "≈ 6,076.1155 ft"),
    ("cat fuel economy\nfrom mpg\n30\nto L/100km\n", "≈ 7.8404861 L/100km"),
    ("from ly\n1\nto km\n", "9.4607305 × 10¹² km"),
    ("from mi\n5\nto kg\n", nil),
    ("from °C\n-500\n", nil),
    ("from K\n100\nto °C\n-40\nswap\n", nil),
    ("from °F\n-459.67\nto K\n", "= 0 K"),
    ("from kg\n2\nto lb\n", "≈ 4.4092452 lb"),
  ]

  @Test("REPL: to and from across categories carry the quantity, or refuse", arguments: replCases.indices)
  func replAcrossCategories(_ index: Int) async throws {
    let (script, expected) = Self.replCases[index]
    let outcome = try await ConvProcess.run(["repl"], stdin: script, environment: Self.environment())
    if let expected {
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(outcome.lines.last?.contains(expected) == true, "\(outcome.stdout)")
    } else {
      #expect(outcome.status == 1, "\(outcome.stdout)")
      #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
    }
    // Never the old wrong answers: the number kept in another unit.
    #expect(!outcome.stdout.contains("10 in ="), "\(outcome.stdout)")
    #expect(!outcome.stdout.contains("30 gal/100mi"), "\(outcome.stdout)")
  }

  @Test("Absolute zero is refused on every path: one-shot, batch, JSON, the REPL and favorites")
  func absoluteZeroEverywhere() async throws {
    let environment = Self.environment()
    let message = "is below absolute zero (-273.15 °C)"
    let oneShot = try await ConvProcess.run(["−500 °C", "K"], environment: environment)
    let batch = try await ConvProcess.run([], stdin: "-500 °C to K\n", environment: environment)
    let json = try await ConvProcess.run(["--json"], stdin: "-500 °C to K\n", environment: environment)
    let repl = try await ConvProcess.run(["repl"], stdin: "from °C\n-500\nto K\n", environment: environment)
    try await ConvProcess.run(["fav", "add", "°C", "K"], environment: environment)
    let favorites = try await ConvProcess.run(["fav", "-500"], environment: environment)
    let terseFavorites = try await ConvProcess.run(["fav", "-t", "-500"], environment: environment)
    for (name, outcome) in [
      ("one-shot", oneShot), ("batch", batch), ("json", json), ("repl", repl),
      ("fav", favorites), ("fav -t", terseFavorites),
    ] {
      #expect(outcome.status == 1, "\(name): exit \(outcome.status)")
      #expect((outcome.stderr + outcome.stdout).contains(message), "\(name): \(outcome.stderr) \(outcome.stdout)")
      #expect(!outcome.stdout.contains("226.85"), "\(name): \(outcome.stdout)")
    }
  }

  /// Script outputs for values no Double holds: the exact value in scientific form, never 0 or nan.
  static let tinyAndHuge: [([String], String)] = [
    (["-t", "1e-400 m", "km"], "1e-403"),
    (["-t", "1e400 km", "m"], "1e403"),
    (["-t", "1e999", "m", "km"], "1e996"),
    // JSON writes a value no binary64 number holds as a string, which readers keep (issue 37).
    (["--json", "1e-400", "m", "km"], "\"result\":\"1e-403\""),
    (["-t", "1e-4000 m", "mm"], "1e-3997"),
    (["-t", "1e-400/3 m", "m"], "3.3333333333333333e-401"),
  ]

  @Test("Terse results beyond a Double are written exactly in scientific form", arguments: tinyAndHuge.indices)
  func terseBeyondDouble(_ index: Int) async throws {
    let (arguments, expected) = Self.tinyAndHuge[index]
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      outcome.lines == [expected] || (arguments.contains("--json") && outcome.stdout.contains(expected)),
      "\(outcome.stdout)")
  }

  @Test("Favorites: tiny values are never 0, failures never nan")
  func favoritesNeverZeroOrNan() async throws {
    let environment = Self.environment()
    for pair in [["mi", "km"], ["mpg", "L/100km"]] {
      try await ConvProcess.run(["fav", "add"] + pair, environment: environment)
    }
    let tiny = try await ConvProcess.run(["fav", "-t", "1e-4000"], environment: environment)
    #expect(tiny.lines.first == "1.609344e-4000", "\(tiny.stdout)")
    #expect(!tiny.lines.contains("0") && !tiny.lines.contains("nan"), "\(tiny.stdout)")
    let zero = try await ConvProcess.run(["fav", "-t", "0"], environment: environment)
    #expect(zero.status == 1)
    #expect(!zero.stdout.contains("nan"), "\(zero.stdout)")
    #expect(zero.stderr.contains("reciprocal of zero"), "\(zero.stderr)")
  }
}
