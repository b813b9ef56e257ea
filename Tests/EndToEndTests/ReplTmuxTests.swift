import Foundation
import Synchronization
import Testing

/// The REPL in a real terminal: tmux runs the `conv` binary in a detached 120×40 pane, keys are
/// sent with `send-keys` and the screen is read back with `capture-pane`. Each test gets its own
/// tmux server (socket), home, XDG folders and favorites file; the real home is never used.
@Suite(
  "conv REPL in tmux", .serialized,
  .enabled(if: ConvProcess.requires(TmuxPane.tmux != nil), "tmux is not installed: skipping the terminal tests"))
struct ReplTmuxTests {
  @Test("two columns, the pair highlighted in the middle, the source never on the right")
  func columns() async throws {
    let pane = try await TmuxPane()
    defer { pane.close() }
    var screen = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    #expect(screen.rows.count >= 30, "\(screen.text)")
    try await pane.type("from mi")
    try await pane.type("to km")
    try await pane.type("5")
    screen = try await pane.waitFor {
      $0.lines.first?.contains("5 mi = 8.04672 km") == true && $0.promptLine == "conv>"
    }
    let rows = screen.rows
    #expect(rows.count >= 30)
    // The highlighted pair: the same row, mi on the left and km with the value on the right.
    let pair = try #require(rows.first { $0.left.contains("▸ mi") }, "\(screen.text)")
    #expect(
      pair.right.contains("▸ =") && pair.right.contains(" 8.04672 ") && pair.right.contains(" km "), "\(screen.text)")
    // The source unit is never a destination; its neighbours, the common units, are.
    #expect(!rows.contains { $0.right.split(separator: " ").contains("mi") }, "\(screen.text)")
    #expect(rows.contains { $0.left.contains(" yd ") && $0.left.contains("yard") })
    #expect(rows.contains { $0.right.split(separator: " ").contains("ft") && $0.right.contains(" 26,400 ") })
    // km is a featured row, among the common units by size on both sides.
    #expect(rows.contains { $0.left.contains("km") && $0.left.contains("kilometre") }, "\(screen.text)")
    // Highlight: reverse video in the accent colour (seen with capture-pane -e).
    let escaped = try await pane.capture(escapes: true)
    #expect(escaped.contains("38;5;208"), "\(escaped)")
    #expect(escaped.contains("\u{1B}[7m") || escaped.contains(";7m") || escaped.contains("[7;"), "\(escaped)")
  }

  @Test(
    "The first screen of a category shows its common units around the pair",
    arguments: [
      ("length", ["mm", "cm", "in", "ft", "yd", "m", "km", "mi"]),
      ("volume", ["mL", "tsp", "tbsp", "fl oz", "cup", "L", "gal"]),
      ("mass", ["mg", "g", "oz", "lb", "kg"]),
      ("speed", ["km/h", "mph", "m/s", "kn"]),
      ("pressure", ["Pa", "kPa", "bar", "psi", "atm", "mmHg"]),
    ])
  func commonUnitsFirst(_ category: String, _ symbols: [String]) async throws {
    let pane = try await TmuxPane()
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") }
    try await pane.type(category)
    let screen = try await pane.waitFor {
      $0.lines.first?.lowercased().contains(category) == true && $0.promptLine == "conv>"
    }
    for symbol in symbols {
      #expect(
        screen.rows.contains {
          $0.left.split(separator: " ").contains(Substring(symbol)) || $0.left.contains(" \(symbol) ")
        },
        "\(category): no \(symbol) on the first screen:\n\(screen.text)")
    }
  }

  @Test("With favorites the REPL opens on them; without, on the last pair and value")
  func opensWhereYouLeft() async throws {
    let first = try await TmuxPane()
    _ = try await first.waitFor { $0.promptLine.hasPrefix("conv>") }
    try await first.type("from mi")
    try await first.type("26.2")
    try await first.type("to km")
    _ = try await first.waitFor { $0.lines.first?.contains("26.2 mi ≈ 42.164813 km") == true }
    try await first.type("quit")
    try await first.waitForExit()
    first.close(keepHome: true)

    let second = try await TmuxPane(home: first.home)
    let restored = try await second.waitFor { $0.promptLine.hasPrefix("conv>") }
    #expect(
      restored.lines.first?.contains("Length") == true
        && restored.lines.first?.contains("26.2 mi ≈ 42.164813 km") == true,
      "\(restored.text)")
    try await second.type("fav")
    try await second.type("quit")
    try await second.waitForExit()
    second.close(keepHome: true)

    let third = try await TmuxPane(home: first.home)
    defer { third.close() }
    let favorites = try await third.waitFor { $0.promptLine.hasPrefix("conv>") }
    #expect(favorites.lines.first?.contains("Favorites") == true, "\(favorites.text)")
    #expect(favorites.contains("26.2 mi ≈ 42.164813 km"), "\(favorites.text)")
  }

  @Test("SIGTERM and SIGHUP give the terminal back: the main screen returns", arguments: [SIGTERM, SIGHUP])
  func terminatingSignal(_ signal: Int32) async throws {
    let pane = try await TmuxPane()
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    try await pane.tmux(["set-option", "-t", pane.name, "remain-on-exit", "on"])
    let pid = try #require(
      Int32(
        try await pane.tmux(["list-panes", "-t", pane.name, "-F", "#{pane_pid}"])
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, signal) == 0)
    // The pane stays, showing the main screen again: no columns, no prompt.
    let screen = try await pane.waitFor { !$0.contains("conv>") }
    #expect(!screen.contains("Length"), "\(screen.text)")
  }

  @Test("one filter applies to both columns")
  func filter() async throws {
    let pane = try await TmuxPane()
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    try await pane.type("from mi")
    try await pane.type("to m")
    try await pane.type("/ROMAN")
    let screen = try await pane.waitFor { $0.contains("/ROMAN:") }
    // The header says how many length units match; each column lists exactly those, plus its
    // half of the current pair (mi on the left, m on the right), which does not match.
    let header = try #require(screen.lines.first)
    let count = try #require(Int(header.components(separatedBy: "/ROMAN: ").last?.split(separator: " ").first ?? ""))
    #expect(count >= 3, "\(header)")
    let left = screen.rows.map(\.left).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    let right = screen.rows.map(\.right).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    #expect(left.count == count + 1, "\(screen.text)")
    #expect(right.count == count + 1, "\(screen.text)")
    #expect(left.contains { $0.contains("Roman foot") }, "\(screen.text)")
    #expect(right.contains { $0.contains("Roman feet") }, "\(screen.text)")
    #expect(left.filter { $0.contains("▸") }.count == 1 && right.filter { $0.contains("▸") }.count == 1)
    for hidden in ["yard", "furlong", "fathom", "chain"] {
      #expect(!screen.text.contains(hidden), "\(hidden) is filtered out of both columns")
    }
    // `/` alone clears the filter.
    try await pane.type("/")
    let cleared = try await pane.waitFor { !$0.contains("/ROMAN") && $0.contains("yards") }
    #expect(cleared.rows.filter { !$0.left.trimmingCharacters(in: .whitespaces).isEmpty }.count > count + 1)
  }

  @Test("fav keeps the pair in the favorites file; favs shows it, with edits made elsewhere")
  func favorites() async throws {
    let pane = try await TmuxPane()
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") }
    try await pane.type("from mi")
    try await pane.type("to km")
    try await pane.type("5")
    try await pane.type("fav")
    _ = try await pane.waitFor { $0.contains("added mi -> km to favorites") }
    let file = pane.home.appendingPathComponent("config/conv/favorites")
    var text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("mi -> km"))
    // Another process edits the file; the next command sees it.
    text += "lb -> kg\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
    try await pane.type("favs")
    let screen = try await pane.waitFor { $0.contains("Favorites") && $0.contains("5 lb") }
    #expect(screen.lines.contains { $0.contains("5 mi =") && $0.contains("8.04672") }, "\(screen.text)")
    #expect(screen.lines.contains { $0.contains("5 lb ≈") && $0.contains("2.2679618 kg") }, "\(screen.text)")
    let escaped = try await pane.capture(escapes: true)
    #expect(escaped.contains("38;5;208"))
  }

  @Test("line editing: completion, Ctrl-C clears the line, history is kept, Ctrl-D leaves")
  func lineEditing() async throws {
    let pane = try await TmuxPane()
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") }
    try await pane.keys("fro", "Tab")
    _ = try await pane.waitFor { $0.promptLine == "conv> from" }
    try await pane.keys("naut", "Tab")
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv> from nautical") }
    try await pane.keys("C-c")
    _ = try await pane.waitFor { $0.promptLine == "conv>" }
    try await pane.type("5 mi to km")
    _ = try await pane.waitFor { $0.contains("5 mi = 8.04672 km") }
    try await pane.type("furlongs of nothing")
    _ = try await pane.waitFor { $0.contains("error:") }
    try await pane.type("7")
    _ = try await pane.waitFor { $0.contains("7 mi = 11.265408 km") }
    // Ctrl-P recalls the previous line (Up moves the source).
    try await pane.keys("C-p")
    _ = try await pane.waitFor { $0.promptLine == "conv> 7" }
    try await pane.keys("C-c")
    // Ctrl-C arrives as a signal, Ctrl-D as a byte: wait for the cleared line, or Ctrl-D may be read
    // first, on a line that is not empty, where it does not leave.
    _ = try await pane.waitFor { $0.promptLine == "conv>" }
    try await pane.keys("C-d")
    try await pane.waitForExit()
    let history = try String(contentsOf: pane.home.appendingPathComponent("state/conv/history"), encoding: .utf8)
    #expect(history.contains("5 mi to km"))
    #expect(history.contains("7"))
  }

  @Test("the screen is redrawn for a new terminal size")
  func resize() async throws {
    let pane = try await TmuxPane()
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    try await pane.tmux(["resize-window", "-t", pane.name, "-x", "70", "-y", "16"])
    let screen = try await pane.waitFor {
      $0.lines.count == 16 && $0.lines[0].contains("Length") && $0.promptLine.hasPrefix("conv>")
    }
    #expect(screen.rows.count >= 10, "\(screen.text)")
    #expect(screen.lines.allSatisfy { $0.count <= 70 })
    try await pane.type("quit")
    try await pane.waitForExit()
  }
}

@Suite("conv repl without a terminal")
struct ReplScriptTests {
  @Test("commands from a pipe print results only: no prompt, no escape codes")
  func pipe() async throws {
    let outcome = try await ConvProcess.run(
      ["repl"], stdin: "length\nfrom mi\nto km\n5\nshow\nquit\n",
      environment: ConvProcess.isolatedEnvironment(["TERM": "xterm-256color"]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(!outcome.stdout.contains("\u{1B}"))
    #expect(!outcome.stdout.contains("conv>"))
    // A bare number prints the pair, as the command line does; show prints the column.
    let pair = try await ConvProcess.run(["5", "mi", "km"], environment: ConvProcess.isolatedEnvironment([:]))
    #expect(outcome.lines.dropFirst().first == pair.lines.first)
    #expect(outcome.lines.dropFirst(2).first == "5 mi (length) is")
    #expect(outcome.lines.contains { $0.hasPrefix("  = ") && $0.contains("1.609344") || $0.contains("8.04672") })
    #expect(!outcome.lines.dropFirst(3).contains { $0.split(separator: " ").contains("mi") })
  }

  @Test("-t and --json from a pipe: numbers or JSON lines only, whatever the command", arguments: ["--json", "-t"])
  func scriptModes(_ flag: String) async throws {
    let outcome = try await ConvProcess.run(
      ["repl", flag], stdin: "from mpg\n30\nto L/100km\n40\n/mpg\nshow\nhelp\ncat\nswap\n",
      environment: ConvProcess.isolatedEnvironment([:]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let oneShot = try await ConvProcess.run(
      ["40", "mpg", "L/100km", flag], environment: ConvProcess.isolatedEnvironment([:]))
    #expect(outcome.lines.contains(try #require(oneShot.lines.first)), "\(outcome.stdout)")
    for line in outcome.lines where flag == "--json" {
      #expect(line.hasPrefix("{") || line.hasPrefix("["), "not JSON: \(line)")
    }
  }

  @Test("a bad line is reported on standard error and the rest still runs")
  func errors() async throws {
    let outcome = try await ConvProcess.run(["repl"], stdin: "from nothing-at-all\n5 mi to km\n")
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("conv: "))
    #expect(outcome.lines == ["5 mi = 8.04672 km"])
  }
}

/// A tmux server with one detached pane running `conv`, private to one test.
final class TmuxPane {
  /// The tmux executable, or nil when tmux is not installed.
  static let tmux: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
    return folders.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Panes made so far in this process: each takes the next number, under the lock (tests run
  /// concurrently, and two panes must never share a socket or a home).
  private static let made = Mutex(0)

  let name = "conv"
  let socket: String
  let home: URL
  let environment: [String: String]
  /// The tmux server's process, for `close`.
  private var server: pid_t = 0

  /// What the pane shows.
  struct Screen {
    let text: String
    var lines: [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLastEmpty()
    }
    /// Rows of the two columns, split at the column rule.
    var rows: [(left: String, right: String)] {
      lines.compactMap { line in
        let parts = line.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
      }
    }
    /// The last non-empty line (the prompt), without trailing spaces (capture-pane drops them).
    var promptLine: String {
      var line = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
    func contains(_ text: String) -> Bool { self.text.contains(text) }
  }

  /// A pane; with `home`, that home (and its favorites and saved state) instead of a fresh one.
  init(width: Int = 120, height: Int = 40, home existing: URL? = nil, program: String? = nil) async throws {
    let number = TmuxPane.made.withLock { made in
      made += 1
      return made
    }
    home =
      existing
      ?? URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("conv-tmux-\(getpid())-\(number)")
    if existing == nil { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    socket = "conv-test-\(getpid())-\(number)"
    environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "TMUX_TMPDIR": home.path,
      "LANG": "C.UTF-8",
      "TERM": "xterm-256color",
    ]
    let command = program ?? "exec env TERM=xterm-256color '\(ConvProcess.executable.path)'"
    try await tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name, command])
    server =
      pid_t(try await tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// Runs a tmux command on this test's server and returns what it printed.
  ///
  /// Only the output of the commands that print (capture-pane, list-panes, display-message) is read;
  /// the others print nothing and get /dev/null. A command does not wait for a turn of the runner
  /// (`ConvProcess.turns`): it takes milliseconds, and `waitFor`'s deadline runs meanwhile.
  /// swift-subprocess starts tmux with no signal blocked and default handlers, whatever the test
  /// runner's threads have, and tmux passes them on to the program in its pane.
  @discardableResult
  func tmux(_ arguments: [String]) async throws -> String {
    let prints = ["capture-pane", "list-panes", "display-message"].contains(arguments.first)
    let outcome = try await ConvProcess.run(
      executable: URL(fileURLWithPath: TmuxPane.tmux!), arguments: ["-u", "-L", socket] + arguments,
      environment: environment, output: prints ? .collected : .discarded, errors: .discarded, waitsTurn: false)
    guard outcome.shellStatus == 0 else { throw TmuxError(arguments: arguments, status: outcome.shellStatus) }
    return outcome.stdout
  }

  /// Types a line and presses Enter.
  func type(_ line: String) async throws {
    try await tmux(["send-keys", "-t", name, "-l", line])
    try await tmux(["send-keys", "-t", name, "Enter"])
  }

  /// The key names `keys` sends as keys (tmux's names); anything else is typed.
  static let keyNames: Set<String> = [
    "Tab", "Enter", "Up", "Down", "C-c", "C-d", "S-Up", "S-Down", "M-Up", "M-Down",
    "PageUp", "PageDown", "Home", "End", "Escape", "BSpace", "C-p",
  ]

  /// Sends text and key names (`Tab`, `C-c`, `Up`); plain words are typed literally.
  func keys(_ keys: String...) async throws {
    for key in keys {
      if TmuxPane.keyNames.contains(key) {
        try await tmux(["send-keys", "-t", name, key])
      } else {
        try await tmux(["send-keys", "-t", name, "-l", key])
      }
    }
  }

  /// Sends raw bytes, as a terminal would for a key tmux has no name for (`Esc Esc [ A`).
  func bytes(_ bytes: [UInt8]) async throws {
    try await tmux(["send-keys", "-t", name, "-H"] + bytes.map { String($0, radix: 16) })
  }

  /// The pane's text; with `escapes`, with the SGR codes that style it.
  func capture(escapes: Bool = false) async throws -> String {
    try await tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
  }

  /// Captures until `condition` holds (or fails after a few seconds, showing the last screen).
  func waitFor(timeout: TimeInterval = 30, _ condition: (Screen) -> Bool) async throws -> Screen {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = Screen(text: "")
    while Date() < deadline {
      screen = Screen(text: try await capture())
      if condition(screen) {
        // The screen is written in one go, but tmux may show it half drawn: take it when two
        // captures agree.
        try await Task.sleep(for: .milliseconds(40))
        let again = Screen(text: try await capture())
        if again.text == screen.text { return screen }
        continue
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("timed out waiting; the screen was:\n\(screen.text)")
    throw TmuxError(arguments: ["wait"], status: -1)
  }

  /// Waits until `conv` has exited (the session is gone).
  func waitForExit(timeout: TimeInterval = 10) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if (try? await tmux(["has-session", "-t", name])) == nil { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("conv did not exit")
  }

  /// Stops this test's tmux server and removes its home (unless `keepHome`). Synchronous, for a
  /// `defer`: SIGTERM, which tmux takes as `kill-server`, sent only while the process is still this
  /// test's server (its command line names this test's socket).
  func close(keepHome: Bool = false) {
    let commandLine = (try? String(contentsOfFile: "/proc/\(server)/cmdline", encoding: .utf8)) ?? ""
    if server > 0 && commandLine.contains(socket) { kill(server, SIGTERM) }
    if !keepHome { try? FileManager.default.removeItem(at: home) }
  }

  struct TmuxError: Error {
    let arguments: [String]
    let status: Int32
  }
}

extension Array where Element == String {
  fileprivate func dropLastEmpty() -> [String] {
    var lines = self
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
