import Foundation
import Testing

/// The REPL in a real terminal: tmux runs the `conv` binary in a detached 120×40 pane, keys are
/// sent with `send-keys` and the screen is read back with `capture-pane`. Each test gets its own
/// tmux server (socket), home, XDG folders and favorites file; the real home is never used.
@Suite(
  "conv REPL in tmux", .serialized,
  .enabled(if: ConvProcess.requires(TmuxPane.tmux != nil), "tmux is not installed: skipping the terminal tests"))
struct ReplTmuxTests {
  @Test("two columns, the pair highlighted in the middle, the source never on the right")
  func columns() throws {
    let pane = try TmuxPane()
    defer { pane.close() }
    var screen = try pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    #expect(screen.rows.count >= 30, "\(screen.text)")
    try pane.type("from mi")
    try pane.type("to km")
    try pane.type("5")
    screen = try pane.waitFor { $0.lines.first?.contains("5 mi = 8.04672 km") == true && $0.promptLine == "conv>" }
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
    let escaped = try pane.capture(escapes: true)
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
  func commonUnitsFirst(_ category: String, _ symbols: [String]) throws {
    let pane = try TmuxPane()
    defer { pane.close() }
    _ = try pane.waitFor { $0.promptLine.hasPrefix("conv>") }
    try pane.type(category)
    let screen = try pane.waitFor {
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
  func opensWhereYouLeft() throws {
    let first = try TmuxPane()
    _ = try first.waitFor { $0.promptLine.hasPrefix("conv>") }
    try first.type("from mi")
    try first.type("26.2")
    try first.type("to km")
    _ = try first.waitFor { $0.lines.first?.contains("26.2 mi ≈ 42.164813 km") == true }
    try first.type("quit")
    try first.waitForExit()
    first.close(keepHome: true)

    let second = try TmuxPane(home: first.home)
    let restored = try second.waitFor { $0.promptLine.hasPrefix("conv>") }
    #expect(
      restored.lines.first?.contains("Length") == true
        && restored.lines.first?.contains("26.2 mi ≈ 42.164813 km") == true,
      "\(restored.text)")
    try second.type("fav")
    try second.type("quit")
    try second.waitForExit()
    second.close(keepHome: true)

    let third = try TmuxPane(home: first.home)
    defer { third.close() }
    let favorites = try third.waitFor { $0.promptLine.hasPrefix("conv>") }
    #expect(favorites.lines.first?.contains("Favorites") == true, "\(favorites.text)")
    #expect(favorites.contains("26.2 mi ≈ 42.164813 km"), "\(favorites.text)")
  }

  @Test("SIGTERM and SIGHUP give the terminal back: the main screen returns", arguments: [SIGTERM, SIGHUP])
  func terminatingSignal(_ signal: Int32) throws {
    let pane = try TmuxPane()
    defer { pane.close() }
    _ = try pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    try pane.tmux(["set-option", "-t", pane.name, "remain-on-exit", "on"])
    let pid = try #require(
      Int32(
        try pane.tmux(["list-panes", "-t", pane.name, "-F", "#{pane_pid}"])
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, signal) == 0)
    // The pane stays, showing the main screen again: no columns, no prompt.
    let screen = try pane.waitFor { !$0.contains("conv>") }
    #expect(!screen.contains("Length"), "\(screen.text)")
  }

  @Test("one filter applies to both columns")
  func filter() throws {
    let pane = try TmuxPane()
    defer { pane.close() }
    _ = try pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    try pane.type("from mi")
    try pane.type("to m")
    try pane.type("/ROMAN")
    let screen = try pane.waitFor { $0.contains("/ROMAN:") }
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
    try pane.type("/")
    let cleared = try pane.waitFor { !$0.contains("/ROMAN") && $0.contains("yards") }
    #expect(cleared.rows.filter { !$0.left.trimmingCharacters(in: .whitespaces).isEmpty }.count > count + 1)
  }

  @Test("fav keeps the pair in the favorites file; favs shows it, with edits made elsewhere")
  func favorites() throws {
    let pane = try TmuxPane()
    defer { pane.close() }
    _ = try pane.waitFor { $0.promptLine.hasPrefix("conv>") }
    try pane.type("from mi")
    try pane.type("to km")
    try pane.type("5")
    try pane.type("fav")
    _ = try pane.waitFor { $0.contains("added mi -> km to favorites") }
    let file = pane.home.appendingPathComponent("config/conv/favorites")
    var text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("mi -> km"))
    // Another process edits the file; the next command sees it.
    text += "lb -> kg\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
    try pane.type("favs")
    let screen = try pane.waitFor { $0.contains("Favorites") && $0.contains("5 lb") }
    #expect(screen.lines.contains { $0.contains("5 mi =") && $0.contains("8.04672") }, "\(screen.text)")
    #expect(screen.lines.contains { $0.contains("5 lb ≈") && $0.contains("2.2679618 kg") }, "\(screen.text)")
    let escaped = try pane.capture(escapes: true)
    #expect(escaped.contains("38;5;208"))
  }

  @Test("line editing: completion, Ctrl-C clears the line, history is kept, Ctrl-D leaves")
  func lineEditing() throws {
    let pane = try TmuxPane()
    defer { pane.close() }
    _ = try pane.waitFor { $0.promptLine.hasPrefix("conv>") }
    try pane.keys("fro", "Tab")
    _ = try pane.waitFor { $0.promptLine == "conv> from" }
    try pane.keys("naut", "Tab")
    _ = try pane.waitFor { $0.promptLine.hasPrefix("conv> from nautical") }
    try pane.keys("C-c")
    _ = try pane.waitFor { $0.promptLine == "conv>" }
    try pane.type("5 mi to km")
    _ = try pane.waitFor { $0.contains("5 mi = 8.04672 km") }
    try pane.type("furlongs of nothing")
    _ = try pane.waitFor { $0.contains("error:") }
    try pane.type("7")
    _ = try pane.waitFor { $0.contains("7 mi = 11.265408 km") }
    // Ctrl-P recalls the previous line (Up moves the source).
    try pane.keys("C-p")
    _ = try pane.waitFor { $0.promptLine == "conv> 7" }
    try pane.keys("C-c")
    // Ctrl-C arrives as a signal, Ctrl-D as a byte: wait for the cleared line, or Ctrl-D may be read
    // first, on a line that is not empty, where it does not leave.
    _ = try pane.waitFor { $0.promptLine == "conv>" }
    try pane.keys("C-d")
    try pane.waitForExit()
    let history = try String(contentsOf: pane.home.appendingPathComponent("state/conv/history"), encoding: .utf8)
    #expect(history.contains("5 mi to km"))
    #expect(history.contains("7"))
  }

  @Test("the screen is redrawn for a new terminal size")
  func resize() throws {
    let pane = try TmuxPane()
    defer { pane.close() }
    _ = try pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    try pane.tmux(["resize-window", "-t", pane.name, "-x", "70", "-y", "16"])
    let screen = try pane.waitFor {
      $0.lines.count == 16 && $0.lines[0].contains("Length") && $0.promptLine.hasPrefix("conv>")
    }
    #expect(screen.rows.count >= 10, "\(screen.text)")
    #expect(screen.lines.allSatisfy { $0.count <= 70 })
    try pane.type("quit")
    try pane.waitForExit()
  }
}

@Suite("conv repl without a terminal")
struct ReplScriptTests {
  @Test("commands from a pipe print results only: no prompt, no escape codes")
  func pipe() throws {
    let outcome = try ConvProcess.run(
      ["repl"], stdin: "length\nfrom mi\nto km\n5\nshow\nquit\n",
      environment: ConvProcess.isolatedEnvironment(["TERM": "xterm-256color"]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(!outcome.stdout.contains("\u{1B}"))
    #expect(!outcome.stdout.contains("conv>"))
    // A bare number prints the pair, as the command line does; show prints the column.
    let pair = try ConvProcess.run(["5", "mi", "km"], environment: ConvProcess.isolatedEnvironment([:]))
    #expect(outcome.lines.dropFirst().first == pair.lines.first)
    #expect(outcome.lines.dropFirst(2).first == "5 mi (length) is")
    #expect(outcome.lines.contains { $0.hasPrefix("  = ") && $0.contains("1.609344") || $0.contains("8.04672") })
    #expect(!outcome.lines.dropFirst(3).contains { $0.split(separator: " ").contains("mi") })
  }

  @Test("-t and --json from a pipe: numbers or JSON lines only, whatever the command", arguments: ["--json", "-t"])
  func scriptModes(_ flag: String) throws {
    let outcome = try ConvProcess.run(
      ["repl", flag], stdin: "from mpg\n30\nto L/100km\n40\n/mpg\nshow\nhelp\ncat\nswap\n",
      environment: ConvProcess.isolatedEnvironment([:]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let oneShot = try ConvProcess.run(
      ["40", "mpg", "L/100km", flag], environment: ConvProcess.isolatedEnvironment([:]))
    #expect(outcome.lines.contains(try #require(oneShot.lines.first)), "\(outcome.stdout)")
    for line in outcome.lines where flag == "--json" {
      #expect(line.hasPrefix("{") || line.hasPrefix("["), "not JSON: \(line)")
    }
  }

  @Test("a bad line is reported on standard error and the rest still runs")
  func errors() throws {
    let outcome = try ConvProcess.run(["repl"], stdin: "from nothing-at-all\n5 mi to km\n")
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

  nonisolated(unsafe) static var counter = 0

  let name = "conv"
  let socket: String
  let home: URL
  let environment: [String: String]

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
  init(width: Int = 120, height: Int = 40, home existing: URL? = nil, program: String? = nil) throws {
    TmuxPane.counter += 1
    home =
      existing
      ?? URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("conv-tmux-\(getpid())-\(TmuxPane.counter)")
    if existing == nil { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    socket = "conv-test-\(getpid())-\(TmuxPane.counter)"
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
    try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name, command])
  }

  /// Runs a tmux command on this test's server and returns what it printed.
  ///
  /// tmux is started with posix_spawn and waited for with waitpid, not with Foundation's Process:
  /// the first command forks the tmux server, which would inherit what Process uses to notice the
  /// end of its child, so waitUntilExit would wait for the server. Only capture-pane's output is
  /// read (and list-panes'); every other command gets /dev/null.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let argv = [TmuxPane.tmux!, "-u", "-L", socket] + arguments
    let envp = environment.map { "\($0.key)=\($0.value)" }
    let capture = arguments.first == "capture-pane" || arguments.first == "list-panes"
    var fds: [Int32] = [-1, -1]
    if capture {
      guard pipe(&fds) == 0 else { throw TmuxError(arguments: arguments, status: -1) }
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    // tmux passes its signal mask on to the program in the pane: start it with nothing blocked
    // and default handlers, whatever the test runner's thread has.
    var attributes = SpawnSignals.attributes(defaulting: [SIGINT, SIGWINCH, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE])
    defer { posix_spawnattr_destroy(&attributes) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capture {
      posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = envp.map { strdup($0) } + [nil]
    defer {
      for pointer in cArguments { free(pointer) }
      for pointer in cEnvironment { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
    var output: [UInt8] = []
    if capture {
      Glibc.close(fds[1])
      var buffer = [UInt8](repeating: 0, count: 65536)
      while spawned == 0 {
        let count = read(fds[0], &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        output.append(contentsOf: buffer[0..<count])
      }
      Glibc.close(fds[0])
    }
    guard spawned == 0 else { throw TmuxError(arguments: arguments, status: -1) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    guard exitCode == 0 else { throw TmuxError(arguments: arguments, status: exitCode) }
    return String(decoding: output, as: UTF8.self)
  }

  /// Types a line and presses Enter.
  func type(_ line: String) throws {
    try tmux(["send-keys", "-t", name, "-l", line])
    try tmux(["send-keys", "-t", name, "Enter"])
  }

  /// The key names `keys` sends as keys (tmux's names); anything else is typed.
  static let keyNames: Set<String> = [
    "Tab", "Enter", "Up", "Down", "C-c", "C-d", "S-Up", "S-Down", "M-Up", "M-Down",
    "PageUp", "PageDown", "Home", "End", "Escape", "BSpace", "C-p",
  ]

  /// Sends text and key names (`Tab`, `C-c`, `Up`); plain words are typed literally.
  func keys(_ keys: String...) throws {
    for key in keys {
      if TmuxPane.keyNames.contains(key) {
        try tmux(["send-keys", "-t", name, key])
      } else {
        try tmux(["send-keys", "-t", name, "-l", key])
      }
    }
  }

  /// Sends raw bytes, as a terminal would for a key tmux has no name for (`Esc Esc [ A`).
  func bytes(_ bytes: [UInt8]) throws {
    try tmux(["send-keys", "-t", name, "-H"] + bytes.map { String($0, radix: 16) })
  }

  /// The pane's text; with `escapes`, with the SGR codes that style it.
  func capture(escapes: Bool = false) throws -> String {
    try tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
  }

  /// Captures until `condition` holds (or fails after a few seconds, showing the last screen).
  func waitFor(timeout: TimeInterval = 30, _ condition: (Screen) -> Bool) throws -> Screen {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = Screen(text: "")
    while Date() < deadline {
      screen = Screen(text: try capture())
      if condition(screen) {
        // The screen is written in one go, but tmux may show it half drawn: take it when two
        // captures agree.
        usleep(40_000)
        let again = Screen(text: try capture())
        if again.text == screen.text { return screen }
        continue
      }
      usleep(50_000)
    }
    Issue.record("timed out waiting; the screen was:\n\(screen.text)")
    throw TmuxError(arguments: ["wait"], status: -1)
  }

  /// Waits until `conv` has exited (the session is gone).
  func waitForExit(timeout: TimeInterval = 10) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if (try? tmux(["has-session", "-t", name])) == nil { return }
      usleep(50_000)
    }
    Issue.record("conv did not exit")
  }

  /// Stops this test's tmux server and removes its home (unless `keepHome`).
  func close(keepHome: Bool = false) {
    _ = try? tmux(["kill-server"])
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
