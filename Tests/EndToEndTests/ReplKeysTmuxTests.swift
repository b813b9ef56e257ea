import Foundation
import Testing

/// The REPL screen driven by keys in a real terminal, at three sizes: the pair moves with the
/// arrows, a `/` line filters at each key, a unit of a related or reciprocal category keeps the
/// user's source, and the symbol and value of the pair always show in full.
@Suite(
  "conv REPL keys in tmux", .serialized,
  .enabled(if: ConvProcess.requires(TmuxPane.tmux != nil), "tmux is not installed"))
struct ReplKeysTmuxTests {
  static let sizes = [(120, 35), (80, 24), (60, 15)]

  /// What the one-shot command prints for `arguments` (the REPL must print the same pair).
  static func oneShot(_ arguments: [String]) async throws -> String {
    let outcome = try await ConvProcess.run(arguments, environment: ConvProcess.isolatedEnvironment([:]))
    return try #require(outcome.lines.first)
  }

  static func started(_ width: Int, _ height: Int) async throws -> TmuxPane {
    let pane = try await TmuxPane(width: width, height: height)
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    return pane
  }

  @Test(
    "to a unit of a related or reciprocal category keeps the source; the next number is in it",
    arguments: sizes.flatMap { size in
      [("mpg", "30", "L/100km", "40"), ("km/h", "100", "min/km", "12"), ("mi", "10", "NM", "3")].map {
        (size.0, size.1, $0)
      }
    })
  func crossCategory(_ width: Int, _ height: Int, _ test: (String, String, String, String)) async throws {
    let (source, value, target, next) = test
    let pane = try await ReplKeysTmuxTests.started(width, height)
    defer { pane.close() }
    for line in ["from " + source, value, "to " + target] { try await pane.type(line) }
    let first = try await ReplKeysTmuxTests.oneShot([value, source, target])
    var screen = try await pane.waitFor { $0.lines.first?.contains(first) == true && $0.promptLine == "conv>" }
    // The pair row: the source on the left, the target with the same value on the right, in full.
    let pair = try #require(screen.rows.first { $0.left.contains("▸") }, "\(screen.text)")
    #expect(pair.left.split(separator: " ").contains(Substring(source)), "\(screen.text)")
    let number = try #require(first.split(separator: " ").dropLast().last)
    #expect(pair.right.contains(" " + number + " ") && pair.right.contains(" " + target + " "), "\(screen.text)")
    try await pane.type(next)
    let second = try await ReplKeysTmuxTests.oneShot([next, source, target])
    screen = try await pane.waitFor { $0.lines.first?.contains(second) == true && $0.promptLine == "conv>" }
    #expect(!screen.lines[0].contains("/3"), "no raw fraction: \(screen.lines[0])")
  }

  @Test(
    "Up and Down move the source, Shift and Alt (or Esc before the arrow) the target; the values follow at once",
    arguments: sizes)
  func arrows(_ width: Int, _ height: Int) async throws {
    let pane = try await ReplKeysTmuxTests.started(width, height)
    defer { pane.close() }
    try await pane.type("from ft")
    try await pane.type("to m")
    try await pane.type("2")
    _ = try await pane.waitFor { $0.lines.first?.contains("2 ft = 0.6096 m") == true }
    // Down: the next unit of the left column (yd after ft) becomes the source, with no Enter.
    try await pane.keys("Down")
    let down = try await ReplKeysTmuxTests.oneShot(["2", "yd", "m"])
    _ = try await pane.waitFor { $0.lines.first?.contains(down) == true }
    try await pane.keys("Up")
    _ = try await pane.waitFor { $0.lines.first?.contains("2 ft = 0.6096 m") == true }
    // Shift-Down and Alt-Down move the target down the right column; Shift-Up back.
    try await pane.keys("S-Down")
    var screen = try await pane.waitFor {
      $0.lines.first?.contains("2 ft") == true && $0.lines.first?.contains(" m") == false
    }
    let moved = try #require(screen.lines.first)
    try await pane.keys("S-Up")
    _ = try await pane.waitFor { $0.lines.first?.contains("2 ft = 0.6096 m") == true }
    try await pane.keys("M-Down")
    screen = try await pane.waitFor { $0.lines.first == moved }
    // Alt on terminals that send Esc before the arrow: Esc Esc [ A, Esc Esc [ B.
    try await pane.keys("S-Up")
    _ = try await pane.waitFor { $0.lines.first?.contains("2 ft = 0.6096 m") == true }
    try await pane.bytes([0x1B, 0x1B, 0x5B, 0x42])
    _ = try await pane.waitFor { $0.lines.first == moved && $0.promptLine == "conv>" }
    try await pane.bytes([0x1B, 0x1B, 0x5B, 0x41])
    _ = try await pane.waitFor { $0.lines.first?.contains("2 ft = 0.6096 m") == true && $0.promptLine == "conv>" }
    try await pane.keys("M-Down")
    screen = try await pane.waitFor { $0.lines.first == moved }
    // Home: the first unit of the column; End: the last. The pair stays in the middle row.
    try await pane.keys("Home")
    screen = try await pane.waitFor { !$0.lines[0].contains("2 ft") }
    let middle = screen.rows.firstIndex { $0.left.contains("▸") }
    #expect(middle != nil)
    try await pane.keys("End")
    _ = try await pane.waitFor { $0.lines[0] != screen.lines[0] }
    // History moved to Ctrl-P.
    try await pane.keys("C-p")
    _ = try await pane.waitFor { $0.promptLine == "conv> 2" }
  }

  @Test("a / line filters both columns at each key, the count shows; Esc clears it", arguments: sizes)
  func liveFilter(_ width: Int, _ height: Int) async throws {
    let pane = try await ReplKeysTmuxTests.started(width, height)
    defer { pane.close() }
    try await pane.type("from mi")
    // (The line read first: keys typed ahead while conv draws are echoed by the terminal itself.)
    _ = try await pane.waitFor { $0.lines[0].contains("1 mi =") && $0.promptLine == "conv>" }
    try await pane.keys("/rom")
    var screen = try await pane.waitFor { $0.lines[0].contains("/rom:") && $0.promptLine == "conv> /rom" }
    #expect(screen.contains("Roman"), "\(screen.text)")
    #expect(!screen.contains("yard"), "\(screen.text)")
    try await pane.keys("BSpace", "BSpace", "BSpace")
    screen = try await pane.waitFor { !$0.lines[0].contains("/r") && $0.promptLine == "conv> /" }
    try await pane.keys("nau")
    _ = try await pane.waitFor { $0.lines[0].contains("/nau:") }
    try await pane.keys("Escape")
    screen = try await pane.waitFor { !$0.lines[0].contains("/nau") && $0.promptLine == "conv>" }
    #expect(screen.contains("yard"), "\(screen.text)")
    // Commands still work from the same line after a filter.
    try await pane.type("/rom")
    try await pane.type("7")
    _ = try await pane.waitFor { $0.lines[0].contains("7 mi") && $0.lines[0].contains("/rom:") }
  }

  @Test("the categories screen scrolls and filters; Enter opens the highlighted category", arguments: sizes)
  func categories(_ width: Int, _ height: Int) async throws {
    let pane = try await ReplKeysTmuxTests.started(width, height)
    defer { pane.close() }
    try await pane.type("cat")
    _ = try await pane.waitFor { $0.lines[0].contains("Categories") }
    try await pane.keys("/fuel")
    let screen = try await pane.waitFor { $0.lines[0].contains("/fuel: 2 of") }
    #expect(screen.contains("Fuel consumption") && screen.contains("Fuel economy"), "\(screen.text)")
    try await pane.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
    try await pane.keys("/fuel")
    _ = try await pane.waitFor { $0.lines[0].contains("/fuel: 2 of") }
    // Down highlights the second (Fuel economy); Enter on the filter line opens it.
    try await pane.keys("Down")
    try await pane.keys("Enter")
    _ = try await pane.waitFor { $0.lines[0].contains("Fuel economy ·") && $0.promptLine == "conv>" }
  }

  @Test("fav marks the pair in the header and says added or removed", arguments: sizes)
  func favorite(_ width: Int, _ height: Int) async throws {
    let pane = try await ReplKeysTmuxTests.started(width, height)
    defer { pane.close() }
    try await pane.type("from mi")
    try await pane.type("to km")
    try await pane.type("fav")
    _ = try await pane.waitFor { $0.contains("added mi -> km to favorites") && $0.lines[0].contains("★") }
    try await pane.type("fav")
    _ = try await pane.waitFor { $0.contains("removed mi -> km from favorites") && !$0.lines[0].contains("★") }
  }

  @Test("resizing redraws at each size, the pair's symbol and value in full")
  func resize() async throws {
    let pane = try await ReplKeysTmuxTests.started(120, 35)
    defer { pane.close() }
    try await pane.type("from mi")
    try await pane.type("to NM")
    try await pane.type("26.2")
    let pair = try await ReplKeysTmuxTests.oneShot(["26.2", "mi", "NM"])
    let number = try #require(pair.split(separator: " ").dropLast().last)
    for (width, height) in ReplKeysTmuxTests.sizes.reversed() + [(120, 35)] {
      try await pane.tmux(["resize-window", "-t", pane.name, "-x", "\(width)", "-y", "\(height)"])
      let screen = try await pane.waitFor {
        $0.lines.count == height && $0.promptLine.hasPrefix("conv>") && $0.lines[0].contains("Length")
      }
      let row = try #require(screen.rows.first { $0.left.contains("▸") }, "\(screen.text)")
      #expect(row.left.contains(" mi "), "\(width): \(screen.text)")
      #expect(row.right.contains(" " + number + " ") && row.right.contains(" NM"), "\(width): \(screen.text)")
      #expect(screen.lines.allSatisfy { $0.count <= width })
    }
  }

  @Test(
    "TERM=dumb and a terminal below 40×10 get plain lines with a prompt",
    arguments: [("dumb", 80, 24), ("xterm-256color", 30, 8)])
  func plain(_ term: String, _ width: Int, _ height: Int) async throws {
    let pane = try await TmuxPane(
      width: width, height: height,
      program: "exec env TERM=\(term) '\(ConvProcess.executable.path)'")
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine == "conv>" }
    try await pane.type("5 mi to km")
    let expected = try await ReplKeysTmuxTests.oneShot(["5", "mi", "km"])
    let screen = try await pane.waitFor { $0.contains(expected) }
    #expect(!screen.contains("│"), "\(screen.text)")
  }
}
