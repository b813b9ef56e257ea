import ConvKit
import Testing

@testable import ConvApp

/// A new output mode is one file (`CSVWriter.swift`, in this target) plus its registration: the
/// same converter, batch and favorites paths as `-t` and `--json` render through it.
@Suite("Output writers")
struct OutputWriterTests {
  static let converter = Converter(catalog: .builtin, options: OutputOptions(), writer: CSVWriter())

  /// A request and the records the CSV writer gives for it through `Converter.convert(_:)`.
  static let conversions: [(String, [String])] = [
    ("5 mi to km", ["5 mi,8.04672,km"]),
    ("1.8 m to ft;in", ["1.8 m,5,ft,10.866141732283465,in"]),
    ("1/3 cup to mL", ["1/3 cup,78.8627455,mL"]),
    ("5 s", ["5 s,5000000,µs", "5 s,5000,ms"]),
  ]

  @Test("One-shot, mixed-unit and whole-column results go through the registered writer", arguments: conversions)
  func conversion(_ line: String, _ expected: [String]) throws {
    let output = try Self.converter.convert(Self.converter.request(line: line)).get()
    #expect(Array(output.lines.prefix(expected.count)) == expected)
    #expect(output.notes.isEmpty)
  }

  @Test("A refusal of script output is the writer's: an undeclared reciprocal fails")
  func refusal() {
    guard case .failure(let failure) = Self.converter.convert(Self.converter.request(line: "2 s to Hz")) else {
      Issue.record("2 s to Hz converted")
      return
    }
    #expect(failure.message.contains("--reciprocal"))
  }

  /// A batch line and what the batch converter gives for it.
  static let batchLines: [(String, Result<[String], BatchFailure>?)] = [
    ("5 mi km", .success(["5 mi,8.04672,km"])),
    ("6 mi km", .success(["6 mi,9.656064,km"])),
    ("# comment", nil),
    ("3 furlongz km", .failure(BatchFailure(message: "unknown unit 'furlongz'; did you mean 'furlong'?"))),
  ]

  @Test("Batch lines go through the same writer (no shortcut: every line on the exact path)")
  func batch() {
    let batch = BatchConverter(converter: Self.converter)
    for (line, expected) in Self.batchLines {
      #expect(batch.convert(line: line) == expected, "\(line)")
    }
  }

  @Test("Favorites go through the same writer; a refused favorite has an empty value and fails")
  func favorites() throws {
    let file = FavoritesFile("# conv favorites v1\nmi -> km\ns -> Hz\n")
    let presenter = FavoritesPresenter(converter: Self.converter)
    let output = presenter.lines(file.resolved(in: .builtin), value: try presenter.value("2"), valueText: "2")
    #expect(output.lines == ["1,mi,km,3.218688", "2,s,Hz,"])
    #expect(output.failed)
  }

  @Test("The catalog commands go through the same writer")
  func catalog() {
    let writer = CSVWriter()
    let presenter = CatalogPresenter(catalog: .builtin)
    #expect(
      writer.categories(presenter).contains(
        "length,Length,\(Catalog.builtin.unitCount(in: Catalog.builtin.category(named: "length")!))"))
    let hits = writer.search(SearchResults("foot", in: .builtin, limit: 3), presenter).lines
    #expect(hits.count == 3)
    #expect(hits.first == "length,ft,foot")
  }

  @Test("The REPL's script output goes through the same writer: column, categories, help")
  func repl() throws {
    var session = try #require(ReplSession(converter: Self.converter, mode: .script))
    let column = session.handle("5 mi").output
    #expect(column.contains("5 mi,8.04672,km"), "\(column)")
    #expect(column.allSatisfy { $0.hasPrefix("5 mi,") })
    let categories = session.handle("categories").output
    #expect(categories.contains { $0.hasPrefix("length,Length,") })
    let help = session.handle("help").output
    #expect(!help.isEmpty && help.allSatisfy { $0.hasPrefix("help,") })
  }

  @Test(
    "Fields with commas or quotes are quoted",
    arguments: [
      (["a", "b"], "a,b"), (["1,5", "x"], "\"1,5\",x"), (["say \"hi\""], "\"say \"\"hi\"\"\""),
    ])
  func quoting(_ fields: [String], _ expected: String) {
    #expect(CSVWriter.record(fields) == expected)
  }
}
