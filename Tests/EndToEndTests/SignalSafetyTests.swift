import Foundation
import Testing

/// Issue 20, finding 7: a favorites edit interrupted by Ctrl-C, SIGTERM or a hang-up leaves no
/// temporary file behind, and the file is the old or the new version, never a part of either.
///
/// The favorites file is made large (tens of thousands of comment lines, about 3 MB, which are
/// cheap to check but slow to write and flush), so that most of an edit is spent writing the
/// temporary file. The test watches the folder and sends the signal the moment the temporary file
/// appears (or conv holds an unnamed one open there, see `AtomicFile`); conv holds the signal until the file is renamed (or removed) and then ends as the
/// signal says. Without that, the signal ends conv with the temporary file still there.
@Suite("Signals during a favorites write", .serialized)
struct SignalSafetyTests {
  /// How many edits each signal interrupts.
  static let attempts = 6

  /// A favorites file of `comments` comment lines and a few pairs.
  static func largeFavorites(comments: Int) -> String {
    var text = "# conv favorites v1\nmi -> km\n"
    text.reserveCapacity(comments * 52)
    for number in 0..<comments {
      text += "# a comment line that makes the file slow to write \(number)\n"
    }
    return text + "ft -> m\n"
  }

  @Test(
    "A signal during a favorites write leaves no temporary file; the file is old or new, whole",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func interruptedWrite(_ signal: Int32) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-signal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let favorites = folder.appendingPathComponent("favorites")
    let old = Self.largeFavorites(comments: 60_000)
    let new = old + "gal -> L\n"
    let environment = ConvProcess.isolatedEnvironment([
      "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
      "CONV_FAVORITES": favorites.path,
    ])

    var caught = 0
    for attempt in 1...Self.attempts {
      try Data(old.utf8).write(to: favorites)
      for name in Self.temporaryFiles(in: folder) {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
      }
      let child = try SignalledChild(ConvProcess.executable.path, ["fav", "add", "gal", "L"], environment: environment)
      // The moment a temporary file shows up in the folder, the signal; after the first attempts,
      // also a little later (the write and the flush are under way).
      let delay = useconds_t((attempt - 1) / 2 * 2_000)
      var seen = false
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline, !child.hasEnded() {
        // Every 0.3 ms: the temporary file lives for tens of milliseconds (3 MB written and
        // flushed), and a busy loop would starve the tests that run beside this one.
        if Self.temporaryFiles(in: folder).isEmpty && !Self.writesUnnamedFile(child.pid, in: folder) {
          usleep(300)
          continue
        }
        if delay > 0 { usleep(delay) }
        kill(child.pid, signal)
        seen = true
        break
      }
      let ending = try #require(child.wait(timeout: 30), "conv did not end (attempt \(attempt))")
      if seen { caught += 1 }

      let leftovers = Self.temporaryFiles(in: folder)
      #expect(leftovers.isEmpty, "attempt \(attempt), signal \(signal): left behind \(leftovers)")
      let text = String(decoding: try Data(contentsOf: favorites), as: UTF8.self)
      #expect(
        text == old || text == new,
        "attempt \(attempt): the favorites file is neither version (\(text.utf8.count) bytes)")
      // Ended by this signal (held until the rename), or had finished by the time it came.
      switch ending {
      case .signalled(let number): #expect(number == signal, "attempt \(attempt): ended by signal \(number)")
      case .exited(let status): #expect(status == 0, "attempt \(attempt): exit status \(status)")
      }
      if case .signalled = ending, seen {
        // Held, not lost: the write the signal interrupted was finished first.
        #expect(text == new, "attempt \(attempt): the edit in progress was dropped")
      }
    }
    // Each attempt must have caught conv writing, or this test tests nothing.
    #expect(caught >= Self.attempts / 2, "only \(caught) of \(Self.attempts) signals arrived during a write")
  }

  /// Whether the process holds an unnamed file of the folder open (`O_TMPFILE`: its descriptor's
  /// link reads `FOLDER/#INODE (deleted)`): the new version being written before it has a name.
  static func writesUnnamedFile(_ pid: pid_t, in folder: URL) -> Bool {
    let descriptors = "/proc/\(pid)/fd"
    let prefix = folder.resolvingSymlinksInPath().path + "/#"
    return ((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).contains { name in
      ((try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + name)) ?? "").hasPrefix(prefix)
    }
  }

  /// The names of conv's temporary files in a folder (`.favorites.tmp-XXXXXX`).
  static func temporaryFiles(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".tmp") }
  }
}

/// A child process started with no signal blocked or ignored (whatever the test runner's thread
/// has: a blocked SIGTERM would be inherited and never arrive), output to /dev/null.
struct SignalledChild {
  let pid: pid_t

  /// How the child ended.
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
    var attributes = SpawnSignals.attributes(defaulting: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE])
    defer { posix_spawnattr_destroy(&attributes) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard status == 0 else { throw SpawnError(status: status) }
    self.pid = pid
  }

  /// Whether the child has ended (reaped here; `wait` then returns at once).
  func hasEnded() -> Bool {
    if ending.value != nil { return true }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return false }
    let signal = status & 0x7F
    ending.value = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    return true
  }

  /// Waits for the child to end; nil (and the child killed) after `timeout` seconds.
  func wait(timeout: TimeInterval) -> Ending? {
    let deadline = Date().addingTimeInterval(timeout)
    while !hasEnded() {
      if Date() > deadline {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        return nil
      }
      usleep(1_000)
    }
    return ending.value
  }

  /// How the child ended, once reaped.
  private final class Box: @unchecked Sendable {
    var value: Ending?
  }
  private let ending = Box()

  struct SpawnError: Error {
    let status: Int32
  }
}

/// Spawn attributes that start a child with no signal blocked and the given signals at their
/// default handlers, whatever the test runner's thread has (for the child to get the signals a
/// test sends, and for tmux, which passes its mask on to the program in its pane).
enum SpawnSignals {
  /// The attributes; the caller destroys them (`posix_spawnattr_destroy`).
  static func attributes(defaulting signals: [Int32]) -> posix_spawnattr_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in signals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return attributes
  }
}
