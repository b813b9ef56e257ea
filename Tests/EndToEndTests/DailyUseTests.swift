import Foundation
import Testing

/// Issue 38: the rough edges a daily user meets. Outputs that agree with themselves (money, notes,
/// JSON, `--exact`, the echo, notation), refusals that say why (`-1 mpg`), and the command line's
/// own manners (`conv version`, `--help`, fish descriptions, the settings and units files).
@Suite("Daily use")
struct DailyUseTests {
  static func run(_ arguments: [String], stdin: String? = nil, _ extra: [String: String] = [:]) async throws
    -> ConvProcess.Outcome
  {
    try await ConvProcess.run(arguments, stdin: stdin, environment: ConvProcess.isolatedEnvironment(extra))
  }

  /// A file in a fresh temporary folder.
  static func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-daily-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  // MARK: Money

  /// Requests of money into money: one-shot, batch and the whole column must say the same.
  static let money: [(amount: String, from: String, to: String, line: String)] = [
    ("1", "USD", "EUR", "$1.00 ≈ €0.887"),
    ("2", "USD", "EUR", "$2.00 ≈ €1.77"),
    ("1", "PHP", "EUR", "₱1.00 ≈ €0.0141"),
    ("1000", "JPY", "USD", "¥1,000 ≈ $6.33"),
    ("1", "EUR", "JPY", "€1.00 ≈ ¥178"),
    ("1.555", "USD", "EUR", "$1.555 ≈ €1.38"),
    ("0.5", "GBP", "CHF", "£0.50 ≈ CHF\u{A0}0.551"),
    ("0.001", "USD", "JPY", "$0.001 ≈ ¥0.158"),
    ("1/3", "USD", "EUR", "1/3 USD ≈ €0.296"),
  ]

  @Test("Money: one rule for one-shot, batch and the whole column", arguments: money)
  func moneyAgrees(_ amount: String, _ from: String, _ to: String, _ line: String) async throws {
    let oneShot = try await Self.run([amount, from, to])
    #expect(oneShot.stdout == line + "\n", "\(oneShot.stdout)")
    // In batch, whatever line comes first (the first line of a shape and the next ones).
    let request = "\(amount) \(from) \(to)"
    let batch = try await Self.run([], stdin: "\(request)\n\(request)\n5 \(from) \(to)\n")
    let lines = batch.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3 && lines[0] == line && lines[1] == line, "\(lines)")
    #expect(lines.last == (try await Self.run(["5", from, to]).stdout.trimmingCharacters(in: .newlines)))
    // The column writes the same amount, money-formatted (issue 34's column, issue 38's rule).
    let column = try await Self.run([amount, from]).stdout
    let target = line.components(separatedBy: " ≈ ")[1]
    #expect(
      column.split(separator: "\n").contains { $0.contains(" " + target + " ") }, "column \(column), one-shot \(line)")
  }

  @Test(
    "Rate notes are for people: -t, --json and conv fav -t print none",
    arguments: [
      ["-t", "1", "USD", "EUR"], ["--json", "1", "USD", "EUR"], ["fav", "-t"], ["fav", "--json"],
    ])
  func noRateNotesForScripts(_ arguments: [String]) async throws {
    let favorites = try Self.file("favs", Array("USD -> EUR\nmi -> km\n".utf8))
    let extra = ["CONV_FAVORITES": favorites.path, "CONV_TODAY": "2027-06-01"]
    let script = try await Self.run(arguments, extra)
    #expect(script.status == 0)
    #expect(script.stderr.isEmpty, "\(script.stderr)")
    let human = try await Self.run(arguments.filter { !$0.hasPrefix("-") }, extra)
    #expect(human.stderr.contains("note: rates of") && human.stderr.contains("days old"), "\(human.stderr)")
  }

  // MARK: JSON and --exact

  /// Readings that a note explains, and the note.
  static let readingNotes: [(request: [String], note: String)] = [
    (["12", "pt", "mm"], "pt read as point"),
    (["1", "oz", "mL"], "oz read as fluid ounce"),
    (["3", "Gy", "rad"], "rad read as radiation absorbed dose"),
  ]

  @Test("JSON keeps the reading notes people see on standard error", arguments: readingNotes)
  func jsonNotes(_ request: [String], _ note: String) async throws {
    #expect(try await Self.run(request).stderr.contains("note: " + note))
    let json = try await Self.run(["--json"] + request)
    #expect(json.stdout.contains(#""notes":["\#(note)"]"#), "\(json.stdout)")
    let batch = try await Self.run(["--json"], stdin: request.joined(separator: " ") + "\n")
    #expect(batch.stdout.contains(#""notes":["\#(note)"]"#), "\(batch.stdout)")
  }

  /// One-shots that fail, for `--json`.
  static let failures: [[String]] = [
    ["12", "foo", "mm"], ["5", "m", "kg"], ["5"], ["-500", "°C", "K"], ["0", "mpg", "L/100km"], ["lst", "length"],
  ]

  @Test("A failed one-shot with --json prints an error object on standard output, and exits 1", arguments: failures)
  func jsonFailure(_ request: [String]) async throws {
    let outcome = try await Self.run(["--json", "--"] + request)
    #expect(outcome.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
    #expect(object?["input"] as? String == request.joined(separator: " "), "\(outcome.stdout)")
    let message = object?["error"] as? String ?? ""
    #expect(!message.isEmpty && outcome.stderr.contains(message), "\(outcome.stdout) \(outcome.stderr)")
  }

  /// Requests, and their exact value for scripts (`-t --exact`, JSON's `exact_value`).
  static let exactValues: [(request: [String], exact: String)] = [
    (["1", "ft", "m"], "0.3048"),
    (["1", "in", "mi"], "1/63360"),
    (["1", "°", "rad"], "pi/180"),
    (["90", "°", "rad"], "pi/2"),
    (["1", "rad", "°"], "180/pi"),
    (["1", "sr", "deg^2"], "32400/pi^2"),
    (["1", "gon", "rad"], "pi/200"),
  ]

  @Test("-t --exact and JSON's exact_value give the exact value, with π as pi", arguments: exactValues)
  func exactForScripts(_ request: [String], _ exact: String) async throws {
    #expect(try await Self.run(["-t", "--exact"] + request).stdout == exact + "\n")
    #expect(try await Self.run(["--json"] + request).stdout.contains(#""exact_value":"\#(exact)""#))
    let batch = try await Self.run(
      ["-t", "--exact"], stdin: String(repeating: request.joined(separator: " ") + "\n", count: 3))
    #expect(batch.stdout == String(repeating: exact + "\n", count: 3), "\(batch.stdout)")
  }

  @Test("exact_value is null where a measured factor makes the result approximate")
  func exactValueNull() async throws {
    #expect(try await Self.run(["--json", "1", "USD", "EUR"]).stdout.contains(#""exact_value":null"#))
    #expect(try await Self.run(["-t", "--exact", "1", "USD", "EUR"]).stdout == "0.8873901854645487\n")
  }

  // MARK: The echo and notation

  /// Requests whose source unit the catalog writes with a symbol the user may not know.
  static let echoes: [(request: String, echo: String)] = [
    ("1 year s", "1 year = "),
    ("1 kcal J", "1 kcal = "),
    ("1 sq ft m2", "1 sq ft = "),
    ("2 fortnight d", "2 fortnights = "),
    ("3 hectare acre", "3 hectares ≈ "),
    ("1 short ton kg", "1 short ton = "),
    ("5 miles km", "5 miles = "),
  ]

  @Test("The echo keeps the unit as typed, in one-shot, batch and the column", arguments: echoes)
  func echo(_ request: String, _ echo: String) async throws {
    let words = request.split(separator: " ").map(String.init)
    #expect(try await Self.run(words).stdout.hasPrefix(echo))
    let batch = try await Self.run([], stdin: "\(request)\n\(request)\n")
    #expect(batch.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix(echo) }, "\(batch.stdout)")
    let source = echo.dropLast(3)
    #expect(try await Self.run(Array(words.dropLast())).stdout.hasPrefix(source + " ("))
  }

  /// Requests and their result in automatic notation: plain from 1e-4, scientific below.
  static let notation: [(request: [String], result: String)] = [
    (["1", "in", "mi"], "1.5782828 × 10⁻⁵ mi"),
    (["1", "mm", "km"], "1 × 10⁻⁶ km"),
    (["1", "g", "t"], "1 × 10⁻⁶ t"),
    (["1", "dm", "km"], "0.0001 km"),
    (["1", "um", "in"], "3.9370079 × 10⁻⁵ in"),
  ]

  @Test("Auto notation writes no long runs of zeros", arguments: notation)
  func autoNotation(_ request: [String], _ result: String) async throws {
    let outcome = try await Self.run(request)
    #expect(outcome.stdout.hasSuffix(result + "\n"), "\(outcome.stdout)")
  }

  // MARK: Refusals

  /// Reciprocal conversions of values below zero, and fuel economies and consumptions below zero
  /// into any unit (the flag `positive`), which mean nothing.
  static let negativeReciprocals: [[String]] = [
    ["-1", "mpg", "L/100km"], ["-1", "mpg"], ["-2", "s", "Hz"], ["-5", "min/km", "km/h"], ["-0.5", "L/100km", "mpg"],
    ["-1", "mpg", "km/L"], ["-3", "L/100km", "L/km"], ["-0.5", "mpg imp", "mpg"], ["-2", "gal/100mi", "mL/km"],
    ["-7", "km/L"], ["-1e-9", "m/L", "mpg"],
  ]

  @Test("A reciprocal of a value below zero is refused (-1 mpg), in one-shot and batch", arguments: negativeReciprocals)
  func negativeReciprocal(_ request: [String]) async throws {
    let outcome = try await Self.run(["--"] + request)
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty, "\(outcome.stdout)")
    #expect(outcome.stderr.contains("below zero"), "\(outcome.stderr)")
    guard request.count == 3 else { return }
    let positive = request[0].dropFirst()
    let batch = try await Self.run(
      [], stdin: "\(positive) \(request[1]) \(request[2])\n" + request.joined(separator: " ") + "\n")
    #expect(batch.status == 1)
    #expect(batch.stdout.split(separator: "\n").count == 1, "\(batch.stdout)")
    #expect(batch.stderr.contains("line 2: "), "\(batch.stderr)")
  }

  // MARK: The command line

  @Test(
    "conv version, -V and --version print the version", arguments: [["version"], ["-V"], ["--version"], ["fav", "-V"]])
  func version(_ arguments: [String]) async throws {
    let outcome = try await Self.run(arguments)
    #expect(outcome.status == 0)
    #expect(outcome.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(outcome.stdout)")
  }

  @Test(
    "--help names an option's values once",
    arguments: [["--help"], ["convert", "--help"], ["fav", "list", "--help"], ["repl", "--help"]])
  func helpValuesOnce(_ arguments: [String]) async throws {
    let help = try await Self.run(arguments).stdout
    for value in ["scientific", "never"] {
      let count = help.components(separatedBy: value).count - 1
      #expect(count <= 1, "\(arguments): '\(value)' \(count) times")
    }
  }

  @Test("Fish completion shows each candidate with its description")
  func fishDescriptions() async throws {
    let script = try await Self.run(["--generate-completion-script", "fish"]).stdout
    #expect(script.contains("---complete-described"))
    let units = try await Self.run(["---complete-described", "3", "conv", "5", "mi", "k"]).stdout
    #expect(units.split(separator: "\n").contains("km\tkilometre (length)"), "\(units)")
    let commands = try await Self.run(["---complete-described", "1", "conv", "fa"]).stdout
    #expect(commands.hasPrefix("fav\t"), "\(commands)")
    let options = try await Self.run(["---complete-described", "1", "conv", "--js"]).stdout
    #expect(options.hasPrefix("--json\t"), "\(options)")
    // bash and zsh keep the bare candidates.
    #expect(try await Self.run(["---complete", "3", "conv", "5", "mi", "k"]).stdout.hasPrefix("km\n"))
  }

  // MARK: The settings and units files

  /// Settings files with an unknown key, and the key suggested.
  static let settingsTypos: [(text: String, suggestion: String)] = [
    ("precision = 4\nnotation = scientific\n", "did you mean 'digits'?"),
    ("digts = 4\nnotation = scientific\n", "did you mean 'digits'?"),
    ("notaton = plain\nnotation = scientific\n", "did you mean 'notation'?"),
    ("asci = true\nnotation = scientific\n", "did you mean 'ascii'?"),
    ("frobnicate = 1\nnotation = scientific\n", "the keys are digits, notation, color, ascii"),
  ]

  @Test("An unknown settings key is named with the key meant; the other settings apply", arguments: settingsTypos)
  func settingsTypo(_ text: String, _ suggestion: String) async throws {
    let settings = try Self.file("settings", Array(text.utf8))
    let outcome = try await Self.run(["1", "km", "m"], ["CONV_SETTINGS": settings.path])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.hasSuffix(" = 1 × 10³ m\n"), "\(outcome.stdout)")
    #expect(outcome.stderr.contains("\(settings.path):1: unknown setting"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(suggestion), "\(outcome.stderr)")
  }

  @Test("A bad settings value still stops conv")
  func settingsBadValue() async throws {
    let settings = try Self.file("settings", Array("digits = 400\n".utf8))
    #expect(try await Self.run(["1", "km", "m"], ["CONV_SETTINGS": settings.path]).status == 2)
  }

  /// Files that are not UTF-8 at a line.
  static let notUTF8: [(variable: String, bytes: [UInt8], line: Int)] = [
    ("CONV_SETTINGS", Array("digits = 4\n".utf8) + [0x61, 0xFF, 0x0A], 2),
    ("CONV_SETTINGS", [0xC3, 0x28, 0x0A], 1),
    ("CONV_UNITS", Array("category: length\n# \u{00E9}\n".utf8) + [0x23, 0x20, 0xE2, 0x82, 0x0A], 3),
  ]

  @Test("A units or settings file that is not UTF-8 is refused at PATH:LINE", arguments: notUTF8)
  func filesNotUTF8(_ variable: String, _ bytes: [UInt8], _ line: Int) async throws {
    let url = try Self.file("file", bytes)
    let outcome = try await Self.run(["1", "km", "m"], [variable: url.path])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("\(url.path):\(line): ") && outcome.stderr.contains("UTF-8"), "\(outcome.stderr)")
  }

  /// Units files with a typo in a header, and the suggestion.
  static let unitsTypos: [(text: String, suggestion: String)] = [
    ("category: lenght\nsmoot | smoots | smt | | 67 in | | MIT\n", "did you mean 'length'?"),
    ("category: tempreature\n", "did you mean 'temperature'?"),
    ("categroy: length\n", "did you mean 'category'?"),
    ("category: length\ntitel: Length\n", "did you mean 'title'?"),
  ]

  @Test("A typo in a units file's header gets 'did you mean'", arguments: unitsTypos)
  func unitsTypo(_ text: String, _ suggestion: String) async throws {
    let units = try Self.file("units", Array(text.utf8))
    let outcome = try await Self.run(["1", "km", "m"], ["CONV_UNITS": units.path])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("\(units.path):"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(suggestion), "\(outcome.stderr)")
  }
}
