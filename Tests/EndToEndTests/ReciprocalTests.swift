import Foundation
import Testing

/// Issue 16: reciprocal conversions between the categories `Data/` declares work as before; any
/// other reciprocal is never a bare `=` — marked in human output, refused in script output unless
/// `--reciprocal` is given.
@Suite("Reciprocal conversions")
struct ReciprocalTests {
  /// Declared pairs: the same answer in every mode, no mark.
  static let declared: [(String, String, String)] = [
    ("30 mpg", "L/100km", "7.840486111111111"),
    ("5 L/100km", "mpg", "47.04291666666666"),
    ("5 min/km", "km/h", "12"),
    ("12 km/h", "min/km", "5"),
    ("10 km/L", "L/100km", "10"),
  ]

  @Test("Declared pairs convert in every mode", arguments: declared.indices)
  func declaredPairs(_ index: Int) async throws {
    let (quantity, target, expected) = Self.declared[index]
    let terse = try await ConvProcess.run(["-t", quantity, target])
    #expect(terse.status == 0 && terse.lines == [expected], "\(terse.stdout) \(terse.stderr)")
    let human = try await ConvProcess.run([quantity, target])
    #expect(human.status == 0 && !human.stdout.contains("reciprocal"), "\(human.stdout)")
    let json = try await ConvProcess.run(["--json", quantity, target])
    #expect(json.status == 0 && json.stdout.contains("\"kind\":\"reciprocal\""), "\(json.stdout)")
  }

  /// Undeclared reciprocals and their terse value with --reciprocal.
  static let undeclared: [(String, String, String)] = [
    ("2 s", "Hz", "0.5"),
    ("2 m", "1/m", "0.5"),
    ("1 Ω", "S", "1"),
    ("4 Hz", "s", "0.25"),
    ("1 acre", "mpg", "5.812278934122368e-10"),
  ]

  @Test("Other reciprocals: marked for people, refused for scripts unless --reciprocal", arguments: undeclared.indices)
  func undeclaredPairs(_ index: Int) async throws {
    let (quantity, target, expected) = Self.undeclared[index]
    let human = try await ConvProcess.run([quantity, target])
    #expect(human.status == 0 && human.stdout.contains("(reciprocal)"), "\(human.stdout)")
    for mode in ["-t", "--json"] {
      let refused = try await ConvProcess.run([mode, quantity, target])
      // JSON says so on standard output too: an object with the error (issue 38).
      #expect(refused.status == 1, "\(mode): \(refused.stdout)")
      #expect(
        mode == "-t" ? refused.stdout.isEmpty : refused.stdout.contains(#""error":"#), "\(mode): \(refused.stdout)")
      #expect(
        refused.stderr.contains("reciprocal conversion") && refused.stderr.contains("--reciprocal"),
        "\(refused.stderr)")
      let allowed = try await ConvProcess.run([mode, "--reciprocal", quantity, target])
      #expect(allowed.status == 0 && allowed.stdout.contains(expected), "\(mode): \(allowed.stdout) \(allowed.stderr)")
    }
    let batch = try await ConvProcess.run(["-t"], stdin: "\(quantity) to \(target)\n30 mpg to L/100km\n")
    #expect(batch.status == 1 && batch.lines == ["", "7.840486111111111"], "\(batch.stdout)")
    #expect(batch.stderr.contains("line 1:"), "\(batch.stderr)")
  }

  @Test("Favorites mark or refuse an undeclared reciprocal pair")
  func favorites() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("conv-recip-\(UUID().uuidString)")
    let environment = ConvProcess.isolatedEnvironment([
      "HOME": home.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("c").path,
    ])
    try await ConvProcess.run(["fav", "add", "s", "Hz"], environment: environment)
    let human = try await ConvProcess.run(["fav", "2"], environment: environment)
    #expect(human.stdout.contains("(reciprocal)"), "\(human.stdout)")
    let terse = try await ConvProcess.run(["fav", "-t", "2"], environment: environment)
    #expect(terse.status == 1 && terse.stdout.isEmpty && terse.stderr.contains("--reciprocal"), "\(terse.stderr)")
  }
}
