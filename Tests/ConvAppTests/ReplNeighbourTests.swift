import ConvApp
import ConvKit
import Testing

/// `to` a unit of a related or reciprocal category, on the built-in catalog: the source unit and
/// value stay what the user chose, and the next number is read in that unit.
@Suite("REPL: targets of related and reciprocal categories")
struct ReplNeighbourTests {
  static let converter = Converter(catalog: .builtin, options: ReplTestCatalog.options())

  /// The line the command line prints for `request`.
  static func oneShot(_ request: String) -> [String]? {
    try? converter.run(converter.request(line: request)).get()
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let source: String
    let value: String
    let target: String
    let next: String
    var testDescription: String { "\(value) \(source) to \(target), then \(next)" }
  }

  static let cases = [
    Case(source: "mpg", value: "30", target: "L/100km", next: "40"),
    Case(source: "L/100km", value: "8", target: "mpg", next: "5"),
    Case(source: "km/h", value: "100", target: "min/km", next: "12"),
    Case(source: "mph", value: "8", target: "min/mi", next: "6.5"),
    Case(source: "mi", value: "10", target: "NM", next: "3"),
    Case(source: "km", value: "42.195", target: "cable", next: "1"),
    Case(source: "m", value: "1", target: "ftm", next: "20"),
    Case(source: "NM", value: "2", target: "km", next: "7"),
    Case(source: "AU", value: "1", target: "km", next: "2"),
  ]

  @Test("the pair keeps the source: each line is what the command line prints", arguments: cases)
  func keepsSource(_ test: Case) throws {
    var session = try #require(ReplSession(converter: ReplNeighbourTests.converter, mode: .script))
    for line in ["from " + test.source, test.value] { #expect(session.handle(line).errors.isEmpty, "\(line)") }
    let sourceKey = ReplState.key(session.state.source)
    let category = session.state.category.identifier
    let after = session.handle("to " + test.target)
    #expect(after.errors.isEmpty, "\(after.errors)")
    // The REPL's source is a unit of its column, shown by its symbol (`au` for a typed `AU`); the
    // command line echoes what is typed, so it is given the symbol.
    let symbol = session.state.source.symbol
    #expect(after.output == ReplNeighbourTests.oneShot("\(test.value) \(symbol) to \(test.target)"))
    #expect(ReplState.key(session.state.source) == sourceKey)
    #expect(session.state.category.identifier == category)
    // The next number is in the source unit.
    let next = session.handle(test.next)
    #expect(next.output == ReplNeighbourTests.oneShot("\(test.next) \(symbol) to \(test.target)"))
    // The target is a row of the right column, highlighted, with the pair's value.
    let columns = session.columns()
    let index = try #require(columns.targetIndex)
    #expect(columns.destinations[index].row.key == ReplState.key(try #require(session.state.target)))
  }

  @Test(
    "the right column lists what the one-shot column lists beside the category's own",
    arguments: [
      ("mi", ["NM", "km", "yd"]),
      ("mpg", ["L/100km", "mpg imp"]),
      ("km/h", ["min/km", "mph", "kn"]),
      ("NM", ["km", "mi", "ft"]),
    ])
  func neighbours(_ source: String, _ expected: [String]) throws {
    var session = try #require(ReplSession(converter: ReplNeighbourTests.converter, mode: .screen))
    _ = session.handle("from " + source)
    let symbols = Set(session.columns().destinations.map(\.row.symbol))
    let quantity = try Catalog.builtin.parseQuantity("5 " + source)
    let column = Catalog.builtin.curatedColumn(
      in: session.state.category, source: session.state.source,
      value: quantity.term.baseValue.approximation)
    for symbol in expected {
      #expect(symbols.contains(symbol), "\(symbol) beside \(source)")
      #expect(column.contains { $0.symbol == symbol }, "the one-shot column of \(source) lists \(symbol) too")
    }
  }

  @Test(
    "a value is never shown as a fraction after a change of category",
    arguments: [
      ["from mpg", "30", "to L/100km", "swap"],
      ["from km/h", "100", "to min/km", "swap"],
      ["from mi", "10", "to NM", "swap", "to mi"],
    ])
  func noFraction(_ lines: [String]) throws {
    var session = try #require(ReplSession(converter: ReplNeighbourTests.converter, mode: .screen))
    for line in lines { #expect(session.handle(line).errors.isEmpty, "\(line)") }
    #expect(session.state.value.terminatingDecimal != nil, "\(session.state.value)")
    let header = try #require(session.screen(width: 120, height: 30).first)
    let value = try #require(header.split(separator: "·").dropFirst().first?.split(separator: " ").first)
    #expect(!value.contains("/"), "\(header)")
  }
}
