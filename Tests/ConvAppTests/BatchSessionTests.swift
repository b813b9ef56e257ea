import ConvKit
import Testing

@testable import ConvApp

/// A batch as a whole: what reaches standard output and standard error, and the exit status.
@Suite("Batch session")
struct BatchSessionTests {
  /// Collects standard output and the messages for standard error, in order.
  struct Sink: BatchSink {
    var bytes: [UInt8] = []
    var errors: [String] = []
    var notes: [String] = []
    mutating func error(_ text: String) { errors.append(text) }
    mutating func notes(_ notes: [String], before lineStart: Int) { self.notes += notes }
    mutating func lineDone() {}
    var lines: [String] {
      var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
      if lines.last == "" { lines.removeLast() }
      return lines
    }
  }

  static func run(_ input: [String], mode: OutputMode) -> (sink: Sink, failed: Bool, message: String?) {
    var options = OutputOptions()
    options.mode = mode
    var session = BatchSession(converter: Converter(catalog: .builtin, options: options))
    var sink = Sink()
    for line in input {
      Array(line.utf8).withUnsafeBufferPointer { session.convert($0, into: &sink) }
    }
    let end = session.finish()
    return (sink, end.failed, end.message)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let input: [String]
    let mode: OutputMode
    let output: [String]
    let errors: [String]
    let failed: Bool
    var testDescription: String { "\(mode): \(input)" }
  }

  static let cases: [Case] = [
    Case(input: ["5 mi km"], mode: .terse, output: ["8.04672"], errors: [], failed: false),
    Case(
      input: ["5 mi km", "", "# comment", "3 ft m"], mode: .terse, output: ["8.04672", "", "", "0.9144"],
      errors: [], failed: false),
    Case(
      input: ["5 mi km", "5 zqxy km", "2 h min"], mode: .terse, output: ["8.04672", "", "120"],
      errors: ["line 2: unknown unit 'zqxy'"], failed: true),
    Case(
      input: ["1 m s"], mode: .terse, output: [""], errors: ["line 1: cannot convert m to s: length vs time"],
      failed: true),
    Case(input: ["5 mi km"], mode: .human, output: ["5 mi = 8.04672 km"], errors: [], failed: false),
    Case(input: ["# only a comment", ""], mode: .human, output: [], errors: [], failed: true),
    Case(input: [], mode: .terse, output: [], errors: [], failed: true),
    Case(
      input: ["12", "5 mi km"], mode: .human, output: ["5 mi = 8.04672 km"],
      errors: [
        "line 1: '12' is a number without a unit: give a quantity such as '5 mi' and a target unit such as 'km'"
      ], failed: true),
  ]

  @Test("Output, messages and exit status", arguments: cases)
  func session(_ example: Case) {
    let (sink, failed, message) = BatchSessionTests.run(example.input, mode: example.mode)
    #expect(sink.lines == example.output)
    #expect(
      sink.errors == example.errors,
      "errors: \(sink.errors)")
    #expect(failed == example.failed)
    #expect((message != nil) == (example.input.allSatisfy { $0.isEmpty || $0.hasPrefix("#") }))
  }

  /// Script modes keep one line per input line, whatever the line is.
  @Test("One output line per input line in script modes", arguments: [OutputMode.terse, .json])
  func oneLinePerLine(_ mode: OutputMode) {
    let input = [
      "5 mi km", "", "# c", "zz", "5 mi", "5 zqxy km", "1 m s", "3 ft to m", "-40 °C °F", "1/0 m ft", "12 ft",
    ]
    let (sink, _, _) = BatchSessionTests.run(input, mode: mode)
    #expect(sink.lines.count == input.count, "\(sink.lines)")
    if mode == .json { #expect(sink.lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }) }
  }
}
