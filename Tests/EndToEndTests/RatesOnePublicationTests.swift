import Foundation
import Testing

/// Issue 33 through the binary: with a cached feed that lacks some currencies, a cross rate still
/// comes from one publication (the built-in one when the feed lacks a currency of it), and every
/// answer (one-shot, whole column, batch, JSON) states the date it was made at.
@Suite("Rates of one publication per answer")
struct RatesOnePublicationTests {
  static let newerDate = "2026-11-20"
  static let snapshotDate = "2026-10-06"
  /// Currencies the cached feed lacks.
  static let lacking: Set<String> = ["CZK", "HUF", "ZAR"]

  /// The built-in rates, read from `Data/ecb-eurofxref.xml` (units of each currency per euro).
  static let snapshot: [String: Double] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Data/ecb-eurofxref.xml")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    var rates: [String: Double] = ["EUR": 1]
    for line in text.split(separator: "\n") {
      guard let code = line.firstMatch(of: /currency='([A-Z]{3})'/)?.1,
        let rate = line.firstMatch(of: /rate='([0-9.]+)'/)?.1
      else { continue }
      rates[String(code)] = Double(rate)
    }
    return rates
  }()

  /// The cached feed's rates: the snapshot's, moved to `newerDate`, USD at 1.25 and JPY at 180,
  /// without the `lacking` currencies.
  static let newer: [String: Double] = {
    var rates = snapshot.filter { !lacking.contains($0.key) }
    rates["USD"] = 1.25
    rates["JPY"] = 180
    return rates
  }()

  /// An isolated environment whose cache holds the feed.
  static func environment() throws -> [String: String] {
    let environment = CurrencyEndToEndTests.environment(["CONV_TODAY": "2026-11-24"])
    let folder = environment["XDG_CACHE_HOME"]! + "/conv"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let feed = RatesUpdateTests.feed(date: newerDate, dropping: lacking)
    try feed.write(toFile: folder + "/eurofxref-daily.xml", atomically: true, encoding: .utf8)
    return environment
  }

  /// Amount, from, to: pairs with a lacking currency on either side, both, or neither.
  static let pairs: [(Double, String, String)] = [
    (100, "CZK", "USD"), (100, "USD", "CZK"), (250, "HUF", "JPY"), (7, "ZAR", "CZK"), (100, "CZK", "EUR"),
    (100, "EUR", "HUF"), (100, "USD", "JPY"), (100, "EUR", "USD"), (3, "GBP", "CHF"),
  ]

  /// The answer and the date it must be made at.
  static func expected(_ amount: Double, _ from: String, _ to: String) -> (value: Double, date: String) {
    let atSnapshot = lacking.contains(from) || lacking.contains(to)
    let rates = atSnapshot ? snapshot : newer
    return (amount * rates[to]! / rates[from]!, atSnapshot ? snapshotDate : newerDate)
  }

  @Test("One-shot -t and --json: the value of one publication and its date", arguments: pairs)
  func oneShot(_ amount: Double, _ from: String, _ to: String) async throws {
    let environment = try Self.environment()
    let (value, date) = Self.expected(amount, from, to)
    let terse = try await ConvProcess.run(["-t", "\(amount)", from, to], environment: environment)
    #expect(terse.status == 0, "\(terse.stderr)")
    let number = try #require(Double(terse.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(abs(number - value) <= 1e-12 * value, "\(number) vs \(value)")
    // The fallback is said in every mode; answers at the rates in use need no note in -t.
    #expect(terse.stderr.contains("rates of \(Self.snapshotDate)") == (date == Self.snapshotDate), "\(terse.stderr)")
    let json = try await ConvProcess.run(["--json", "\(amount)", from, to], environment: environment)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["rates_date"] as? String == date)
    let human = try await ConvProcess.run(["\(amount)", from, to], environment: environment)
    #expect(human.stderr.contains("note: rates of \(date), ECB"), "\(human.stderr)")
    #expect(!human.stderr.contains(date == Self.newerDate ? Self.snapshotDate : Self.newerDate + ", ECB\n"))
  }

  @Test("A whole column gives each row the date it was made at")
  func wholeColumn() async throws {
    let environment = try Self.environment()
    // Every currency (`--all`: the default column shows at most 20 rows).
    let json = try await ConvProcess.run(["--json", "--all", "100", "USD"], environment: environment)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(rows.count == Self.snapshot.count - 1)
    for row in rows {
      let target = try #require(row["target"] as? String)
      let (value, date) = Self.expected(100, "USD", target)
      #expect(row["rates_date"] as? String == date, "\(target)")
      let result = try #require(row["result"] as? Double)
      #expect(abs(result - value) <= 1e-12 * value, "\(target): \(result) vs \(value)")
    }
    let human = try await ConvProcess.run(["100", "USD"], environment: environment)
    #expect(human.status == 0)
    #expect(human.errorLines.contains("conv: note: rates of \(Self.newerDate), ECB"), "\(human.stderr)")
    #expect(
      human.errorLines.contains {
        $0.hasPrefix(
          "conv: note: rates of \(Self.snapshotDate), ECB (the rates of "
            + "\(Self.newerDate) in use lack ") && $0.contains("CZK") && $0.contains("ZAR")
      }, "\(human.stderr)")
  }

  @Test("Batch: each line at one publication, each note once")
  func batch() async throws {
    let environment = try Self.environment()
    let lines = Self.pairs.map { "\($0.0) \($0.1) to \($0.2)" }
    let terse = try await ConvProcess.run(
      ["-t"], stdin: (lines + lines).joined(separator: "\n") + "\n", environment: environment)
    #expect(terse.status == 0, "\(terse.stderr)")
    #expect(terse.lines.count == 2 * lines.count)
    for (index, pair) in (Self.pairs + Self.pairs).enumerated() {
      let value = Self.expected(pair.0, pair.1, pair.2).value
      let number = try #require(Double(terse.lines[index]))
      #expect(abs(number - value) <= 1e-12 * value, "\(lines[index % lines.count]): \(number) vs \(value)")
    }
    #expect(terse.errorLines.filter { $0.contains("rates of \(Self.snapshotDate)") }.count == terse.errorLines.count)
    #expect(Set(terse.errorLines).count == terse.errorLines.count, "\(terse.stderr)")
    let json = try await ConvProcess.run(
      ["--json"], stdin: lines.joined(separator: "\n") + "\n", environment: environment)
    #expect(json.lines.count == lines.count)
    for (line, pair) in zip(json.lines, Self.pairs) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["rates_date"] as? String == Self.expected(pair.0, pair.1, pair.2).date, "\(line)")
    }
  }
}
