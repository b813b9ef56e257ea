import Foundation
import Testing

/// Issue 37: `conv repl --json` in a pipe writes JSON only on standard output, one value a line,
/// whatever the commands (help, favorites with none or some, filters that match nothing).
@Suite("REPL --json in a pipe writes JSON only")
struct ReplJSONPipeTests {
  static let scripts: [[String]] = [
    ["help", "?", "favs", "fav", "favs", "fav", "favs"],
    ["length", "/zzz", "favs", "/", "show", "cat", "cat length", "swap"],
    ["5 mi km", "5 mi", "zzz", "to zzz", "from m", "to km", "fav", "/zz", "favs", "quit"],
    ["cat currency", "100", "favs", "show", "/eur"],
  ]

  @Test("Every standard output line is one JSON value", arguments: scripts)
  func jsonOnly(_ commands: [String]) async throws {
    let environment = CurrencyEndToEndTests.environment()
    let outcome = try await ConvProcess.run(
      ["repl", "--json"], stdin: commands.joined(separator: "\n") + "\n",
      environment: environment)
    #expect(!outcome.stdout.isEmpty)
    for line in outcome.lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(commands): \(line)")
    }
  }
}
