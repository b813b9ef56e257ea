import Foundation
import Testing

/// Batch output and its messages in one file (`conv -t < in > out 2>&1`): each line's notes,
/// output and error in the order of the input lines (conv collects them in one block then).
@Suite("Batch output and messages in one file")
struct SharedStreamTests {
  static let input = "5 mi to km\n5 zqxx to km\n5 pt to mm\n2 pt to mm\n# comment\n1 m to ft\n3 fooo to m\n"

  static let cases: [(arguments: [String], expected: [String])] = [
    (
      ["-t"],
      [
        "8.04672", "", "conv: line 2: unknown unit 'zqxx'", "1.7638888888888888", "0.7055555555555556", "",
        "3.2808398950131235", "", "conv: line 7: unknown unit 'fooo'; did you mean 'foot' or 'fot'?",
      ]
    ),
    (
      [],
      [
        "5 mi = 8.04672 km", "conv: line 2: unknown unit 'zqxx'", "conv: note: pt read as point",
        "5 point ≈ 1.7638889 mm", "2 point ≈ 0.70555556 mm", "1 m ≈ 3.2808399 ft",
        "conv: line 7: unknown unit 'fooo'; did you mean 'foot' or 'fot'?",
      ]
    ),
  ]

  @Test("Notes, results and errors in input order", arguments: cases)
  func inOrder(arguments: [String], expected: [String]) async throws {
    let lines = try await SharedStreamTests.run(arguments, input: SharedStreamTests.input)
    #expect(lines == expected)
  }

  @Test("A note comes before its line's output, after the lines before it")
  func noteInPlace() async throws {
    // (No failed line before the note: nothing else writes the block out before it.)
    let lines = try await SharedStreamTests.run([], input: "5 mi to km\n5 pt to mm\n3 fooo to m\n")
    #expect(
      lines == [
        "5 mi = 8.04672 km", "conv: note: pt read as point", "5 point ≈ 1.7638889 mm",
        "conv: line 3: unknown unit 'fooo'; did you mean 'foot' or 'fot'?",
      ])
  }

  @Test("Two files: results on standard output, messages on standard error")
  func separateFiles() async throws {
    let outcome = try await ConvProcess.run([], stdin: SharedStreamTests.input)
    #expect(outcome.status == 1)
    #expect(
      outcome.lines == ["5 mi = 8.04672 km", "5 point ≈ 1.7638889 mm", "2 point ≈ 0.70555556 mm", "1 m ≈ 3.2808399 ft"])
    #expect(
      outcome.errorLines == [
        "conv: line 2: unknown unit 'zqxx'", "conv: note: pt read as point",
        "conv: line 7: unknown unit 'fooo'; did you mean 'foot' or 'fot'?",
      ])
  }

  @Test("JSON: each failed line's object, then its message")
  func json() async throws {
    let lines = try await SharedStreamTests.run(["--json"], input: SharedStreamTests.input)
    #expect(lines.count == 9)
    #expect(lines[1] == #"{"line":2,"input":"5 zqxx to km","error":"unknown unit 'zqxx'"}"#)
    #expect(lines[2] == "conv: line 2: unknown unit 'zqxx'")
    #expect(lines[5] == ##"{"line":5,"input":"# comment","skipped":true}"##)
    #expect(lines[8] == "conv: line 7: unknown unit 'fooo'; did you mean 'foot' or 'fot'?")
  }

  @Test("Many bad lines: every message, each after the line before it")
  func manyBadLines() async throws {
    var input = ""
    var expected: [String] = []
    for number in 1...3000 {
      if number % 3 == 0 {
        // A word of its own for every bad line: the digits of its number as the letters q to z.
        let word = "zq" + String(String(number).unicodeScalars.map { Character(Unicode.Scalar($0.value + 65)!) })
        input += "\(number) \(word) to km\n"
        expected += ["", "conv: line \(number): unknown unit '\(word)'"]
      } else {
        input += "\(number) m to cm\n"
        expected.append("\(number * 100)")
      }
    }
    let lines = try await SharedStreamTests.run(["-t"], input: input)
    #expect(lines.count == expected.count)
    // (An error may go on with suggestions: `did you mean …`.)
    let mismatch = zip(lines, expected).enumerated().first { _, pair in
      pair.1.hasPrefix("conv: ") ? !pair.0.hasPrefix(pair.1) : pair.0 != pair.1
    }
    #expect(mismatch == nil, "line \((mismatch?.offset ?? 0) + 1) of the output")
  }

  /// Runs conv with standard output and standard error on one temporary file; its lines.
  static func run(_ arguments: [String], input: String) async throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conv-shared-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputFile = directory.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputFile)
    let outcome = try await ConvProcess.run(
      executable: ConvProcess.executable, arguments: arguments, input: Data(input.utf8),
      environment: ConvProcess.isolatedEnvironment(), output: .file(output), errors: .standardOutput)
    try output.close()
    #expect(outcome.status == 1)
    let text = try String(contentsOf: outputFile, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}
