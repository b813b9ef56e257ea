import Foundation
import Testing

/// Issue 20, finding 6: exact arithmetic is bounded, so a short input or a units file of short
/// definitions cannot ask for minutes of work; the values people write still convert.
@Suite("Bounded exact arithmetic")
struct BoundedArithmeticTests {
  static let hostile = "(1/3)^24^24^17 m"

  /// Runs conv; a run that does not end within a minute (it took minutes before the bound) fails
  /// the test as a hang. How long a bounded run takes is the benchmark's business, not the suite's.
  static func run(_ arguments: [String], environment: [String: String]? = nil) async throws -> ConvProcess.Outcome {
    try await ConvProcess.run(arguments, environment: environment, timeout: 60)
  }

  @Test(
    "A value beyond the bound fails at once with one line, in every output",
    arguments: [
      [hostile], [hostile, "ft"], ["-t", hostile], ["--json", hostile], ["--exact", hostile, "ft"], ["-a", hostile],
      ["5 m", "(1/3)^24^24^17 ft"],
    ])
  func refusedAtOnce(_ arguments: [String]) async throws {
    let outcome = try await Self.run(arguments)
    #expect(outcome.status == 1)
    let message = arguments.contains("--json") ? outcome.stdout + outcome.stderr : outcome.stderr
    #expect(message.contains("more than 4500 digits"), "\(message)")
    if !arguments.contains("--json") { #expect(outcome.errorLines.first?.hasPrefix("conv: the exact value") == true) }
  }

  @Test("A units file of 2,000 units beyond the bound: 20 problems and a count, promptly")
  func hostileUnitsFile() async throws {
    let (folder, _, environment) = try FileSafetyTests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("big.units")
    let units = (0..<2000).map { "big\($0) | | | | \(Self.hostile) | | test" }
    try (["category: length"] + units).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    var withFile = environment
    withFile["CONV_UNITS"] = file.path
    let outcome = try await Self.run(["1", "m"], environment: withFile)
    #expect(outcome.status == 2)
    #expect(outcome.errorLines.count == 21)
    #expect(
      outcome.errorLines.first?.contains("definition of 'big0': the exact value would need more than 4500 digits")
        == true,
      "\(outcome.errorLines.first ?? "")")
    #expect(outcome.errorLines.last == "conv: … and 1980 more problems")
  }

  @Test("A units file of 60 units just inside the bound converts promptly, whole column included")
  func unitsFileNearTheBound() async throws {
    let (folder, _, environment) = try FileSafetyTests.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("near.units")
    // 3^8800 and 7^5292 · n: about 14,000 and 14,900 bits, coprime, so every conversion reduces
    // fractions of thousands of digits.
    let units =
      ["abig | | | | (1/3)^20^20^22 m | | test"]
      + (1...60).map { "near\($0) | | | | (1/7)^21^21^12 m * \($0) | | test" }
    try (["category: length"] + units).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    var withFile = environment
    withFile["CONV_UNITS"] = file.path
    let column = try await Self.run(["1", "m"], environment: withFile)
    #expect(column.status == 0, "\(column.stderr)")
    let all = try await Self.run(["1", "abig", "--all"], environment: withFile)
    #expect(all.status == 0, "\(all.stderr)")
    #expect(all.stdout.contains("near60"))
  }

  @Test(
    "Large values people write still convert",
    arguments: [
      (["1e4000", "m", "km"], "1 × 10⁴⁰⁰⁰ m = 1 × 10³⁹⁹⁷ km"),
      (["-t", "1e-4000 m", "mm"], "1e-3997"),
      (["-t", String(repeating: "9", count: 300) + " m", "mm"], "1e303"),
      (["-t", "(1/3)^24^24^16 m", "m"], "7.0878824054646415e-4398"),
    ])
  func largeValuesConvert(_ arguments: [String], _ expected: String) async throws {
    let outcome = try await ConvProcess.run(arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines.first == expected)
  }
}
