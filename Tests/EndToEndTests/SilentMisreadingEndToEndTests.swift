import Foundation
import Testing

/// Issue 33 through the built binary: scale values in parentheses, arithmetic on scales refused,
/// scale edges, a bare number after a unit, `KB`, temperatures in compounds and other splits, in
/// one-shot, terse, JSON and batch use.
@Suite("Silent misreadings, end to end (issue 33)")
struct SilentMisreadingEndToEndTests {
  static func environment() -> [String: String] { ConvProcess.scratchEnvironment("misreadings") }

  /// Arguments, the terse output expected (nil: refused with one line and status 1), and a text
  /// standard error must hold.
  static let cases: [([String], String?, String)] = [
    (["-t", "(20 dBm)", "W"], "0.1", ""),
    (["--", "-6 ft 2 in", "cm"], "-6 ft 2 in = -187.96 cm", "the minus sign applies to all of '-6 ft 2 in'"),
    (["-t", "--", "-1 h 30 min", "min"], "-90", ""),
    (["-t", "((20 dBm))", "W"], "0.1", ""),
    (["-t", "(12 AWG)", "mm"], "2.052525388493948", ""),
    (["-t", "(4 gas mark)", "°F"], "350", ""),
    (["-t", "(7 pH)", "mol/L"], "1e-7", ""),
    (["-t", "(20 °C)", "°F"], "68", ""),
    (["-t", "1 dBm", "W"], "0.0012589254117941673", ""),
    (["-t", "3 dBm*2", "W"], nil, "nonlinear scale"),
    (["-t", "3 AWG*2", "mm"], nil, "nonlinear scale"),
    (["-t", "7 pH*2", "mol/L"], nil, "nonlinear scale"),
    (["-t", "2*(3 dBm)", "W"], nil, "nonlinear scale"),
    (["-t", "3 dBm/2", "W"], nil, "nonlinear scale"),
    (["-t", "3 dBm + 1 W", "W"], nil, "nonlinear scale"),
    (["-t", "-(3 dBm)", "W"], nil, "nonlinear scale"),
    (["-t", "3 dBm + 1 W"], nil, "nonlinear scale"),
    (["-t", "1 W", "to", "2 dBm"], nil, "not a unit"),
    (["-t", "--", "-5000 dBm", "W"], "1e-503", ""),
    (["-t", "1e400 W", "dBm"], "4030", ""),
    (["-t", "1e-320 W", "dBW"], "-3200", ""),
    (["-t", "3 dB", "bel"], "0.3", ""),
    (["5", "ft", "11", "cm"], "5 ft 11 = 180.34 cm", "note: 11 after ft read as 11 in"),
    (["-t", "5ft11", "cm"], "180.34", ""),
    (["-t", "1", "st", "4", "kg"], "8.16466266", ""),
    (["-t", "6 ft 2 m"], "1.8796", ""),
    (["-t", "5 ft 11 cm", "to", "m"], nil, "two systems"),
    (["1", "KB", "B"], nil, "kibibyte"),
    (["1", "gb", "MB"], nil, "did you mean 'GB'"),
    (["-t", "1 BTU/(h·ft²·°F)", "W/(m²·K)"], "5.678263341113488", ""),
    (["-t", "1 1/s", "Hz"], "1", ""),
    (["5", "mi", "kg"], nil, "length vs mass"),
    (["-t", "10", "ft", "lbf", "N", "m"], "13.558179483314005", ""),
  ]

  @Test("One-shot answers and refusals", arguments: cases.indices)
  func oneShot(_ index: Int) async throws {
    let (arguments, expected, error) = Self.cases[index]
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    if let expected {
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(outcome.lines.last == expected, "\(arguments): \(outcome.stdout)")
    } else {
      #expect(outcome.status == 1, "\(arguments): \(outcome.stdout)")
      #expect(outcome.stdout.isEmpty, "\(arguments): \(outcome.stdout)")
      #expect(outcome.errorLines.first?.hasPrefix("conv: ") == true, "\(arguments): \(outcome.stderr)")
    }
    if !error.isEmpty { #expect(outcome.stderr.contains(error), "\(arguments): \(outcome.stderr)") }
  }

  @Test(
    "A line whose last words make no target is one quantity, noted",
    arguments: [
      (["2", "kW", "*", "3", "h"], "2 kW * 3 h (energy) is"),
      (["1", "mile", "per", "hour"], "1 mile per hour (speed) is"),
    ])
  func wholeLine(_ arguments: [String], _ heading: String) async throws {
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines.first == heading, "\(outcome.stdout)")
    #expect(
      outcome.lines.last?.hasSuffix("conv " + arguments.joined(separator: " ") + " --all") == true, "\(outcome.stdout)")
    #expect(outcome.stderr.contains("read as one quantity"), "\(outcome.stderr)")
  }

  @Test("Batch reads every line the one-shot way")
  func batch() async throws {
    let input = "(20 dBm) to W\n3 dBm*2 to W\n5 ft 11 cm\n1e400 W to dBm\n1 st 4 kg\n"
    let terse = try await ConvProcess.run(["-t"], stdin: input, environment: Self.environment())
    #expect(terse.status == 1)
    #expect(terse.lines == ["0.1", "", "180.34", "4030", "8.16466266"], "\(terse.stdout)")
    let json = try await ConvProcess.run(["--json", "(20 dBm)", "W"], environment: Self.environment())
    #expect(json.stdout.contains("\"result\":0.1"), "\(json.stdout)")
  }
}
