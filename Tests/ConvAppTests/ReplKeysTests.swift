import ConvApp
import ConvKit
import Testing

/// Keys move the pair at once; a `/` line filters as it is typed; Enter opens the highlighted line.
@Suite("REPL keys and the line being typed")
struct ReplKeysTests {
  @Test(
    "Up and Down move the source along the left column, and the values follow",
    arguments: [
      (ReplMove.down, 1), (.up, -1), (.first, Int.min), (.last, Int.max), (.pageDown, 3), (.pageUp, -3),
    ])
  func source(_ move: ReplMove, _ offset: Int) throws {
    var session = ReplTestCatalog.session()
    _ = session.handle("from ft")
    _ = session.handle("to m")
    _ = session.handle("2")
    let before = session.columns()
    session.perform(.source(move), page: 3)
    let after = session.columns()
    let expected =
      offset == Int.min
      ? 0
      : offset == Int.max
        ? before.sources.count - 1
        : min(max(0, before.sourceIndex + offset), before.sources.count - 1)
    #expect(ReplState.key(session.state.source) == before.sources[expected].key)
    #expect(after.sources[after.sourceIndex].key == before.sources[expected].key)
    // The pair line is the command line's conversion of the same value.
    let converter = Converter(catalog: ReplTestCatalog.catalog, options: ReplTestCatalog.options())
    let target = try #require(session.state.target)
    let line = try converter.run(converter.request(line: "2 \(session.state.source.symbol) to \(target.symbol)")).get()
    #expect([session.pairText] == line)
  }

  @Test(
    "Shift-Up and Shift-Down move the target along the right column", arguments: [ReplMove.up, .down, .first, .last])
  func target(_ move: ReplMove) throws {
    var session = ReplTestCatalog.session()
    _ = session.handle("from mi")
    _ = session.handle("to m")
    let before = session.columns()
    let index = try #require(before.targetIndex)
    session.perform(.target(move), page: 3)
    let expected =
      switch move {
      case .up: index - 1
      case .down: index + 1
      case .first: 0
      default: before.destinations.count - 1
      }
    #expect(session.state.target.map { ReplState.key($0) } == before.destinations[expected].row.key)
    #expect(ReplState.key(session.state.source) == "|mile")
  }

  @Test("moving the source onto the target swaps the pair")
  func swapByKey() {
    var session = ReplTestCatalog.session()
    _ = session.handle("from in")
    _ = session.handle("to ft")
    session.perform(.source(.down), page: 3)
    #expect(session.state.source.symbol == "ft")
    #expect(session.state.target?.symbol == "in")
  }

  @Test("a source the value cannot stand in is refused with the reason; the pair stays")
  func refused() {
    var session = ReplTestCatalog.session()
    _ = session.handle("from °F")
    _ = session.handle("-300")
    // -300 °F is 88.7 K; -300 K and -300 °C are below absolute zero.
    let problems = [ReplMove.first, .last, .up, .down].compactMap { session.perform(.source($0), page: 3) }
    #expect(!problems.isEmpty)
    #expect(problems.allSatisfy { $0.contains("absolute zero") }, "\(problems)")
    #expect(session.state.source.symbol == "°F")
  }

  @Test(
    "a / line filters at each key; deleting it or Esc clears the filter",
    arguments: [
      (["/", "/n", "/na", "/nau"], "nau"), (["/nau", "/na"], "na"), (["/nau", ""], ""), (["/nau", "5"], ""),
      (["/ nau "], "nau"), (["5", "from mi"], ""),
    ])
  func liveFilter(_ lines: [String], _ filter: String) {
    var session = ReplTestCatalog.session()
    for line in lines { session.edit(line: line) }
    #expect(session.state.filter == filter)
    session.perform(.clearFilter, page: 3)
    #expect(session.state.filter == "")
  }

  @Test("a filter accepted with Enter stays for the next line")
  func acceptedFilter() {
    var session = ReplTestCatalog.session()
    session.edit(line: "/nau")
    _ = session.handle("/nau")
    session.edit(line: "")
    session.edit(line: "5")
    #expect(session.state.filter == "nau")
  }

  @Test(
    "the categories screen filters and moves the same way; Enter opens the highlighted one",
    arguments: [
      ("/mas", [], "mass"), ("/TEMP", [], "temperature"), ("", [ReplMove.down], "mass"), ("", [.last], "solo"),
      ("/l", [.down, .down], "solo"),
    ])
  func categories(_ filter: String, _ moves: [ReplMove], _ opened: String) {
    var session = ReplTestCatalog.session()
    _ = session.handle("cat")
    if !filter.isEmpty { session.edit(line: filter) }
    for move in moves { session.perform(.source(move), page: 3) }
    _ = session.handle("")
    #expect(session.state.view == .columns)
    #expect(session.state.category.identifier == opened)
    #expect(session.state.filter.isEmpty)
  }
}
