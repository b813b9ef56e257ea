import Foundation
import Testing

/// Issue 21: global options before or after any subcommand, `--help` that shows them, and
/// suggestions for mistyped options and commands (not units).
@Suite("A good shell citizen")
struct ShellCitizenTests {
  static func environment() async throws -> [String: String] {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("conv-citizen-\(UUID().uuidString)")
    let environment = ConvProcess.isolatedEnvironment([
      "HOME": home.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("c").path,
    ])
    try await ConvProcess.run(["fav", "add", "mi", "km"], environment: environment)
    return environment
  }

  /// The same command with global options before and after the subcommand.
  static let placements: [([String], [String], String)] = [
    (["-t", "fav", "10"], ["fav", "10", "-t"], "16.09344"),
    (["--json", "fav"], ["fav", "--json"], "\"result\":1.609344"),
    (["--color", "never", "fav"], ["fav", "--color", "never"], "1 mi = 1.609344 km"),
    (["--digits", "3", "fav", "10"], ["fav", "10", "--digits", "3"], "16.1 km"),
    (["--json", "list", "length"], ["list", "length", "--json"], "\"symbol\":\"mi\""),
    (["--json", "search", "foot"], ["search", "foot", "--json"], "\"name\":\"foot\""),
    (["--ascii", "info", "Å"], ["info", "Å", "--ascii"], "angstrom"),
  ]

  @Test("Global options work before or after the subcommand", arguments: placements.indices)
  func placement(_ index: Int) async throws {
    let environment = try await Self.environment()
    let (before, after, expected) = Self.placements[index]
    let first = try await ConvProcess.run(before, environment: environment)
    let second = try await ConvProcess.run(after, environment: environment)
    #expect(first.status == 0 && first.stdout.contains(expected), "\(before): \(first.stdout) \(first.stderr)")
    #expect(first.stdout == second.stdout, "\(before) vs \(after)")
  }

  @Test("--help shows the conversion usage and the global options")
  func help() async throws {
    let outcome = try await ConvProcess.run(["--help"])
    #expect(outcome.stdout.contains("conv [options] QUANTITY [to] TARGET"))
    for option in ["--terse", "--json", "--digits", "--exact", "--ascii", "--color", "--all", "--reciprocal"] {
      #expect(outcome.stdout.contains(option), "\(option)")
    }
  }

  /// Mistyped words and what conv suggests.
  static let typos: [([String], String)] = [
    (["--jsno", "5", "mi", "km"], "did you mean '--json'?"),
    (["5", "mi", "km", "--colour", "never"], "did you mean '--color'?"),
    (["5", "mi", "km", "--exat"], "did you mean '--exact'?"),
    (["fav", "delete", "1"], "did you mean 'conv fav rm'?"),
    (["fav", "ad", "mi", "km"], "did you mean 'conv fav add'?"),
    (["lst", "length"], "did you mean the command 'conv list'?"),
    (["serch", "foot"], "did you mean the command 'conv search'?"),
    (["1", "kilometr", "m"], "did you mean 'kilometer'?"),
    (["1", "KM", "mi"], "did you mean 'km'"),
  ]

  @Test("Suggestions for options and commands, not units", arguments: typos.indices)
  func suggestions(_ index: Int) async throws {
    let (arguments, expected) = Self.typos[index]
    let outcome = try await ConvProcess.run(arguments, environment: try await Self.environment())
    #expect(outcome.status != 0)
    #expect(outcome.stderr.contains(expected), "\(arguments): \(outcome.stderr)")
  }

  @Test(
    "The input echoed under an error never carries a raw control character",
    arguments: [
      ["5 \u{1B}]0;X\u{07} mi", "km"], ["5 mi", "k\u{1B}[2Jm"], ["5 \u{202E}mi", "km"],
    ])
  func echoedInputEscaped(_ arguments: [String]) async throws {
    let outcome = try await ConvProcess.run(arguments)
    #expect(outcome.status != 0)
    #expect(
      !outcome.stderr.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x202E },
      "\(outcome.stderr.debugDescription)")
  }

  @Test(
    "bash: 'conv fav rm <Tab>' offers the favorites, not every unit",
    .enabled(if: FileManager.default.fileExists(atPath: "/bin/bash")))
  func favoritesCompletion() async throws {
    let environment = try await Self.environment()
    try await ConvProcess.run(["fav", "add", "°F", "°C"], environment: environment)
    let script = try await ConvProcess.run(["--generate-completion-script", "bash"], environment: environment).stdout
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-bash-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try script.write(to: folder.appendingPathComponent("conv.bash"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("conv"), withDestinationURL: ConvProcess.executable)
    func complete(_ words: [String]) async throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let line = words.joined(separator: " ")
      let command =
        "source conv.bash; COMPREPLY=(); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); "
        + "COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; _conv; printf '%s\\n' \"${COMPREPLY[@]}\""
      var variables = environment
      variables["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      let bash = try await ConvProcess.run(
        executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", command], environment: variables,
        workingDirectory: folder, errors: .discarded)
      return bash.stdout.split(separator: "\n").map(String.init)
    }
    #expect(Set(try await complete(["conv", "fav", "rm", ""])) == ["1", "2", "mi", "°F"])
    #expect(try await complete(["conv", "fav", "rm", "mi", ""]) == ["km"])
    // The default command completes units, of the dimension of what is typed before.
    let units = try await complete(["conv", "5", "mi", "k"])
    #expect(units.contains("km") && !units.contains("kg") && !units.contains("convert"), "\(units)")
    // Symbols with an operator of their own complete whole (`°/h` beside rpm).
    #expect(try await complete(["conv", "1", "rpm", "°/h"]).first == "°/h")
    #expect(try await complete(["conv", "1", "m", "µ"]).contains("µm"))
  }

  @Test("Unit suggestions fit the other side: none for nonsense beside a length")
  func fittingSuggestions() async throws {
    let outcome = try await ConvProcess.run(["1", "mi", "xyz"])
    #expect(outcome.status == 1)
    #expect(!outcome.stderr.contains("Gy") && !outcome.stderr.contains("Hz"), "\(outcome.stderr)")
  }
}
