import Foundation
import Testing

/// Runs the built `conv` binary: outputs, standard error and exit statuses.
@Suite("conv one-shot, batch and JSON")
struct ConvertEndToEndTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let stdout: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "One-shot human output",
    arguments: [
      Case(arguments: ["5", "mi", "km"], stdout: "5 mi = 8.04672 km"),
      Case(arguments: ["5 mi", "km"], stdout: "5 mi = 8.04672 km"),
      Case(arguments: ["5mi", "to", "km"], stdout: "5 mi = 8.04672 km"),
      Case(arguments: ["1", "ft", "m"], stdout: "1 ft = 0.3048 m"),
      Case(arguments: ["1", "m", "ft"], stdout: "1 m ≈ 3.2808399 ft"),
      Case(arguments: ["-40", "°C", "°F"], stdout: "-40 °C = -40 °F"),
      Case(arguments: ["1", "PB", "bit"], stdout: "1 PB = 8 × 10¹⁵ bit"),
      Case(arguments: ["1", "nm", "m"], stdout: "1 nm = 1 × 10⁻⁹ m"),
    ])
  func oneShot(_ c: Case) async throws {
    let outcome = try await ConvProcess.run(c.arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines == [c.stdout])
  }

  @Test(
    "Terse output is the shortest round-trip number",
    arguments: [
      Case(arguments: ["-t", "0.1", "ft", "m"], stdout: "0.03048"),
      Case(arguments: ["-t", "1", "mi", "km"], stdout: "1.609344"),
      Case(arguments: ["-t", "100", "km/h", "m/s"], stdout: "27.77777777777778"),
      Case(arguments: ["-t", "100", "°F", "°C"], stdout: "37.77777777777778"),
      Case(arguments: ["-t", "30", "mpg", "L/100km"], stdout: "7.840486111111111"),
      Case(arguments: ["-t", "3000", "rpm", "Hz"], stdout: "50"),
      Case(arguments: ["-t", "1", "Hz", "rpm"], stdout: "60"),
      Case(arguments: ["-t", "1", "PB", "bit"], stdout: "8e15"),
      Case(arguments: ["-t", "5", "ft", "in"], stdout: "60"),
      Case(arguments: ["-t", "1", "short ton", "kg"], stdout: "907.18474"),
      Case(arguments: ["-t", "5", "kg", "short", "ton"], stdout: "0.0055115565546219394"),
      Case(arguments: ["-t", "1 GiB", "to", "B"], stdout: "1073741824"),
    ])
  func terse(_ c: Case) async throws {
    let outcome = try await ConvProcess.run(c.arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines == [c.stdout])
  }

  @Test("Unknown unit: caret under the token, suggestions, exit 1")
  func unknownUnit() async throws {
    let outcome = try await ConvProcess.run(["3", "furlongz", "m"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    let lines = outcome.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("conv: unknown unit 'furlongz'; did you mean") == true, "\(outcome.stderr)")
    #expect(lines.contains("  3 furlongz m"))
    #expect(lines.contains("    ^^^^^^^^"))
  }

  @Test("Non-conformable units name both dimensions")
  func incompatible() async throws {
    let outcome = try await ConvProcess.run(["5", "mi", "kg"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("length vs mass"), "\(outcome.stderr)")
  }

  @Test("Usage errors exit 64 with one message")
  func usage() async throws {
    let outcome = try await ConvProcess.run(["--no-such-option", "5", "mi", "km"])
    #expect(outcome.status == 64)
    #expect(!outcome.stderr.isEmpty)
  }

  @Test("Batch: a bad line in the middle is reported and the rest goes on")
  func batch() async throws {
    let input = "5 mi to km\n3 furlongz to m\n1 ft to in\n"
    let outcome = try await ConvProcess.run(["-t"], stdin: input)
    #expect(outcome.status == 1)
    #expect(outcome.lines == ["8.04672", "", "12"])  // an empty line for the failed one
    #expect(outcome.stderr.contains("line 2: unknown unit 'furlongz'"), "\(outcome.stderr)")
    // In JSON every request has its object, a failure too.
    let json = try await ConvProcess.run(["--json"], stdin: input)
    #expect(json.status == 1)
    let objects = try json.lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.count == 3)
    #expect(objects[1]["line"] as? Int == 2 && objects[1]["input"] as? String == "3 furlongz to m")
    #expect((objects[1]["error"] as? String)?.contains("unknown unit 'furlongz'") == true)
    #expect(objects[2]["input"] as? String == "1 ft")
  }

  @Test("JSON parses back with the documented fields")
  func json() async throws {
    let outcome = try await ConvProcess.run(["--json", "30", "mpg", "L/100km"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    #expect(object["input"] as? String == "30 mpg")
    #expect(object["kind"] as? String == "reciprocal")
    #expect((object["result"] as? Double).map { abs($0 - 7.840486111111111) < 1e-15 } == true)
    #expect((object["notes"] as? [String])?.contains("reciprocal conversion") == true)
    #expect(object["exact"] as? Bool == true)
  }

  @Test(
    "Locales, long names, ASCII, exact and colour",
    arguments: [
      (["--long", "5", "mi", "km"], "C.UTF-8", "5 miles = 8.04672 kilometres"),
      (["--long", "1", "mi", "km"], "C.UTF-8", "1 mile = 1.609344 kilometres"),
      (["--long", "5", "mi", "km"], "de_DE.UTF-8", "5 Meilen = 8,04672 Kilometer"),
      (["1234.5", "m", "km"], "de_DE.UTF-8", "1.234,5 m = 1,2345 km"),
      (["--ascii", "1", "PB", "bit"], "C.UTF-8", "1 PB = 8e15 bit"),
      (["1", "PB", "bit"], "C", "1 PB = 8e15 bit"),
      (["--exact", "100", "km/h", "m/s"], "C.UTF-8", "100 km/h = 250/9 m/s"),
      (["--exact", "3000", "rpm", "rad/s"], "C.UTF-8", "3,000 rpm = 100π rad/s"),
      (["--exact", "90", "deg", "rad"], "C.UTF-8", "90 deg = π/2 rad"),
      (["--exact", "1", "rad", "deg"], "C.UTF-8", "1 rad = 180/π °"),
      (["--exact", "--ascii", "135", "deg", "rad"], "C.UTF-8", "135 deg = 3*pi/4 rad"),
      // A measured factor keeps ≈ even when every digit is shown.
      (["--exact", "1", "u", "kg"], "C.UTF-8", "1 u ≈ 1.66053906892 × 10⁻²⁷ kg"),
      // The input is echoed as typed, every digit; an integer result keeps its integer digits.
      (["9.99999999", "m", "cm"], "C.UTF-8", "9.99999999 m ≈ 1,000 cm"),
      (["1", "c", "m/s"], "C.UTF-8", "1 c = 299,792,458 m/s"),
      (["1/3", "cup", "tbsp"], "C.UTF-8", "1/3 cup ≈ 5.3333333 tbsp"),
      // Several target units: ≈ when the last part is rounded.
      (["1.8", "m", "ft;in"], "C.UTF-8", "1.8 m ≈ 5 ft 10.866142 in"),
      (["2", "ft", "ft;in"], "C.UTF-8", "2 ft = 2 ft 0 in"),
      (["--digits", "3", "1", "m", "ft"], "C.UTF-8", "1 m ≈ 3.28 ft"),
      (["--color", "always", "1", "PB", "bit"], "C.UTF-8", "1 PB = 8\u{1B}[2m × 10¹⁵\u{1B}[22m bit"),
    ])
  func presentation(_ arguments: [String], _ lang: String, _ expected: String) async throws {
    let outcome = try await ConvProcess.run(arguments, environment: ConvProcess.isolatedEnvironment(["LANG": lang]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines == [expected])
  }

  @Test("NO_COLOR and TERM=dumb turn colour off in auto mode; terse never depends on the locale")
  func colourAndTerse() async throws {
    let noColor = try await ConvProcess.run(
      ["--color", "auto", "1", "PB", "bit"],
      environment: ConvProcess.isolatedEnvironment(["NO_COLOR": "1"]))
    #expect(!noColor.stdout.contains("\u{1B}"))
    let terse = try await ConvProcess.run(
      ["-t", "1234.5", "m", "mm"],
      environment: ConvProcess.isolatedEnvironment(["LANG": "de_DE.UTF-8"]))
    #expect(terse.lines == ["1234500"])
  }

  @Test(
    "search folds case and accents, reads sq as square, and finds micro-units by name",
    arguments: [
      ("angstrom", "ångström"), ("ANGSTROM", "ångström"), ("sq ft", "square foot"), ("micro", "micro"),
    ])
  func searchFinds(_ query: String, _ firstName: String) async throws {
    let outcome = try await ConvProcess.run(["search", query])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let first = try #require(outcome.lines.first)
    #expect(first.contains(firstName), "\(outcome.lines.prefix(3))")
  }

  @Test("search: aligned columns, an empty symbol for a unit known by its name, categories in the name column")
  func searchColumns() async throws {
    let outcome = try await ConvProcess.run(["search", "angstrom"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let star = try #require(outcome.lines.first { $0.contains("ångström star") })
    #expect(star.hasPrefix(" ") && star.components(separatedBy: "ångström star").count == 2, "\(star)")
    let notes = outcome.lines.map { line in line.distance(from: line.startIndex, to: line.firstIndex(of: "(")!) }
    #expect(Set(notes).count == 1, "\(outcome.lines)")
    let json = try await ConvProcess.run(["search", "--json", "angstrom star"])
    #expect(json.stdout.contains("\"symbol\":null"), "\(json.stdout)")
  }

  @Test("Whole column leaves the source unit out")
  func wholeColumn() async throws {
    let outcome = try await ConvProcess.run(["5", "mi"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let rows = outcome.lines.dropFirst()
    #expect(rows.count > 7)
    #expect(!rows.contains { $0.hasSuffix("  miles") || $0.hasSuffix("  mile") })
    #expect(rows.contains { $0.contains("8,046.72") && $0.hasSuffix("metres") })
    // Featured prefixed forms come with the common units; a prefixed source is left out too.
    #expect(rows.prefix(12).contains { $0.contains(" 8.04672 ") && $0.hasSuffix("kilometres") })
    let kilometres = try await ConvProcess.run(["-t", "5", "km"])
    #expect(kilometres.status == 0, "\(kilometres.stderr)")
    #expect(!kilometres.lines.contains { $0.hasSuffix(" km") })
    #expect(kilometres.lines.prefix(12).contains("5000 m"))
  }
}
