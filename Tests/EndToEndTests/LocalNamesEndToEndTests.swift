import Foundation
import Testing

/// Issue 34 through the binary: unit names read back in the user's language (the refusal of a
/// name with two meanings, the note of a name read through the language), and the measurement
/// system of the whole column from LC_MEASUREMENT.
@Suite("Local names and LC_MEASUREMENT, end to end")
struct LocalNamesEndToEndTests {
  struct Case: Sendable, CustomStringConvertible {
    var environment: [String: String]
    var arguments: [String]
    var stdin: String? = nil
    var stdout: String
    var stderr: String
    var status: Int32
    var description: String { "\(environment) conv \(arguments.joined(separator: " "))" }
  }

  static let pieds = "'pieds' can mean foot (30,48 cm) or pied du roi (≈ 32,483938 cm): write 'ft' or 'pied du roi'"

  static let cases: [Case] = [
    // A name that means two units the other side both allows: refused in every mode, one line.
    Case(
      environment: ["LANG": "fr_FR.UTF-8"], arguments: ["5", "pieds", "m"], stdout: "",
      stderr: "conv: \(pieds)\n", status: 1),
    Case(
      environment: ["LC_ALL": "fr_FR.UTF-8"], arguments: ["-t", "5", "pieds", "m"], stdout: "",
      stderr: "conv: \(pieds)\n", status: 1),
    Case(
      environment: ["LANG": "fr_FR.UTF-8"], arguments: ["--json", "5", "pieds", "m"],
      stdout: "{\"input\":\"5 pieds m\",\"error\":\"\(pieds)\"}\n", stderr: "conv: \(pieds)\n", status: 1),
    Case(
      environment: ["LANG": "fr_FR.UTF-8"], arguments: [], stdin: "5 pieds m\n2 ft m\n",
      stdout: "2 ft = 0,6096 m\n", stderr: "conv: line 1: \(pieds)\n", status: 1),
    Case(
      environment: ["LANG": "de_DE.UTF-8"], arguments: ["1", "Pfund", "g"], stdout: "",
      stderr: "conv: 'Pfund' can mean pound (453,59237 g) or metric pound (500 g): write 'lb' or 'metric pound'\n",
      status: 1),
    Case(
      environment: ["LANG": "es_ES.UTF-8"], arguments: ["1", "libra"], stdout: "",
      stderr: "conv: 'libra' can mean pound (453,59237 g) or libra (≈ 327,36409 g): write 'lb' or 'Roman pound'\n",
      status: 1),
    Case(
      environment: ["LANG": "es_ES.UTF-8"], arguments: ["1", "Roman pound", "g"],
      stdout: "1 Roman pound ≈ 327,36409 g\n",
      stderr: "", status: 0),
    // ASCII output (a locale that is not UTF-8): the language is French all the same.
    Case(
      environment: ["LANG": "fr_FR"], arguments: ["5", "pieds", "m"], stdout: "",
      stderr: "conv: 'pieds' can mean foot (30,48 cm) or pied du roi (~ 32,483938 cm): write 'ft' or 'pied du roi'\n",
      status: 1),
    Case(
      environment: ["LANG": "fr_FR"], arguments: ["1", "degre", "rad"], stdout: "1 deg ~ 0,017453293 rad\n",
      stderr:
        "conv: note: 'degre' read as deg (degree), the French name; it can also mean degRe (degree Reaumur), which does not convert here\n",
      status: 0),
    // In English the catalog's reading stands: pieds is the pied du roi.
    Case(
      environment: ["LANG": "en_US.UTF-8"], arguments: ["5", "pieds", "m"], stdout: "5 pieds ≈ 1.6241969 m\n",
      stderr: "", status: 0),
    // The other side decides, and says so.
    Case(
      environment: ["LANG": "fr_FR.UTF-8"], arguments: ["1", "degré", "rad"], stdout: "1 degré ≈ 0,017453293 rad\n",
      stderr:
        "conv: note: 'degré' read as ° (degree), the French name; it can also mean °Ré (degree Réaumur), which does not convert here\n",
      status: 0),
    // A name read through the language: noted, echoed as typed.
    Case(
      environment: ["LANG": "de_DE.UTF-8"], arguments: ["5", "Meilen", "km"], stdout: "5 Meilen = 8,04672 km\n",
      stderr: "conv: note: 'Meilen' read as mi (mile), the German name\n", status: 0),
    Case(
      environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"],
      arguments: ["--json", "5", "Meilen", "km"],
      stdout:
        "{\"input\":\"5 Meilen\",\"value\":5,\"unit\":\"mi\",\"target\":\"km\",\"result\":8.04672,\"exact\":true,\"exact_value\":\"8.04672\",\"dimension\":\"length\",\"category\":\"length\",\"kind\":\"linear\",\"notes\":[\"'Meilen' read as mi (mile), the German name\"]}\n",
      stderr: "", status: 0),
    Case(
      environment: ["LANG": "fr_FR.UTF-8"], arguments: [], stdin: "2 kilomètres mi\n3 kilomètres mi\n",
      stdout: "2 kilomètres ≈ 1,2427424 mi\n3 kilomètres ≈ 1,8641136 mi\n",
      stderr: "conv: note: 'kilomètres' read as km (kilometre), the French name\n", status: 0),
  ]

  @Test("Local names: refusals, notes, echo", arguments: cases)
  func run(_ c: Case) async throws {
    let outcome = try await ConvProcess.run(
      c.arguments, stdin: c.stdin, environment: ConvProcess.isolatedEnvironment(c.environment))
    #expect(outcome.stdout == c.stdout)
    #expect(outcome.stderr == c.stderr)
    #expect(outcome.status == c.status)
  }

  /// Environment, quantity, the unit of the column's first row: the system follows LC_ALL >
  /// LC_MEASUREMENT > LANG, the numbers LC_NUMERIC.
  static let systems: [([String: String], String, String)] = [
    (["LANG": "en_US.UTF-8"], "5 mi", " in "),
    (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], "5 mi", " mm "),
    (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "en_GB.UTF-8"], "1 L", "imperial"),
    (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], "5 km", " in "),
    (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "C.UTF-8"], "5 km", " in "),
    (["LC_ALL": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], "5 km", " mm "),
    (["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"], "5 km", " in "),
  ]

  @Test("The column's system follows LC_MEASUREMENT", arguments: systems)
  func system(_ environment: [String: String], _ quantity: String, _ first: String) async throws {
    let outcome = try await ConvProcess.run(
      quantity.split(separator: " ").map(String.init),
      environment: ConvProcess.isolatedEnvironment(environment))
    #expect(outcome.status == 0)
    let row = outcome.lines.dropFirst().first ?? ""
    #expect(row.contains(first), "\(environment) \(quantity): \(row)")
  }
}
