import Foundation
import Testing

/// Issue 20, finding 3: nothing conv prints can drive the terminal. Hostile text reaches conv
/// through units files (names, titles, sources), paths in the environment, the favorites file,
/// the input and the REPL's filter; it comes out with its control characters written as
/// `<U+001B>`, or the file is refused with a message that shows them so.
@Suite("Terminal escapes")
struct TerminalEscapeTests {
  /// Sets the window title, clears the screen, rings the bell, a C1 control sequence introducer
  /// and a right-to-left override.
  static let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}"

  /// Whether the text holds a character that drives a terminal (escape, bell, C1) or reorders a line.
  static func isRaw(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F..<0xA0).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Writes what the case needs into the scratch folder; returns the arguments, extra
    /// environment and standard input.
    let prepare: @Sendable (URL) throws -> (arguments: [String], environment: [String: String], stdin: String?)
  }

  static func file(_ folder: URL, _ name: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  static let cases: [Case] = [
    Case(testDescription: "unit name in a units file") { folder in
      let path = try file(folder, "a.units", "category: length\nfoo\(hostile) | | fq | | 2 m | | test\n")
      return (["1", "fq", "m"], ["CONV_UNITS": path], nil)
    },
    Case(testDescription: "category title in a units file") { folder in
      let path = try file(
        folder, "a.units", "category: evil\ntitle: Evil\(hostile)\ndimension: length\nfoo | | fq | | 2 m | | test\n")
      return (["categories"], ["CONV_UNITS": path], nil)
    },
    Case(testDescription: "unit source in a units file (info)") { folder in
      let path = try file(folder, "a.units", "category: length\nfoo | | fq | | 2 m | | NIST\(hostile)\n")
      return (["info", "fq"], ["CONV_UNITS": path], nil)
    },
    Case(testDescription: "path of a missing units file") { folder in
      (["1", "m", "ft"], ["CONV_UNITS": folder.path + "/no\(hostile).units"], nil)
    },
    Case(testDescription: "path of a units file with problems") { folder in
      let path = try file(folder, "bad\(hostile).units", "category: length\nnot a line\n")
      return (["1", "m", "ft"], ["CONV_UNITS": path], nil)
    },
    Case(testDescription: "path of a settings file with problems") { folder in
      let path = try file(folder, "bad\(hostile).settings", "no-such-setting = 1\n")
      return (["1", "m", "ft"], ["CONV_SETTINGS": path], nil)
    },
    Case(testDescription: "favorites path (fav path)") { folder in
      (["fav", "path"], ["CONV_FAVORITES": folder.path + "/fav\(hostile)"], nil)
    },
    Case(testDescription: "favorites path and a bad line (fav)") { folder in
      let path = try file(folder, "fav\(hostile)", "# conv favorites v1\nmi -> \(hostile)\n")
      return (["fav"], ["CONV_FAVORITES": path], nil)
    },
    Case(testDescription: "input echoed under an error") { _ in (["5 \(hostile) mi", "km"], [:], nil) },
    Case(testDescription: "search") { _ in (["search", "metre\(hostile)"], [:], nil) },
    Case(testDescription: "info of an unknown unit") { _ in (["info", "x\(hostile)"], [:], nil) },
    Case(testDescription: "list of an unknown category") { _ in (["list", "x\(hostile)"], [:], nil) },
    Case(testDescription: "batch line") { _ in (["-"], [:], "5 mi to km\(hostile)\n5 mi to km\n") },
    Case(testDescription: "REPL filter from a script") { _ in (["repl"], [:], "/\(hostile)\nshow\n") },
    Case(testDescription: "REPL line from a script") { _ in (["repl"], [:], "from \(hostile)\n5 \(hostile)\n") },
  ]

  @Test("Hostile text comes out escaped, never raw", arguments: cases)
  func escaped(_ test: Case) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-escape-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (arguments, extra, stdin) = try test.prepare(folder)
    let outcome = try await ConvProcess.run(
      arguments, stdin: stdin, environment: ConvProcess.isolatedEnvironment(extra))
    #expect(!Self.isRaw(outcome.stdout), "\(outcome.stdout.debugDescription)")
    #expect(!Self.isRaw(outcome.stderr), "\(outcome.stderr.debugDescription)")
    // What was hostile is still shown, made visible.
    #expect(
      (outcome.stdout + outcome.stderr).contains("<U+001B>"), "\((outcome.stdout + outcome.stderr).debugDescription)")
  }

  @Test("Colours are conv's own: kept with --color always, while hostile escapes are written out")
  func coloursKept() async throws {
    let outcome = try await ConvProcess.run(["--color", "always", "5 mi", "km\u{1B}]0;PWNED\u{07}"])
    #expect(outcome.stderr.contains("<U+001B>]0;PWNED<U+0007>"), "\(outcome.stderr.debugDescription)")
    let colored = try await ConvProcess.run(["--color", "always", "1e30", "m", "km"])
    #expect(colored.stdout.contains("\u{1B}["), "\(colored.stdout.debugDescription)")
    #expect(!colored.stdout.contains("<U+001B>"))
  }
}
