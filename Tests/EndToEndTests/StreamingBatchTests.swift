import Foundation
import Subprocess
import Testing

/// Issue 21: batch answers each line as it arrives (a coprocess, `tail -f | conv -t`), and terse
/// output keeps one line per request, failed ones included.
@Suite("Batch as lines arrive")
struct StreamingBatchTests {
  @Test("An answer comes back before the next line is written")
  func coprocess() async throws {
    let requests = [("5 mi to km", "8.04672"), ("1 ft to in", "12"), ("100 °C to °F", "212")]
    let configuration = ConvProcess.configuration(
      ConvProcess.executable, ["-t"], environment: ConvProcess.isolatedEnvironment())
    // Each answer is awaited before the next line is written: a conv that held its answers until
    // more input came, or until the end, would fail the run at its timeout.
    let (answers, status) = try await ConvProcess.withTimeout(15, arguments: ["-t"]) {
      let result = try await Subprocess.run(
        configuration, input: .inputWriter, output: .sequence, error: .discarded
      ) { execution in
        var lines = execution.standardOutput.strings().makeAsyncIterator()
        var answers: [String] = []
        for (line, _) in requests {
          _ = try await execution.standardInputWriter.write(line + "\n")
          answers.append(try await lines.next() ?? "(end of output)")
        }
        try await execution.standardInputWriter.finish()
        return answers
      }
      return (result.closureResult, result.terminationStatus)
    }
    #expect(answers == requests.map(\.1))
    #expect(status == .exited(0))
  }

  @Test("Terse batch output lines up with its input: an empty line for a failed, blank or comment line")
  func aligned() async throws {
    let outcome = try await ConvProcess.run(
      ["-t"], stdin: "5 mi to km\n5 xyz to km\n\n# comment\n1 ft to in\n2 s to Hz\n1 in to mm\n")
    #expect(outcome.status == 1)
    #expect(outcome.lines == ["8.04672", "", "", "", "12", "", "25.4"], "\(outcome.stdout)")
    #expect(outcome.errorLines.count == 2, "\(outcome.stderr)")
  }

  @Test("JSON batch: one line per input line, JSON Lines")
  func jsonLines() async throws {
    let outcome = try await ConvProcess.run(["--json"], stdin: "5 mi to km\n5 xyz to km\n\n# comment\n1 ft to in\n")
    #expect(outcome.lines.count == 5, "\(outcome.stdout)")
    #expect(
      outcome.lines[1].contains("\"error\"") && outcome.lines[2].contains("\"skipped\":true")
        && outcome.lines[3].contains("\"skipped\":true") && outcome.lines[4].contains("\"result\":12"),
      "\(outcome.stdout)")
  }
}
