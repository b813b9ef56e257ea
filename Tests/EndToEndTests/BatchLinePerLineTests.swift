import Foundation
import Testing

/// Issue 33 through the binary: in batch, `-t` and `--json` answer every input line with exactly
/// one output line (a line without a target is refused as one line, never a whole column), and
/// human batch output escapes every character that could move the cursor or reorder a line.
@Suite("Batch: one line per line, escaped")
struct BatchLinePerLineTests {
  /// Batch inputs mixing lines without a target with good, failing, blank and comment lines.
  static let inputs: [[String]] = [
    ["5 mi km", "5 mi", "3 ft m"],
    ["5 mi"],
    ["100 EUR", "1 lb kg"],
    ["2 m", "", "# comment", "3 kg", "4 xyzzy", "20 °C to °F", "1 h"],
    ["1.8 m ft;in", "6 ft", "30 dBm", "30 dBm W", "7 kWh", "9 m^2"],
    ["-40 °C", "1/3 cup", "2 km/h", "1 GiB", "(5 m)", "5 m + 1 ft"],
  ]

  @Test("-t and --json give exactly one stdout line per input line", arguments: inputs)
  func oneLinePerLine(_ lines: [String]) async throws {
    let environment = CurrencyEndToEndTests.environment()
    let input = lines.joined(separator: "\n") + "\n"
    // A quantity alone, or a sum (`5 m + 1 ft`: a target never starts with `+`).
    let withoutTarget = lines.filter { line in
      !line.isEmpty && !line.hasPrefix("#") && !line.contains(" to ") && !line.contains("xyzzy")
        && (line.split(separator: " ").count <= 2 || line.contains(" + "))
    }
    for flag in ["-t", "--json"] {
      let outcome = try await ConvProcess.run([flag], stdin: input, environment: environment)
      #expect(outcome.lines.count == lines.count, "\(flag) \(lines): \(outcome.stdout)")
      #expect(outcome.status == 1, "\(flag) \(lines)")
      let refusals = outcome.errorLines.filter { $0.contains("no target unit") }
      #expect(refusals.count == withoutTarget.count, "\(flag) \(lines): \(outcome.stderr)")
      if flag == "--json" {
        for line in outcome.lines {
          #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
      }
    }
    // Human batch output keeps the whole column: people read it.
    let human = try await ConvProcess.run([], stdin: input, environment: environment)
    #expect(human.lines.count > lines.count)
  }

  @Test("-t of a line without a target prints an empty line, as for a failed line, and names the line")
  func placeholder() async throws {
    let outcome = try await ConvProcess.run(["-t"], stdin: "5 mi km\n5 mi\n3 ft m\n")
    #expect(outcome.lines == ["8.04672", "", "0.9144"])
    #expect(
      outcome.errorLines == [
        "conv: line 2: no target unit: -t and --json answer each batch line with one line, "
          + "and a whole column is many; write '5 mi to UNIT'"
      ])
    // One-shot keeps the column: its one request is the whole output.
    #expect(try await ConvProcess.run(["-t", "5", "mi"]).lines.count > 1)
  }

  /// Characters that move the cursor, end a line or reorder it.
  static let unsafe: [String] = [
    "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{1C}", "\u{1F}",
    "\u{9B}", "\u{202E}", "\u{2066}",
  ]

  @Test("Human batch output writes line-breaking and control characters as <U+XXXX>", arguments: unsafe)
  func escaped(_ character: String) async throws {
    let lines = [
      "5 mi\(character)+ 1 ft to km", "5\(character)mi to km", "(5 mi\(character)) km", "7 m\(character)*2 to ft",
      "8 m\(character)*2 to ft", "3 m to ft\(character)*2", "2 m\(character)", "1.8 m to ft;\(character)in",
      "5 m to (\(character)ft)",
    ]
    for flags in [[], ["--ascii"]] {
      let outcome = try await ConvProcess.run(flags, stdin: lines.joined(separator: "\n") + "\n")
      let raw = outcome.stdout.unicodeScalars.filter { scalar in
        (scalar.value < 0x20 && scalar != "\n") || (0x7F..<0xA0).contains(scalar.value)
          || [0x2028, 0x2029, 0x202E, 0x2066].contains(scalar.value)
      }
      #expect(raw.isEmpty, "\(flags) \(character.unicodeScalars.first!.value): \(outcome.stdout)")
      // The line-breaking ones are read as spaces; the others are refused (on standard error).
      if character.first!.isWhitespace { #expect(outcome.stdout.contains("8.04672 km"), "\(outcome.stdout)") }
    }
  }
}
