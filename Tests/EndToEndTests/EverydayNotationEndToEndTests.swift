import Foundation
import Testing

/// Issue 33's everyday notation through the built binary: pace with colons, `gas mark 4`, gauges by
/// cross-section and the trades' abbreviations, in one-shot, terse, JSON, batch and the REPL's
/// one path.
@Suite("Everyday notation, end to end (issue 33)")
struct EverydayNotationEndToEndTests {
  static func environment() -> [String: String] { ConvProcess.scratchEnvironment("everyday") }

  /// Arguments, the last line of standard output expected (nil: refused with one line on standard
  /// error and status 1), and a text standard error must hold.
  static let cases: [([String], String?, String)] = [
    // Times with colons.
    (["-t", "5:30", "min/km", "km/h"], "10.909090909090908", ""),
    (["-t", "5:30 min/km", "min/mi"], "8.851392", ""),
    (["-t", "1:30:00", "h", "min"], "90", ""),
    (["-t", "4:00 min/km to s/km"], "240", ""),
    (["5:30", "min/km", "km/h"], "5:30 min/km ≈ 10.909091 km/h", "note: 5:30 read as 5 min 30 s"),
    (["1:30:00", "h", "min"], "1:30:00 h = 90 min", "note: 1:30:00 read as 1 h 30 min 0 s"),
    (["-t", "5:30", "km/h"], nil, "5 min 30 s (m:ss) or as 5 h 30 min (h:mm)"),
    (["-t", "5:30", "km", "m"], nil, "m:ss"),
    (["-t", "5:75", "min/km", "km/h"], nil, "colon"),
    (["-t", "1:30:00", "min", "s"], nil, ""),
    (["-t", "1:30:00 min to s"], nil, "h:mm:ss"),
    (["-t", "12:30"], nil, "m:ss"),
    (["-t", "1:30:00", "min"], "90", ""),
    (["2:01:09", "s"], "2:01:09 = 7,269 s", "note: 2:01:09 read as 2 h 1 min 9 s"),
    // Name first.
    (["-t", "gas", "mark", "4", "°F"], "350", ""),
    (["-t", "gas mark 4", "°C"], "176.66666666666666", ""),
    (["-t", "Regulo 1/2", "°F"], "250", ""),
    (["gas", "mark", "4", "°F"], "4 gas marks ≈ 350 °F", ""),
    (["-t", "gas", "mark", "11", "°C"], nil, "outside the gas mark scale"),
    (["-t", "dBm", "20", "W"], nil, ""),
    // Gauges by cross-section.
    (["-t", "12", "AWG", "mm2"], "3.308772876111476", ""),
    (["-t", "0000 AWG", "kcmil"], "211.6", ""),
    (["12", "AWG", "mm2"], "12 AWG ≈ 3.3087729 mm2", "cross-section of a round wire"),
    (["2.5", "mm2", "AWG"], "2.5 mm2 ≈ 13.208723 AWG", "cross-section of a round wire"),
    (["-t", "250", "kcmil", "AWG"], nil, "no AWG value"),
    (["-t", "12", "AWG", "kg"], nil, "vs mass"),
    // Abbreviations.
    (["-t", "1013", "mb", "hPa"], "1013", ""),
    (["1013", "mb", "hPa"], "1,013 mb = 1,013 hPa", "note: mb read as millibar"),
    (["-t", "500", "mcg", "mg"], "0.5", ""),
    (["-t", "3", "klicks", "m"], "3000", ""),
    (["-t", "1", "megaton", "J"], "4.184e15", ""),
    (["-t", "20", "kilotons", "TJ"], "83.68", ""),
    (["-t", "1", "Jy", "W/(m^2*Hz)"], "1e-26", ""),
    (["-t", "1", "kBtu", "BTU"], "1000", ""),
    (["-t", "6", "Bavarian", "feet", "m"], "1.751155", ""),
    (["-t", "5", "mb", "MB"], nil, "megabyte"),
    (["-t", "30", "psig", "kPa"], nil, "gauge pressure"),
    (["-t", "1", "MBtu", "J"], nil, "10⁶ BTU"),
  ]

  @Test("One-shot answers and refusals", arguments: cases.indices)
  func oneShot(_ index: Int) async throws {
    let (arguments, expected, error) = Self.cases[index]
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    if let expected {
      #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
      #expect(outcome.lines.last == expected, "\(arguments): \(outcome.stdout)")
      if arguments.first == "-t" { #expect(outcome.stderr.isEmpty, "\(arguments): \(outcome.stderr)") }
    } else {
      #expect(outcome.status == 1, "\(arguments): \(outcome.stdout)")
      #expect(outcome.stdout.isEmpty, "\(arguments): \(outcome.stdout)")
      #expect(outcome.errorLines.first?.hasPrefix("conv: ") == true, "\(arguments): \(outcome.stderr)")
    }
    if !error.isEmpty { #expect(outcome.stderr.contains(error), "\(arguments): \(outcome.stderr)") }
  }

  @Test("Batch reads every line the one-shot way, one line each")
  func batch() async throws {
    let input = "5:30 min/km km/h\ngas mark 4 °F\n12 AWG mm2\n5:30 km/h\n1013 mb hPa\n30 psig kPa\n2.5 mm2 AWG\n"
    let terse = try await ConvProcess.run(["-t"], stdin: input, environment: Self.environment())
    #expect(terse.status == 1)
    #expect(
      terse.lines == ["10.909090909090908", "350", "3.308772876111476", "", "1013", "", "13.208722988327992"],
      "\(terse.stdout)")
    let json = try await ConvProcess.run(["--json", "5:30 min/km", "km/h"], environment: Self.environment())
    #expect(json.stdout.contains(#""notes":["5:30 read as 5 min 30 s","#), "\(json.stdout)")
    let gauge = try await ConvProcess.run(["--json", "12 AWG", "mm2"], environment: Self.environment())
    #expect(gauge.stdout.contains("cross-section of a round wire"), "\(gauge.stdout)")
  }
}
