import Foundation
import Testing

/// Issue 18 through the binary: one-shot, whole column, favorites and batch with currencies, at
/// the built-in rates (no cache file, today pinned).
@Suite("Currencies end to end")
struct CurrencyEndToEndTests {
  static func environment(_ extra: [String: String] = [:]) -> [String: String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-money-\(UUID().uuidString)")
    // The favorites' folder exists: conv creates no folder for a path CONV_FAVORITES names.
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var environment = ConvProcess.isolatedEnvironment([
      "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
      "CONV_FAVORITES": folder.appendingPathComponent("favorites").path, "CONV_TODAY": "2026-10-20",
    ])
    for (key, value) in extra { environment[key] = value }
    return environment
  }

  /// Arguments, exit status, standard output, a fragment of standard error.
  static let oneShots: [([String], Int32, String, String)] = [
    (["100", "EUR", "USD"], 0, "€100.00 ≈ $112.69\n", "note: rates of 2026-10-06, ECB"),
    (["$5", "GBP"], 0, "$5.00 ≈ £3.77\n", "rates of 2026-10-06"),
    (["-t", "3.50 USD/gal", "EUR/L"], 0, "0.8204829028782673\n", ""),
    (["0.30 EUR/kWh", "USD/MWh"], 0, "0.3 EUR/kWh ≈ 338.07 USD/MWh\n", "rates of 2026-10-06"),
    (["20", "EUR/h", "USD/yr"], 0, "20 EUR/h ≈ 197,568.11 USD/yr\n", ""),
    (["1", "pound", "kg"], 0, "1 pound = 0.45359237 kg\n", ""),
    (["1", "pound", "sterling", "EUR"], 0, "£1.00 ≈ €1.18\n", ""),
    (["100", "kr", "EUR"], 1, "", "'kr' can be read as Danish krone (DKK), Icelandic króna (ISK)"),
    (["1", "EUR", "kg"], 1, "", "cannot convert EUR to kg: currency vs mass"),
  ]

  @Test("One-shot conversions with money", arguments: oneShots)
  func oneShot(_ arguments: [String], _ status: Int32, _ stdout: String, _ stderr: String) async throws {
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    #expect(outcome.status == status, "\(outcome.stderr)")
    #expect(outcome.stdout == stdout)
    #expect(stderr.isEmpty || outcome.stderr.contains(stderr), "\(outcome.stderr)")
  }

  @Test("conv 100 EUR lists the major currencies as money, at most 20, and how to see the rest")
  func wholeColumn() async throws {
    let outcome = try await ConvProcess.run(["100", "EUR"], environment: Self.environment())
    #expect(outcome.status == 0)
    #expect(outcome.lines.first == "€100.00 (currency) is")
    #expect(outcome.lines.count == 21, "\(outcome.stdout)")
    #expect(outcome.lines.contains("  ≈      $112.69  US dollars"), "\(outcome.stdout)")
    #expect(outcome.lines.last?.contains("10 more currency units") == true)
  }

  @Test("Favorites and batch work with currencies")
  func favoritesAndBatch() async throws {
    let environment = Self.environment()
    #expect(
      try await ConvProcess.run(["fav", "add", "USD", "EUR"], environment: environment).stdout
        == "added 1: USD -> EUR\n")
    let favorites = try await ConvProcess.run(["fav", "100"], environment: environment)
    // The money rule, as the one-shot writes it (issue 38).
    #expect(favorites.stdout == "1  $100.00 ≈ €88.74\n")
    #expect(favorites.stderr == "conv: note: rates of 2026-10-06, ECB\n")
    let batch = try await ConvProcess.run(
      [], stdin: "100 EUR to USD\n5 mi to km\n200 EUR to USD\n", environment: environment)
    #expect(batch.lines == ["€100.00 ≈ $112.69", "5 mi = 8.04672 km", "€200.00 ≈ $225.38"])
    #expect(batch.errorLines == ["conv: note: rates of 2026-10-06, ECB"])
  }

  @Test(
    "conv info, list and search know the currencies",
    arguments: [
      (["info", "USD"], "rate"), (["info", "usd"], "EUR"), (["list", "currency"], "JPY"),
      (["search", "yen"], "JPY"), (["categories"], "currency"),
    ])
  func catalogCommands(_ arguments: [String], _ fragment: String) async throws {
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains(fragment), "\(outcome.stdout)")
  }
}
