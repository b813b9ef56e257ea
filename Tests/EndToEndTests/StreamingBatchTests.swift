import Foundation
import Testing

/// Issue 21: batch answers each line as it arrives (a coprocess, `tail -f | conv -t`), and terse
/// output keeps one line per request, failed ones included.
@Suite("Batch as lines arrive")
struct StreamingBatchTests {
  @Test("An answer comes back before the next line is written")
  func coprocess() throws {
    let process = Process()
    process.executableURL = ConvProcess.executable
    process.arguments = ["-t"]
    process.environment = ConvProcess.isolatedEnvironment()
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    for (line, expected) in [("5 mi to km", "8.04672"), ("1 ft to in", "12"), ("100 °C to °F", "212")] {
      try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
      // Read until the answer's line is complete, for at most five seconds.
      var received = Data()
      let deadline = Date().addingTimeInterval(5)
      while !received.contains(10), Date() < deadline {
        var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, 100) > 0 {
          let chunk = output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          received.append(chunk)
        }
      }
      #expect(String(decoding: received, as: UTF8.self) == expected + "\n", "no answer to '\(line)' in time")
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test("Terse batch output lines up with its input: an empty line for a failed, blank or comment line")
  func aligned() throws {
    let outcome = try ConvProcess.run(
      ["-t"], stdin: "5 mi to km\n5 xyz to km\n\n# comment\n1 ft to in\n2 s to Hz\n1 in to mm\n")
    #expect(outcome.status == 1)
    #expect(outcome.lines == ["8.04672", "", "", "", "12", "", "25.4"], "\(outcome.stdout)")
    #expect(outcome.errorLines.count == 2, "\(outcome.stderr)")
  }

  @Test("JSON batch: one line per input line, JSON Lines")
  func jsonLines() throws {
    let outcome = try ConvProcess.run(["--json"], stdin: "5 mi to km\n5 xyz to km\n\n# comment\n1 ft to in\n")
    #expect(outcome.lines.count == 5, "\(outcome.stdout)")
    #expect(
      outcome.lines[1].contains("\"error\"") && outcome.lines[2].contains("\"skipped\":true")
        && outcome.lines[3].contains("\"skipped\":true") && outcome.lines[4].contains("\"result\":12"),
      "\(outcome.stdout)")
  }
}
