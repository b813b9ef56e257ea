import Foundation
import Testing

/// Issue 20, finding 6: Ctrl-C interrupts a long computation in the REPL. A units file of
/// thousands of units near the exact bound makes the columns of their category take minutes to
/// fill (tens of milliseconds a unit); Ctrl-C abandons the command and the screen before it
/// comes back at once. Before, SIGINT was only acted on at the next prompt.
extension ReplTmuxTests {
  /// A units file with a category `slow` of `count` units near the exact bound (about 14,000 and
  /// 14,900 bits above and below the fraction line, coprime: every conversion reduces fractions
  /// of thousands of digits).
  static func slowUnitsFile(count: Int) throws -> URL {
    let file = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("conv-slow-\(getpid())-\(count).units")
    let units =
      ["abig | | | | (1/3)^20^20^22 m | | test"]
      + (1...count).map { "near\($0) | | | | (1/7)^21^21^12 m * \($0) | | test" }
    try (["category: slow", "title: Slow", "dimension: length"] + units).joined(separator: "\n")
      .write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// Rows of the panes: a screen converts only the rows it shows, so the slow screens are tall
  /// (about 400 conversions near the bound, seconds even for a release build).
  static let tallHeight = 420

  /// A tall pane running conv with `CONV_UNITS` set to `units`.
  static func pane(units: URL) async throws -> TmuxPane {
    try await TmuxPane(
      height: tallHeight,
      program: "exec env TERM=xterm-256color CONV_UNITS='\(units.path)' '\(ConvProcess.executable.path)'")
  }

  @Test("Ctrl-C during a slow redraw abandons the command: the previous screen is back at once")
  func interruptSlowRedraw() async throws {
    let units = try Self.slowUnitsFile(count: 2000)
    defer { try? FileManager.default.removeItem(at: units) }
    let pane = try await Self.pane(units: units)
    defer { pane.close() }
    _ = try await pane.waitFor(timeout: 30) { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    try await pane.type("from mi")
    try await pane.type("to km")
    try await pane.type("5")
    _ = try await pane.waitFor { $0.lines.first?.contains("5 mi = 8.04672 km") == true && $0.promptLine == "conv>" }

    // A hundred conversions near the bound (a screen converts only the rows it shows): about a
    // quarter of a second for a release build on an idle machine, more for a debug build or a busy
    // one; the key comes after a tenth of a second, while they run.
    try await pane.type("cat slow")
    try await Task.sleep(for: .milliseconds(100))
    try await pane.keys("C-c")
    let screen = try await pane.waitFor(timeout: 5) {
      $0.contains("interrupted: 'cat slow' abandoned") && $0.promptLine == "conv>"
    }
    // The state before the command: length, 5 mi to km, highlighted as before.
    #expect(
      screen.lines.first?.contains("Length") == true && screen.lines.first?.contains("5 mi = 8.04672 km") == true,
      "\(screen.text)")
    #expect(screen.rows.contains { $0.left.contains("▸ mi") }, "\(screen.text)")
    #expect(!screen.contains("Slow"), "\(screen.text)")

    // The session goes on, with its cache consistent: a new value, then back to the old one.
    try await pane.type("2")
    _ = try await pane.waitFor { $0.lines.first?.contains("2 mi = 3.218688 km") == true && $0.promptLine == "conv>" }
    try await pane.type("5")
    let again = try await pane.waitFor {
      $0.lines.first?.contains("5 mi = 8.04672 km") == true && $0.promptLine == "conv>"
    }
    #expect(again.rows.contains { $0.right.contains(" 26,400 ") && $0.right.contains("ft") }, "\(again.text)")
  }

  @Test("Ctrl-C during the first screen shows the values computed so far, and the prompt")
  func interruptFirstScreen() async throws {
    let units = try Self.slowUnitsFile(count: 2000)
    defer { try? FileManager.default.removeItem(at: units) }
    // A saved state on the slow category: the very first screen is the slow one.
    let home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("conv-tmux-\(getpid())-first")
    try? FileManager.default.removeItem(at: home)
    let state = home.appendingPathComponent("state/conv/repl")
    try FileManager.default.createDirectory(at: state.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "category = slow\nsource = abig\ntarget = near1\nvalue = 1\n".write(
      to: state, atomically: true, encoding: .utf8)
    let pane = try await TmuxPane(
      height: Self.tallHeight, home: home,
      program: "exec env TERM=xterm-256color CONV_UNITS='\(units.path)' '\(ConvProcess.executable.path)'")
    defer { pane.close() }
    // The REPL has switched to the alternate screen (its signal handlers are in place) and is
    // filling the first screen.
    try await pane.waitForAlternateScreen()
    try await Task.sleep(for: .milliseconds(50))
    try await pane.keys("C-c")
    let screen = try await pane.waitFor(timeout: 5) { $0.promptLine == "conv>" && $0.contains("interrupted") }
    #expect(screen.lines.first?.contains("Slow") == true, "\(screen.text)")
    #expect(screen.contains("interrupted: values shown as … were not computed"), "\(screen.text)")
    // Which rows were computed before the key arrived depends on the build's speed (a release
    // binary may finish them all): ReplCancellationTests checks the `…` rows without timing.
  }
}

extension TmuxPane {
  /// Waits until the program in the pane has switched to the alternate screen.
  func waitForAlternateScreen(timeout: TimeInterval = 30) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let flag = try await tmux(["list-panes", "-t", name, "-F", "#{alternate_on}"])
      if flag.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("the pane never switched to the alternate screen")
    throw TmuxError(arguments: ["wait"], status: -1)
  }
}
