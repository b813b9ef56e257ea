import Foundation
import Testing

/// Issue 16: `ascii = true` in the settings file, `--ascii` or a non-UTF-8 locale give the same ASCII
/// output in every command, and an ASCII symbol is never another unit's.
@Suite("ASCII output in every command")
struct ASCIIEverywhereTests {
  static func settingsEnvironment() throws -> [String: String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-ascii-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let settings = folder.appendingPathComponent("settings")
    try "ascii = true\n".write(to: settings, atomically: true, encoding: .utf8)
    return ConvProcess.isolatedEnvironment(["CONV_SETTINGS": settings.path])
  }

  static let commands: [[String]] = [
    ["1", "nm", "Å"], ["20", "°C", "°Ré"], ["20", "°C", "°Rø"], ["5", "µm"], ["info", "Å"], ["info", "°Ré"],
    ["search", "angstrom"], ["list", "temperature"], ["search", "rømer"],
  ]

  @Test("Settings file: every command writes ASCII only", arguments: commands)
  func settingsFile(_ arguments: [String]) async throws {
    let outcome = try await ConvProcess.run(arguments, environment: try Self.settingsEnvironment())
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(outcome.stdout)")
    #expect(!outcome.stdout.contains("?"), "\(outcome.stdout)")
  }

  @Test("C locale: the ångström is not the ampere, Réaumur and Rømer differ")
  func cLocale() async throws {
    let environment = ConvProcess.isolatedEnvironment(["LANG": "C", "LC_ALL": "C"])
    #expect(try await ConvProcess.run(["1", "nm", "Å"], environment: environment).stdout == "1 nm = 10 angstrom\n")
    #expect(try await ConvProcess.run(["20", "°C", "°Ré"], environment: environment).stdout == "20 degC = 16 degRe\n")
    #expect(try await ConvProcess.run(["20", "°C", "°Rø"], environment: environment).stdout == "20 degC = 18 degRo\n")
  }
}
