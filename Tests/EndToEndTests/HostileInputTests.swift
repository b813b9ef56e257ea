import Foundation
import Testing

/// Hostile input (issue 10): each must end promptly with a one-line error on standard error and an
/// exit status from 1 to 127, never a crash, a hang or a signal.
///
/// "One line": exactly one line starts with `conv:`; in human mode it may be followed by the caret
/// lines that point at the bad token (two lines indented by two spaces), never by anything else.
/// Batch mode prints exactly one `conv: line N:` line per bad input line and no carets.
@Suite("Hostile input")
struct HostileInputTests {
  /// Generous for a debug build on a loaded machine; every case takes well under a second in a
  /// release build.
  static let timeout: TimeInterval = 30

  typealias Outcome = ConvProcess.Outcome

  /// Runs conv with raw bytes on standard input, under ``timeout``.
  static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String]? = nil) async throws
    -> Outcome
  {
    try await ConvProcess.run(arguments, input: stdin, environment: environment, timeout: timeout)
  }

  /// Checks the contract for a one-shot failure: status 1–127 (not a signal), one `conv:` line,
  /// then at most the two caret lines.
  static func expectOneLineError(
    _ outcome: Outcome, _ label: String, status: Int32? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      outcome.status > 0 && outcome.status < 128, "\(label): status \(outcome.status)", sourceLocation: sourceLocation)
    if let status { #expect(outcome.status == status, "\(label)", sourceLocation: sourceLocation) }
    #expect(outcome.exited, "\(label): killed by signal \(outcome.status)", sourceLocation: sourceLocation)
    let lines = outcome.errorLines
    #expect(
      lines.first?.hasPrefix("conv: ") == true, "\(label): \(outcome.stderr.prefix(300))",
      sourceLocation: sourceLocation)
    #expect(
      lines.filter { $0.hasPrefix("conv:") }.count == 1, "\(label): \(outcome.stderr.prefix(300))",
      sourceLocation: sourceLocation)
    #expect(
      lines.count == 1 || (lines.count == 3 && lines.dropFirst().allSatisfy { $0.hasPrefix("  ") }),
      "\(label): \(outcome.stderr.prefix(300))", sourceLocation: sourceLocation)
    #expect(
      lines.allSatisfy { $0.utf8.count < 10_000 }, "\(label): an error line echoes the whole input",
      sourceLocation: sourceLocation)
    #expect(outcome.stdout.isEmpty, "\(label): \(outcome.stdout.prefix(300))", sourceLocation: sourceLocation)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String {
      arguments.map { $0.count > 30 ? String($0.prefix(30)) + "…" : $0 }.joined(separator: " ")
    }
  }

  @Test(
    "One-shot hostile arguments",
    arguments: [
      Case(arguments: [""], message: "nothing to convert"),
      Case(arguments: ["   "], message: "nothing to convert"),
      Case(arguments: ["5"], message: "is a number without a unit"),
      Case(arguments: ["-2.5e3"], message: "is a number without a unit"),
      Case(arguments: ["+"], message: "expression ends too early"),
      Case(arguments: ["*", "km"], message: "unexpected '*'"),
      Case(arguments: ["/"], message: "unexpected '/'"),
      Case(arguments: ["^"], message: "unexpected '^'"),
      Case(arguments: ["((5 m", "km"], message: "missing ')'"),
      Case(arguments: ["5 m))", "km"], message: "unexpected ')'"),
      Case(arguments: [")("], message: "unexpected ')'"),
      Case(arguments: ["nan"], message: "unknown unit 'nan'"),
      Case(arguments: ["inf", "m"], message: "unknown unit 'inf'"),
      Case(arguments: ["NaN m", "km"], message: "unknown unit 'NaN'"),
      Case(arguments: ["1e999"], message: "is a number without a unit"),
      Case(arguments: ["1e999999", "m", "km"], message: "out of range"),
      Case(arguments: ["0", "mpg", "L/100km"], message: "zero mpg has no equivalent in L/100km"),
      Case(arguments: ["-500", "°C", "K"], message: "-500 °C is below absolute zero (-273.15 °C)"),
      Case(arguments: ["-500 °C"], message: "-500 °C is below absolute zero (-273.15 °C)"),
      Case(arguments: ["-1", "K", "°C"], message: "-1 K is below absolute zero (0 K)"),
      Case(arguments: ["-460", "°F", "°C"], message: "below absolute zero (-459.67 °F)"),
      Case(arguments: ["6", "mi", "0km"], message: "the unit '0km' is zero"),
      Case(arguments: ["m^99999", "m"], message: "exponent 99999 is too large"),
      Case(arguments: ["1", "m⁹⁹⁹⁹⁹", "m"], message: "exponent 99999 is too large"),
      Case(arguments: ["(1e300 m)^20", "m"], message: "more than 4500 digits"),
      Case(
        arguments: ["1 m" + String(repeating: "*m", count: 2000), "m"],
        message: "length²⁵: a dimension's powers are at most 24"),
      Case(arguments: ["5 \u{1B}[2J mi", "km"], message: "unexpected character '<U+001B>'"),
      Case(arguments: ["5 mi", "k\u{7}m"], message: "<U+0007>"),
      Case(arguments: ["--frobnicate", "5", "mi", "km"], message: "unknown option '--frobnicate'"),
      Case(arguments: ["-x", "5", "mi", "km"], message: "unknown option '-x'"),
      Case(arguments: ["5", "mi", "km", "--no-such-flag"], message: "unknown option '--no-such-flag'"),
    ])
  func oneShot(_ c: Case) async throws {
    let outcome = try await Self.run(c.arguments)
    Self.expectOneLineError(outcome, c.testDescription)
    #expect(outcome.stderr.contains(c.message), "\(outcome.stderr.prefix(300))")
  }

  @Test("Unknown options exit 64 on one line")
  func unknownOptions() async throws {
    for arguments in [["--frobnicate", "5", "mi", "km"], ["-x", "5", "mi", "km"]] {
      let outcome = try await Self.run(arguments)
      Self.expectOneLineError(outcome, arguments.joined(separator: " "), status: 64)
    }
  }

  @Test("100,000-deep parentheses (as two arguments, each under the kernel's 128 KiB limit)")
  func deepParentheses() async throws {
    let open = String(repeating: "(", count: 100_000)
    let close = "1 m" + String(repeating: ")", count: 100_000)
    let outcome = try await Self.run([open, close, "km"])
    Self.expectOneLineError(outcome, "deep parentheses")
    #expect(outcome.stderr.contains("input is too long"))
    // Under the length limit, nesting stops at its own limit.
    let nested = String(repeating: "(", count: 2000) + "1 m" + String(repeating: ")", count: 2000)
    let deep = try await Self.run([nested, "km"])
    Self.expectOneLineError(deep, "2000-deep parentheses")
    #expect(deep.stderr.contains("nested too deeply"))
  }

  @Test("A megabyte of arguments")
  func megabyteOfArguments() async throws {
    // One argument cannot exceed 128 KiB on Linux (MAX_ARG_STRLEN): the kernel refuses to start
    // any program with it. Ten arguments of 100,000 characters make the megabyte.
    let words = ["5 m"] + Array(repeating: String(repeating: "x", count: 100_000), count: 10) + ["km"]
    let outcome = try await Self.run(words)
    Self.expectOneLineError(outcome, "1 MB of arguments")
    #expect(outcome.stderr.contains("input is too long"))
  }

  @Test("Batch: every hostile line gets one line of error, and the good lines still convert")
  func batchLines() async throws {
    var input = Data()
    let lines: [[UInt8]] = [
      Array("5 mi to km".utf8),
      Array("5".utf8),
      Array("+".utf8),
      Array("((((5 m to km".utf8),
      Array((String(repeating: "(", count: 100_000) + "1 m" + String(repeating: ")", count: 100_000) + " km").utf8),
      Array(repeating: UInt8(ascii: "7"), count: 1 << 20),  // a 1 MB line
      Array("nan to km".utf8),
      Array("0 mpg to L/100km".utf8),
      Array("-500 °C to K".utf8),
      [0x35, 0x20, 0xFF, 0xFE, 0x20, 0x6D, 0x69, 0x20, 0x6B, 0x6D],  // invalid UTF-8
      [0x1B, 0x5B, 0x32, 0x4A, 0x07, 0x08, 0x00, 0x7F],  // control characters and NUL
      Array("1 m^99999 to m".utf8),
      Array("1 ft to in".utf8),
    ]
    for line in lines {
      input.append(contentsOf: line)
      input.append(10)
    }
    let outcome = try await Self.run(["-t"], stdin: input)
    #expect(outcome.exited && outcome.status == 1)
    // Terse batch output keeps an empty line for each failed request.
    #expect(outcome.stdout == "8.04672\n" + String(repeating: "\n", count: lines.count - 2) + "12\n")
    let errors = outcome.errorLines
    #expect(errors.count == lines.count - 2, "\(outcome.stderr.prefix(2000))")
    #expect(errors.allSatisfy { $0.hasPrefix("conv: line ") }, "\(outcome.stderr.prefix(2000))")
    #expect(errors.map { String($0.split(separator: ":")[1]) } == (2...12).map { " line \($0)" })
    #expect(errors.allSatisfy { $0.utf8.count < 500 })
    #expect(errors.allSatisfy { line in line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
  }

  @Test("Batch: one megabyte line, a line without end, and no input at all")
  func batchEdges() async throws {
    let megabyte = Data(repeating: UInt8(ascii: "("), count: 1 << 20)
    var outcome = try await Self.run(["-"], stdin: megabyte)
    #expect(outcome.status == 1)
    #expect(outcome.errorLines == ["conv: line 1: input is too long (at most 4096 characters)"])
    // Ten megabytes without a line break: memory stays bounded and the answer is the same.
    outcome = try await Self.run(["-"], stdin: Data(repeating: UInt8(ascii: "x"), count: 10 << 20))
    #expect(outcome.status == 1)
    #expect(outcome.errorLines == ["conv: line 1: input is too long (at most 4096 characters)"])
    for empty in ["", "\n\n   \n", "# only a comment\n"] {
      outcome = try await Self.run(["-"], stdin: Data(empty.utf8))
      #expect(outcome.status == 1, "\(empty.debugDescription)")
      #expect(
        outcome.errorLines.count == 1 && outcome.errorLines[0].hasPrefix("conv: nothing to convert"),
        "\(outcome.stderr)")
    }
  }

  @Test("A hostile personal units file is reported, and conv keeps working")
  func hostileUnitsFile() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("units")
    // A chain of 2,000 units each defined by the next, a cycle, a definition nested too deeply,
    // control characters and invalid UTF-8.
    // Problems are listed file order, at most 20 of them: the cycle and the deep definition first.
    var text = "category: chain\ndimension: length\n"
    text += "loopa | | | | 2 loopb | | test\nloopb | | | | 3 loopa | | test\n"
    text +=
      "deep | | | | " + String(repeating: "(", count: 100) + "m" + String(repeating: ")", count: 100) + " | | test\n"
    for index in 0..<2000 { text += "link\(index) | | | | 2 link\(index + 1) | | test\n" }
    text += "link2000 | | | | 1 m | | test\n"
    var bytes = Data(text.utf8)
    bytes.append(contentsOf: [0x62, 0x61, 0x64, 0x1B, 0xFF, 0x20, 0x7C, 0x0A])
    try bytes.write(to: file)
    let environment = ConvProcess.isolatedEnvironment(["CONV_UNITS": file.path])
    let outcome = try await Self.run(["5", "mi", "km"], environment: environment)
    #expect(outcome.exited && outcome.status == 2, "status \(outcome.status)")
    #expect(outcome.stderr.hasPrefix("conv: "), "\(outcome.stderr.prefix(500))")
    #expect(outcome.stderr.contains("is part of a chain of more than 64 units"), "\(outcome.stderr.prefix(500))")
    #expect(outcome.stderr.contains("circular definition"), "\(outcome.stderr.prefix(500))")
    #expect(outcome.stderr.contains("nested too deeply"), "\(outcome.stderr.prefix(500))")
    #expect(
      outcome.errorLines.count == 21 && outcome.errorLines.last?.contains("more problems") == true,
      "\(outcome.errorLines.count) lines")
    #expect(
      outcome.stderr.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F) },
      "\(outcome.stderr.prefix(500))")
  }
}
