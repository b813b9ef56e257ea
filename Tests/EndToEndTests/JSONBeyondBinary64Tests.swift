import Foundation
import Testing

/// Issue 37: JSON never writes a number a reader turns into infinity or zero (`1e409`, `1e-400`):
/// such a value is a JSON string of the terse form; Python's json module reads every output.
@Suite("JSON values beyond binary64", .enabled(if: ConvProcess.requires(TestServer.hasPython)))
struct JSONBeyondBinary64Tests {
  /// Arguments, and the member that must be a string (nil: every number is a plain JSON number).
  static let cases: [([String], String?)] = [
    (["1e400", "km", "m"], "1e403"), (["1e-400", "m", "km"], "1e-403"), (["-1e406", "mm", "km"], "-1e400"),
    (["1e308", "km", "m"], "1e311"), (["3e-320", "m", "km"], nil), (["5e-324", "m", "km"], "5e-327"),
    (["1e300", "GiB", "bit"], "8.589934592e309"), (["1e-320", "m", "Gm"], "1e-329"), (["5", "mi", "km"], nil),
    (["0", "m", "km"], nil), (["1e400", "m", "ft;in"], nil),
    (["1e-400", "°C", "K"], nil), (["2e308", "kg", "g"], "2e311"),
  ]

  @Test("Python reads every JSON result without inf, nan or a zero for a value that is not", arguments: cases)
  func pythonReads(_ arguments: [String], _ asString: String?) async throws {
    let outcome = try await ConvProcess.run(["--json"] + arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // Every number python reads is finite, and non-zero unless the exact value is zero.
    let script = """
      import json, math, sys
      def walk(v, key=None):
          if isinstance(v, float):
              assert math.isfinite(v), (key, v)
          if isinstance(v, dict):
              for k, x in v.items(): walk(x, k)
              if isinstance(v.get("result"), (int, float)) and v.get("exact_value") not in (None, "0"):
                  assert v["result"] != 0, v
              if isinstance(v.get("result"), str): print(v["result"])
          if isinstance(v, list):
              for x in v: walk(x, key)
      walk(json.loads(sys.stdin.read()))
      """
    let python = try await ConvProcess.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-c", script],
      input: Data(outcome.stdout.utf8))
    #expect(python.status == 0, "\(arguments): \(python.stderr) in \(outcome.stdout)")
    #expect(python.stdout == asString.map { $0 + "\n" } ?? "", "\(arguments): \(outcome.stdout)")
  }
}

/// Issue 37: a run of power words beyond a dimension's powers says what it would make.
@Suite("Powers beyond a dimension's, end to end")
struct DimensionTooLargeEndToEndTests {
  static let cases: [([String], String)] = [
    (["1 square square square square square m"], "length³²"),
    (["1", "square", "square", "square", "square", "square", "m"], "length³²"),
    (["1 cubic cubic cubic m", "m^27"], "length²⁷"), (["2 m^20*m^10"], "length³⁰"),
    (["1 m squared cubed squared squared squared", "m"], "length⁴⁸"),
    (["-t", "1 square square square square square ft", "m"], "length³²"),
  ]

  @Test("One error line naming the dimension, exit 1", arguments: cases)
  func refused(_ arguments: [String], _ formula: String) async throws {
    let outcome = try await ConvProcess.run(arguments)
    #expect(outcome.status == 1)
    #expect(
      outcome.errorLines.first
        == "conv: the result would be of dimension \(formula): a dimension's powers are at most 24 in magnitude",
      "\(outcome.stderr)")
  }
}
