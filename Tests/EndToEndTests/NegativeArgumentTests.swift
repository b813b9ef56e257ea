import Testing

/// Issue 15, rule 6: negative values on the command line, however written, and `--`.
@Suite("Negative values on the command line")
struct NegativeArgumentTests {
  static let cases: [([String], String)] = [
    (["-t", "-40", "°F", "°C"], "-40"),
    (["-t", "-40 fahrenheit", "celsius"], "-40"),
    (["-t", "-40 fahrenheit to celsius"], "-40"),
    (["-t", "-10 lb", "kg"], "-4.5359237"),
    (["-t", "--", "-40", "°C", "°F"], "-40"),
    (["-t", "--", "-40 °C", "°F"], "-40"),
    (["--json", "-5", "°C", "K"], "\"result\":268.15"),
    (["-t", "-.5", "m", "cm"], "-50"),
    (["-t", "−3", "ft", "in"], "-36"),
    (["-t", "–3", "ft", "in"], "-36"),
    (["-t", "-½", "cup", "tbsp"], "-8"),
    (["-t", "-1 1/2", "cup", "tbsp"], "-24"),
    (["-t", "-1e3", "m", "km"], "-1"),
    (["--digits", "3", "-t", "-40", "°F", "°C"], "-40"),
    (["-t", "-40", "°F", "°C", "--exact"], "-40"),
    (["-t", "-459.67", "°F", "K"], "0"),
    (["convert", "-t", "--", "-2", "m", "cm"], "-200"),
  ]

  @Test("A negative quantity is a quantity, never an option", arguments: cases.indices)
  func negative(_ index: Int) async throws {
    let (arguments, expected) = Self.cases[index]
    let outcome = try await ConvProcess.run(arguments)
    #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
    #expect(outcome.stdout.contains(expected), "\(arguments): \(outcome.stdout)")
    #expect(!outcome.stdout.contains("OVERVIEW"), "help printed for \(arguments)")
    #expect(!outcome.stdout.contains("--"), "'--' echoed for \(arguments)")
  }

  @Test("Below absolute zero is refused the same way, with exit 1")
  func belowAbsoluteZero() async throws {
    for arguments in [["-500", "°C", "K"], ["-t", "-500 °C", "K"], ["--", "-500", "°C", "K"]] {
      let outcome = try await ConvProcess.run(arguments)
      #expect(outcome.status == 1, "\(arguments)")
      #expect(outcome.stderr.contains("below absolute zero"), "\(outcome.stderr)")
    }
  }
}
