@preconcurrency import CReadline
import ConvApp
import ConvFormat
import ConvKit
import Synchronization

/// Signals that arrived while reading a line: bit 0 SIGINT, bit 1 SIGWINCH. Set by the signal
/// handlers (which do nothing else) and consumed by the readline hook.
let replPendingSignals = Atomic<Int32>(0)

/// The REPL on a terminal: readline for the line, the screen drawn before each prompt and again
/// when the terminal is resized.
struct ReplTerminal {
  let environment: Environment

  /// The prompt on the last row.
  static let prompt = "conv> "

  /// Runs until Ctrl-D or `quit`. Errors are shown and the session goes on.
  func run(_ session: inout ReplSession) {
    SystemCalls.useEnvironmentCharacterLocale()
    var history = ReplHistory(path: environment.stateHome.isEmpty ? "" : environment.stateHome + "/conv/history")
    history.load()
    session.refreshFavorites()
    let context = ReplTerminalContext(
      session: session, accent: ReplStyle.accent(forTerminal: environment.variables["TERM"]))
    ReplTerminalContext.current = context
    ReplReadline.configure()
    let previous = ReplSignals.install()
    ReplTerminal.write("\u{1B}[?1049h")
    defer {
      ReplTerminal.write("\u{1B}[?1049l")
      ReplSignals.restore(previous)
      history.save()
      ReplTerminalContext.current = nil
    }
    // Ctrl-C while a command runs or its screen is drawn stops the conversions (see
    // ReplSession.cancellation) and abandons the command: the state before it comes back.
    context.session.cancellation = Cancellation { replPendingSignals.load(ordering: .relaxed) & 1 != 0 }
    var running: (line: String, before: ReplState)? = nil
    while true {
      context.draw()
      if replPendingSignals.load(ordering: .relaxed) & 1 != 0 {
        // Drawn again with the flag still set: cached values only, nothing converted.
        if let running {
          context.session.revert(to: running.before)
          context.messages = ["interrupted: '\(ConvError.printable(running.line))' abandoned"]
        } else {
          let ellipsis = context.session.display.options.ascii ? "..." : "…"
          context.messages = ["interrupted: values shown as \(ellipsis) were not computed ('show' computes them)"]
        }
        context.draw()
      }
      running = nil
      replPendingSignals.store(0, ordering: .relaxed)
      // A resize between the drawing and here cleared its signal with the others: draw again.
      if ReplTerminal.size(environment) != context.drawnSize { context.draw() }
      guard let raw = readline(ReplTerminal.prompt) else { break }
      let line = String(cString: raw)
      SystemCalls.free(raw)
      if !line.trimmingWhitespace.isEmpty { history.add(line) }
      running = (line, context.session.state)
      let outcome = context.session.handle(line)
      context.messages =
        outcome.notes + outcome.output
        + outcome.errors.enumerated().map { $0.offset == 0 ? "error: " + $0.element : $0.element }
      if outcome.quit { break }
    }
    session = context.session
  }

  /// The terminal's size: TIOCGWINSZ on standard output, else `$COLUMNS`/`$LINES`, else 80×24.
  static func size(_ environment: Environment) -> (width: Int, height: Int) {
    if let size = SystemCalls.windowSize() { return size }
    let width = environment.variables["COLUMNS"].flatMap { Int($0) } ?? 80
    let height = environment.variables["LINES"].flatMap { Int($0) } ?? 24
    return (max(1, width), max(1, height))
  }

  /// Writes text to standard output at once. A write interrupted by a signal (Ctrl-C, a resize:
  /// their handlers do not restart system calls) goes on where it stopped.
  static func write(_ text: String) {
    SystemCalls.flushStandardOutput()
    var text = text
    text.withUTF8 { _ = SystemCalls.writeAll(SystemCalls.standardOutput, UnsafeRawBufferPointer($0)) }
  }
}

/// What the readline callbacks (completion, signal hook) need; they are C functions and cannot
/// capture, so the running terminal publishes itself here.
final class ReplTerminalContext {
  nonisolated(unsafe) static var current: ReplTerminalContext?

  var session: ReplSession
  var messages: [String] = []
  /// Built on the first Tab, not before the first screen: indexing the whole catalog costs more
  /// than drawing it.
  lazy var completion = ReplCompletion(catalog: session.catalog)
  let accent: String

  init(session: ReplSession, accent: String) {
    self.session = session
    self.accent = accent
  }

  /// Set when a key changed the state: the screen is drawn again before the line.
  var dirty = false
  /// The terminal size of the last drawing.
  var drawnSize = (width: 0, height: 0)

  /// How many rows PageUp and PageDown move: the rows of the columns.
  var page: Int { max(1, ReplTerminal.size(Environment.current).height - 5) }

  /// Draws the screen over the whole terminal but its last row, and leaves the cursor at the
  /// start of that row for the prompt; `keepingCursor` (while readline edits the line) puts the
  /// cursor back where it was and leaves the last row alone.
  func draw(keepingCursor: Bool = false) {
    dirty = false
    let (width, height) = ReplTerminal.size(Environment.current)
    drawnSize = (width, height)
    let lines = session.screen(width: width, height: max(1, height - 1), messages: messages, accent: accent)
    var out = (keepingCursor ? "\u{1B}7" : "") + "\u{1B}[H"
    for line in lines {
      // The one escaping of the screen: names, titles, the filter and messages lose any control
      // character (only the session's own colours are kept), and the line is fitted again.
      let safe = TerminalText.escaped(line, keepingStyle: true)
      out += (safe == line ? line : ReplText.fit(safe, width: width)) + "\u{1B}[0m\u{1B}[K\r\n"
    }
    out += keepingCursor ? "\u{1B}8" : "\u{1B}[J\u{1B}[\(height);1H"
    ReplTerminal.write(out)
  }
}

/// The readline configuration: completion, signal handling through the event hook.
enum ReplReadline {
  static func configure() {
    rl_readline_name = UnsafePointer(SystemCalls.cString("conv"))
    rl_catch_signals = 0
    rl_catch_sigwinch = 0
    rl_basic_word_break_characters = UnsafePointer(SystemCalls.cString(" \t\n"))
    rl_completer_word_break_characters = UnsafePointer(SystemCalls.cString(" \t\n"))
    rl_attempted_completion_function = complete
    rl_signal_event_hook = signalHook
    rl_redisplay_function = redisplay
    // After readline's own start-up, which reads /etc/inputrc (where Home, End, PageUp and
    // PageDown usually edit the line or search the history): the screen's keys win.
    rl_initialize()
    for key in ReplCommands.keys {
      for binding in key.bindings { rl_bind_keyseq(binding.sequence, keyHandler) }
    }
  }

  /// The action of every bound key sequence (from the one table, `ReplCommands.keys`).
  static let actions: [String: ReplAction] = Dictionary(
    ReplCommands.keys.flatMap(\.bindings).map { ($0.sequence, $0.action) }, uniquingKeysWith: { first, _ in first })

  /// A bound key: the session carries out its action and the screen is drawn again at once.
  static let keyHandler: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
    guard let context = ReplTerminalContext.current, let sequence = rl_executing_keyseq else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: sequence, count: Int(rl_key_sequence_length))
    guard let action = actions[String(decoding: bytes, as: UTF8.self)] else { return 0 }
    if action == .clearFilter, let buffer = rl_line_buffer, buffer.pointee == UInt8(ascii: "/") {
      rl_replace_line("", 0)
      rl_point = 0
    }
    let problem = context.session.perform(action, page: context.page)
    context.messages = problem.map { ["error: " + $0] } ?? []
    context.dirty = true
    return 0
  }

  /// Readline's redisplay, after every key: the line is given to the session (a `/` line filters
  /// at once) and the screen above is drawn again when anything changed.
  static let redisplay: @convention(c) () -> Void = {
    if let context = ReplTerminalContext.current {
      let line = rl_line_buffer.map { String(cString: $0) } ?? ""
      if context.session.edit(line: line) { context.dirty = true }
      if context.dirty { context.draw(keepingCursor: true) }
    }
    rl_redisplay()
  }

  /// Called by readline when a read is interrupted by a signal: Ctrl-C clears the line, a resize
  /// redraws the screen and the line.
  static let signalHook: @convention(c) () -> Int32 = {
    let pending = replPendingSignals.exchange(0, ordering: .relaxed)
    if pending & 2 != 0 {
      rl_resize_terminal()
      ReplTerminalContext.current?.draw()
      rl_forced_update_display()
    }
    if pending & 1 != 0 {
      rl_free_line_state()
      rl_replace_line("", 0)
      rl_point = 0
      rl_mark = 0
      rl_redisplay()
    }
    return 0
  }

  /// Tab: the candidates for the text before the cursor, in context.
  static let complete:
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
      -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, end in
        rl_attempted_completion_over = 1
        guard let text, let buffer = rl_line_buffer, let context = ReplTerminalContext.current else { return nil }
        let word = String(cString: text)
        let before = buffer.withMemoryRebound(to: UInt8.self, capacity: Int(end)) {
          String(decoding: UnsafeBufferPointer(start: $0, count: Int(end)), as: UTF8.self)
        }
        let candidates = context.completion.candidates(
          lineBeforeCursor: before, word: word,
          category: context.session.state.category.identifier,
          source: context.session.sourceQuantity)
        guard !candidates.isEmpty else { return nil }
        var entries = candidates
        if candidates.count > 1 {
          let common = ReplCompletion.commonPrefix(candidates)
          entries.insert(common.utf8.count >= word.utf8.count ? common : word, at: 0)
        }
        return SystemCalls.cStringArray(entries)
      }
}

/// SIGINT and SIGWINCH handlers that only record the signal (readline then calls the hook), and
/// SIGTERM, SIGHUP and SIGQUIT handlers that give the terminal back (settings, main screen,
/// cursor) before the signal ends the process as it would have.
enum ReplSignals {
  struct Saved {
    var actions: [(SystemCalls.Signal, SystemCalls.SignalAction)] = []
    var mask = SystemCalls.SignalMask()
  }

  /// The signals that end the REPL with the terminal restored.
  static let terminating = [SystemCalls.terminateSignal, SystemCalls.hangUpSignal, SystemCalls.quitSignal]

  static func install() -> Saved {
    replPendingSignals.store(0, ordering: .relaxed)
    SystemCalls.saveTerminalSettings()
    var saved = Saved()
    // The default action comes back before the handler runs (`once`): raising the signal again ends
    // the process as it would have.
    let ending: SystemCalls.SignalHandler = { signal in
      SystemCalls.restoreTerminalSettings()
      SystemCalls.writeOnce(SystemCalls.standardOutput, "\u{1B}[?1049l\u{1B}[?25h")
      SystemCalls.raise(signal)
    }
    for signal in terminating {
      saved.actions.append((signal, SystemCalls.handle(signal, once: true, with: ending)))
    }
    // No SA_RESTART: the interrupted read makes readline call the hook.
    let recording: SystemCalls.SignalHandler = { signal in
      _ = replPendingSignals.bitwiseOr(signal == SystemCalls.interruptSignal ? 1 : 2, ordering: .relaxed)
    }
    for signal in [SystemCalls.interruptSignal, SystemCalls.resizeSignal] {
      saved.actions.append((signal, SystemCalls.handle(signal, with: recording)))
    }
    // A parent may have left them blocked (the mask is inherited): Ctrl-C and resizing need them.
    saved.mask = SystemCalls.unblock([SystemCalls.interruptSignal, SystemCalls.resizeSignal])
    return saved
  }

  static func restore(_ saved: Saved) {
    for (signal, action) in saved.actions { SystemCalls.restoreAction(action, for: signal) }
    SystemCalls.restoreMask(saved.mask)
  }
}

/// The line history: `$XDG_STATE_HOME/conv/history`, at most `limit` lines.
struct ReplHistory {
  let path: String
  static let limit: Int32 = 1000

  /// Whether the history file may be read and written: a regular file of a sane size (checked
  /// without blocking on a FIFO). Anything else keeps the history in memory only.
  private(set) var usable = false

  /// Creates the folder and file when missing, reads the file and bounds the history.
  mutating func load() {
    using_history()
    stifle_history(ReplHistory.limit)
    guard !path.isEmpty else { return }  // no home folder: history in memory only
    var folder = ""
    for part in path.split(separator: "/").dropLast() {
      folder += "/" + part
      SystemCalls.makeFolder(folder, mode: 0o700)
    }
    let descriptor = SystemCalls.open(
      path, [.writeOnly, .create, .append, .nonBlocking, .noControllingTerminal, .closeOnExec],
      mode: 0o600)
    if descriptor >= 0 {
      usable = (try? FileSystem.checkRegular(descriptor, path: path)) != nil
      SystemCalls.close(descriptor)
    }
    if usable {
      read_history(path)
      stifle_history(ReplHistory.limit)
    }
  }

  /// Adds a line unless it repeats the previous one, and appends it to the file at once.
  func add(_ line: String) {
    if history_length > 0, let last = history_get(history_base + history_length - 1), let text = last.pointee.line,
      String(cString: text) == line
    {
      return
    }
    add_history(line)
    if usable { append_history(1, path) }
  }

  /// Trims the file to the limit.
  func save() {
    if usable { history_truncate_file(path, ReplHistory.limit) }
  }
}
