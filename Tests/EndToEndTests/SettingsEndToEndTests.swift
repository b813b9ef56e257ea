import Foundation
import Testing

/// The settings file, `--notation`, and the variables that name conv's files.
@Suite("Settings and file variables end to end")
struct SettingsEndToEndTests {
  /// A private folder with a settings file holding `text`; removed by the caller.
  static func folder(settings text: String? = nil) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if let text { try Data(text.utf8).write(to: folder.appendingPathComponent("settings")) }
    return folder
  }

  @Test(
    "--notation takes auto as well as automatic, plain and scientific",
    arguments: [
      (["--notation", "auto", "5", "mi", "km"], "5 mi = 8.04672 km"),
      (["--notation", "automatic", "5", "mi", "km"], "5 mi = 8.04672 km"),
      (["--notation", "auto", "1", "PB", "bit"], "1 PB = 8 × 10¹⁵ bit"),
      (["--notation", "plain", "1", "PB", "bit"], "1 PB = 8,000,000,000,000,000 bit"),
      (["--notation", "scientific", "5", "mi", "km"], "5 × 10⁰ mi = 8.04672 × 10⁰ km"),
    ])
  func notationOption(_ arguments: [String], _ expected: String) async throws {
    let outcome = try await ConvProcess.run(arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines == [expected])
  }

  @Test("--help and a bad --notation name auto, plain and scientific")
  func notationHelp() async throws {
    let help = try await ConvProcess.run(["convert", "--help"])
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    // Named once (issue 38: the values were listed twice).
    #expect(text.contains("Number notation: auto, plain or scientific. --ascii"), "\(help.stdout)")
    let bad = try await ConvProcess.run(["--notation", "weird", "5", "mi", "km"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("'auto', 'plain' or 'scientific'"), "\(bad.stderr)")
  }

  @Test(
    "notation = auto in the settings file",
    arguments: [
      ("notation = auto\n", "5 mi = 8.04672 km"),
      ("notation = automatic\n", "5 mi = 8.04672 km"),
      ("notation = Auto\n", "5 mi = 8.04672 km"),
      ("notation = scientific\n", "5 × 10⁰ mi = 8.04672 × 10⁰ km"),
    ])
  func notationSetting(_ settings: String, _ expected: String) async throws {
    let folder = try SettingsEndToEndTests.folder(settings: settings)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("settings").path
    let outcome = try await ConvProcess.run(
      ["5", "mi", "km"], environment: ConvProcess.isolatedEnvironment(["CONV_SETTINGS": path]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines == [expected])
  }

  @Test("Every problem in the settings file is reported, then exit 2")
  func everySettingsProblem() async throws {
    let folder = try SettingsEndToEndTests.folder(
      settings: """
        foo = 1
        notation = weird
        # a comment
        digits = 5
        digits = 99
        color
        ascii = maybe
        """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("settings").path
    let outcome = try await ConvProcess.run(
      ["5", "mi", "km"], environment: ConvProcess.isolatedEnvironment(["CONV_SETTINGS": path]))
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(
      outcome.stderr.split(separator: "\n").map(String.init) == [
        "conv: \(path):1: unknown setting 'foo', ignored; the keys are digits, notation, color, ascii, system, column.CATEGORY",
        "conv: \(path):2: notation must be auto, plain or scientific",
        "conv: \(path):5: digits must be 1 to 40",
        "conv: \(path):6: expected 'key = value'",
        "conv: \(path):7: ascii must be true or false",
      ])
  }

  @Test(
    "CONV_UNITS and CONV_SETTINGS naming a missing file are errors, exit 2",
    arguments: [
      ["5", "mi", "km"], ["list", "length"], ["repl"],
    ])
  func missingNamedFile(_ arguments: [String]) async throws {
    let folder = try SettingsEndToEndTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("no-such-file").path
    let units = try await ConvProcess.run(
      arguments, stdin: "", environment: ConvProcess.isolatedEnvironment(["CONV_UNITS": missing]))
    #expect(units.status == 2)
    #expect(units.stdout.isEmpty)
    #expect(units.stderr == "conv: CONV_UNITS: no such file: \(missing)\n")
    if arguments != ["list", "length"] {  // list has no output options, so no settings
      let settings = try await ConvProcess.run(
        arguments, stdin: "",
        environment: ConvProcess.isolatedEnvironment(["CONV_SETTINGS": missing]))
      #expect(settings.status == 2)
      #expect(settings.stdout.isEmpty)
      #expect(settings.stderr == "conv: CONV_SETTINGS: no such file: \(missing)\n")
    }
  }

  @Test("Missing files at the default paths, or empty variables, are no settings and no personal units")
  func missingDefaultFiles() async throws {
    let outcome = try await ConvProcess.run(
      ["5", "mi", "km"],
      environment: ConvProcess.isolatedEnvironment([
        "CONV_UNITS": "", "CONV_SETTINGS": "",
      ]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines == ["5 mi = 8.04672 km"])
  }
}
