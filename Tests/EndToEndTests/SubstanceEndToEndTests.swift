import Foundation
import Testing

/// Issue 36: substances through the built binary: one-shot forms, refusals, the note on standard
/// error, the whole column, batch, JSON, the REPL from a pipe, favorites, `info`, `list`, `search`
/// and completion. Figures that differ between data revisions are checked by their leading digits.
@Suite("Substances, end to end")
struct SubstanceEndToEndTests {
  static func environment() -> [String: String] { ConvProcess.scratchEnvironment("substances") }

  /// Arguments, and the start of the output line expected.
  static let answers: [([String], String)] = [
    (["1", "cup", "flour", "g"], "1 cup flour ≈ 125 g"),
    (["1 cup flour g"], "1 cup flour ≈ 125 g"),
    (["1", "cup", "of", "flour", "to", "g"], "1 cup flour ≈ 125 g"),
    (["2", "cups", "flour", "in", "g"], "2 cups flour ≈ 250 g"),
    (["250", "g", "sugar", "cup"], "250 g sugar ≈ 1.25 cups"),
    (["2", "tbsp", "butter", "g"], "2 tbsp butter ≈ 28.38 g"),
    (["1", "stick", "of", "butter", "g"], "1 stick butter ≈ 113.5 g"),
    (["1", "L", "diesel", "kg"], "1 L diesel ≈ 0.83"),
    (["1", "gal", "gasoline", "lb"], "1 gal gasoline ≈ 6.2"),
    (["1", "m^3", "concrete", "t"], "1 m^3 concrete ≈ 2.4"),
    (["2", "mol", "NaCl", "g"], "2 mol NaCl ≈ 116.88 g"),
    (["10", "g", "H2O", "mol"], "10 g H2O ≈ 0.55509 mol"),
    (["5", "g/L", "NaCl", "mol/L"], "5 g/L NaCl ≈ 0.08556 M"),
    (["1", "mol", "CuSO4·5H2O", "g"], "1 mol CuSO4·5H2O ≈ 249.6"),
    (["1", "mol", "CuSO4.5H2O", "g"], "1 mol CuSO4.5H2O ≈ 249.6"),
    (["1", "mol", "Ca(OH)2", "g"], "1 mol Ca(OH)2 ≈ 74.09"),
    // A formula that also reads as units (newtons squared) when the units do not convert.
    (["1", "mol", "N2", "g"], "1 mol N2 ≈ 28.014 g"),
    (["1", "L", "water", "mol"], "1 L water ≈ 55.4"),
    (["3", "cups", "flour", "oz"], "3 cups flour ≈ 13.2"),
    // Several target units: split unrounded, the last part rounded to the figure's digits.
    (["10", "cups", "flour", "lb;oz"], "10 cups flour ≈ 2 lb 12.1 oz"),
    // No substance needed: the exact answer, with `=`.
    (["1", "cup", "flour", "tbsp"], "1 cup flour = 16 tbsp"),
  ]

  @Test("One-shot forms", arguments: answers.indices)
  func oneShot(_ index: Int) async throws {
    let (arguments, expected) = Self.answers[index]
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
    #expect(outcome.lines.count == 1 && outcome.lines[0].hasPrefix(expected), "\(arguments): \(outcome.stdout)")
  }

  @Test("The note names the substance read, its figure and its source")
  func note() async throws {
    let outcome = try await ConvProcess.run(["1", "cup", "flour", "g"], environment: Self.environment())
    let note = try #require(outcome.errorLines.first)
    #expect(note.hasPrefix("conv: note: flour read as all-purpose flour, 125 g per US cup"), "\(note)")
    #expect(note.contains("(USDA"), "\(note)")
    let chemistry = try await ConvProcess.run(["2", "mol", "NaCl", "g"], environment: Self.environment())
    #expect(chemistry.errorLines.first?.contains("molar mass 58.44 g/mol") == true, "\(chemistry.stderr)")
    let exact = try await ConvProcess.run(["1", "cup", "flour", "tbsp"], environment: Self.environment())
    #expect(
      exact.errorLines == ["conv: note: flour not needed: the conversion is the same for any substance"],
      "\(exact.stderr)")
    let terse = try await ConvProcess.run(["-t", "1", "cup", "flour", "g"], environment: Self.environment())
    #expect(terse.stdout == "125\n" && terse.stderr.isEmpty, "\(terse.stdout) \(terse.stderr)")
  }

  /// Arguments, and a fragment of the one-line refusal.
  static let refusals: [([String], String)] = [
    (["1", "cup", "flour", "km"], "flour does not bridge volume and length"),
    (["1", "cup", "flor", "g"], "unknown unit or substance 'flor'; did you mean 'flour'?"),
    (["2", "mol", "flour", "g"], "flour is a mixture with no chemical formula"),
    (["1", "L", "Ca(OH)2", "kg"], "Ca(OH)2 has no density"),
    (["1", "cup", "flour", "s"], "does not bridge volume and time"),
    // The whole column never drops a substance it cannot use.
    (["1", "kg/L", "flour"], "flour does not apply to '1 kg/L' (density)"),
  ]

  @Test("Refusals: one line, status 1, nothing on standard output", arguments: refusals.indices)
  func refusal(_ index: Int) async throws {
    let (arguments, message) = Self.refusals[index]
    let outcome = try await ConvProcess.run(arguments, environment: Self.environment())
    #expect(outcome.status == 1, "\(arguments): \(outcome.stdout)")
    #expect(outcome.stdout.isEmpty, "\(arguments): \(outcome.stdout)")
    #expect(outcome.errorLines.first?.contains(message) == true, "\(arguments): \(outcome.stderr)")
  }

  @Test("The whole column of a cup of flour shows grams and ounces beside the volumes")
  func wholeColumn() async throws {
    let outcome = try await ConvProcess.run(["1", "cup", "flour"], environment: Self.environment())
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines.first == "1 cup flour (volume) is", "\(outcome.stdout)")
    for row in [" tbsp ", " mL ", "≈ 125 ", " g ", "≈   4.41 ", " oz "] {
      #expect(outcome.stdout.contains(row), "missing \(row): \(outcome.stdout)")
    }
    let json = try await ConvProcess.run(["--json", "1", "cup", "flour"], environment: Self.environment())
    #expect(json.stdout.contains("\"target\":\"g\",\"result\":125,\"exact\":false"), "\(json.stdout)")
    #expect(json.stdout.contains("\"target\":\"tbsp\",\"result\":16,\"exact\":true"), "\(json.stdout)")
  }

  @Test("JSON carries the substance and its figure")
  func json() async throws {
    let outcome = try await ConvProcess.run(["--json", "1", "cup", "flour", "g"], environment: Self.environment())
    #expect(outcome.status == 0)
    for field in [
      "\"input\":\"1 cup flour\"", "\"result\":125", "\"exact\":false", "\"substance\":\"all-purpose flour\"",
      "\"substance_typed\":\"flour\"", "\"density\":\"125 g/cup\"", "\"density_source\":\"USDA",
    ] {
      #expect(outcome.stdout.contains(field), "missing \(field): \(outcome.stdout)")
    }
    let mole = try await ConvProcess.run(["--json", "2", "mol", "NaCl", "g"], environment: Self.environment())
    #expect(mole.stdout.contains("\"molar_mass\":\"58.44 g/mol\""), "\(mole.stdout)")
  }

  @Test("Batch: every line through the same path, a bad line failing alone")
  func batch() async throws {
    let input = "1 cup flour g\n2 cups flour g\n1 cup flor g\n10 g H2O mol\n"
    let terse = try await ConvProcess.run(["-t"], stdin: input, environment: Self.environment())
    #expect(terse.status == 1)
    #expect(terse.lines == ["125", "250", "", "0.55509"], "\(terse.stdout)")
    #expect(
      terse.errorLines == ["conv: line 3: unknown unit or substance 'flor'; did you mean 'flour'?"], "\(terse.stderr)")
    let human = try await ConvProcess.run([], stdin: input, environment: Self.environment())
    #expect(human.lines.prefix(2) == ["1 cup flour ≈ 125 g", "2 cups flour ≈ 250 g"], "\(human.stdout)")
  }

  @Test("REPL from a pipe: a line with a substance, and `from cup flour` then `to g`")
  func repl() async throws {
    let outcome = try await ConvProcess.run(
      ["repl"], stdin: "1 cup flour g\n250 g sugar to cup\nfrom cup flour\n2\nto g\nfrom cup\nto g\n",
      environment: Self.environment())
    #expect(
      outcome.stdout.contains("1 cup flour ≈ 125 g") && outcome.stdout.contains("250 g sugar ≈ 1.25 cups"),
      "\(outcome.stdout)")
    // `from UNIT SUBSTANCE` keeps the substance for the pair; `from UNIT` drops it.
    #expect(outcome.stdout.contains("2 cups flour ≈ 250 g"), "\(outcome.stdout)")
    #expect(outcome.stderr.contains("cannot convert 2 cups into g"), "\(outcome.stderr)")
  }

  @Test("Favorites keep a pair with a substance")
  func favorites() async throws {
    let environment = Self.environment()
    let added = try await ConvProcess.run(["fav", "add", "cup", "flour", "->", "g"], environment: environment)
    #expect(added.status == 0, "\(added.stderr)")
    let two = try await ConvProcess.run(["fav", "2"], environment: environment)
    #expect(two.status == 0, "\(two.stderr)")
    #expect(two.stdout.contains("2 cups flour ≈ 250 g"), "\(two.stdout)")
    let terse = try await ConvProcess.run(["fav", "-t", "3"], environment: environment)
    #expect(terse.stdout == "375\n", "\(terse.stdout) \(terse.stderr)")
  }

  @Test("info, list, search and completion know substances")
  func catalogCommands() async throws {
    let environment = Self.environment()
    let info = try await ConvProcess.run(["info", "flour"], environment: environment)
    #expect(info.status == 0, "\(info.stderr)")
    #expect(
      info.stdout.contains("name:        all-purpose flour") && info.stdout.contains("bread flour"), "\(info.stdout)")
    #expect(info.stdout.contains("'flour' also names"), "\(info.stdout)")
    let chemical = try await ConvProcess.run(["info", "NaCl"], environment: environment)
    #expect(chemical.stdout.contains("58.44 g/mol"), "\(chemical.stdout)")
    let list = try await ConvProcess.run(["list", "substances"], environment: environment)
    #expect(
      list.status == 0 && list.stdout.contains("all-purpose flour") && list.stdout.contains("diesel"), "\(list.stdout)")
    let search = try await ConvProcess.run(["search", "flour"], environment: environment)
    #expect(search.status == 0 && search.stdout.contains("all-purpose flour"), "\(search.stdout)")
    let completion = try await ConvProcess.run(
      ["---complete", "3", "conv", "1", "cup", "flo"], environment: environment)
    #expect(completion.lines.contains("flour"), "\(completion.stdout)")
  }
}
