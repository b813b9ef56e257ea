import Foundation
import Testing

/// Issue 19: nonlinear scales through the built binary: one-shot, the whole column, batch, JSON,
/// the REPL from a pipe, favorites and `info`, with their refusals and exit statuses.
@Suite("Nonlinear scales, end to end")
struct NonlinearScaleEndToEndTests {
  static func environment() -> [String: String] { ConvProcess.scratchEnvironment("scales") }

  /// Arguments, and the output line expected (nil: refused with one line and status 1).
  static let oneShots: [([String], String?)] = [
    (["20", "dBm", "mW"], "20 dBm ≈ 100 mW"),
    (["-t", "30", "dBm", "W"], "1"),
    (["1", "W", "dBm"], "1 W ≈ 30 dBm"),
    (["4/0", "AWG", "mm"], "0000 AWG ≈ 11.684 mm"),
    (["0000 AWG", "to", "in"], "0000 AWG ≈ 0.46 in"),
    (["12", "SWG", "mm"], "12 SWG ≈ 2.6416 mm"),
    (["5", "pH", "nH"], "5 pH = 0.005 nH"),
    (["1", "B", "dB"], "1 bel ≈ 10 dB"),
    (["0", "W", "dBm"], nil),
    (["-1", "Bft", "m/s"], nil),
    (["60", "AWG", "mm"], nil),
    (["20", "dBm/s", "W"], nil),
    (["1", "octave", "dB"], nil),
    (["4", "gas mark", "ΔK"], nil),
  ]

  @Test("One-shot answers and refusals", arguments: oneShots.indices)
  func oneShot(_ index: Int) async throws {
    let (arguments, expected) = Self.oneShots[index]
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    if let expected {
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(outcome.lines.last == expected, "\(arguments): \(outcome.stdout)")
    } else {
      #expect(outcome.status == 1, "\(arguments): \(outcome.stdout)")
      #expect(outcome.stdout.isEmpty, "\(arguments): \(outcome.stdout)")
      #expect(outcome.errorLines.first?.hasPrefix("conv: ") == true, "\(arguments): \(outcome.stderr)")
    }
  }

  @Test("The whole column of a dBm value lists W, mW and the other common power levels")
  func wholeColumn() async throws {
    let outcome = try await ConvProcess.run(["20", "dBm"], environment: Self.environment())
    #expect(outcome.status == 0, "\(outcome.stderr)")
    for row in ["100", " mW ", "-10", " dBW ", "0.1", " W "] {
      #expect(outcome.stdout.contains(row), "missing \(row): \(outcome.stdout)")
    }
  }

  @Test("Batch and JSON Lines: a line off the scale fails alone")
  func batch() async throws {
    let input = "20 dBm to mW\n0 W to dBm\n12 AWG to mm\n"
    let terse = try await ConvProcess.run(["-t"], stdin: input, environment: Self.environment())
    #expect(terse.status == 1)
    #expect(
      terse.lines.count == 3 && terse.lines[0] == "100" && terse.lines[1].isEmpty
        && terse.lines[2].hasPrefix("2.05252538"), "\(terse.stdout)")
    #expect(terse.errorLines == ["conv: line 2: 0 W has no dBm value"], "\(terse.stderr)")
    let json = try await ConvProcess.run(["--json"], stdin: input, environment: Self.environment())
    #expect(json.lines.count == 3)
    #expect(json.lines[0].contains("\"kind\":\"scale\"") && json.lines[0].contains("\"exact\":false"), "\(json.stdout)")
    #expect(json.lines[1].contains("\"error\":\"0 W has no dBm value\""), "\(json.stdout)")
  }

  @Test("REPL from a pipe: a scale category, gauge numbers typed alone (then `show` for the column)")
  func repl() async throws {
    let outcome = try await ConvProcess.run(
      ["repl"], stdin: "from AWG\n4/0\nshow\nfrom pH\n7\nshow\n", environment: Self.environment())
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("0000 AWG (wire gauge) is"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("11.684") && outcome.stdout.contains(" mm "), "\(outcome.stdout)")
    #expect(
      outcome.stdout.contains("7 pH (acidity) is") && outcome.stdout.contains("100") && outcome.stdout.contains("nM"),
      "\(outcome.stdout)")
  }

  @Test("Favorites keep scale pairs; a gauge number reaches only the gauges")
  func favorites() async throws {
    let environment = Self.environment()
    for pair in [["dBm", "mW"], ["AWG", "mm"]] {
      let added = try await ConvProcess.run(["fav", "add"] + pair, environment: environment)
      #expect(added.status == 0, "\(added.stderr)")
    }
    let twenty = try await ConvProcess.run(["fav", "20"], environment: environment)
    #expect(twenty.status == 0, "\(twenty.stderr)")
    #expect(twenty.stdout.contains("20 dBm ≈ 100") && twenty.stdout.contains("0.81182097 mm"), "\(twenty.stdout)")
    let gauge = try await ConvProcess.run(["fav", "4/0"], environment: environment)
    #expect(gauge.status == 1, "\(gauge.stdout)")
    #expect(gauge.stdout.contains("0000 AWG ≈ 11.684"), "\(gauge.stdout)")
    #expect(
      gauge.stdout.contains("'4/0' is a gauge number, for wire gauges (AWG, SWG), not for dBm"), "\(gauge.stdout)")
  }

  @Test("info shows the defining functions and the domain")
  func info() async throws {
    let outcome = try await ConvProcess.run(["info", "AWG"], environment: Self.environment())
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("scale:       x AWG = 0.005 92^((36 - x)/39) in"), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("domain:      from 0000 to 56"), "\(outcome.stdout)")
    let json = try await ConvProcess.run(["--json", "info", "dBm"], environment: Self.environment())
    #expect(json.stdout.contains("\"scale\":{\"reference\":\"mW\""), "\(json.stdout)")
  }
}
