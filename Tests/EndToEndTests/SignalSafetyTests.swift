import Foundation
import Subprocess
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
  func interruptedWrite(_ signal: Int32) async throws {
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
      // swift-subprocess starts conv with no signal blocked and default handlers (a SIGTERM blocked
      // on the test runner's thread would otherwise be inherited and never arrive).
      let configuration = ConvProcess.configuration(
        ConvProcess.executable, ["fav", "add", "gal", "L"], environment: environment)
      // The moment a temporary file shows up in the folder, the signal; after the first attempts,
      // also a little later (the write and the flush are under way).
      let delay = (attempt - 1) / 2 * 2_000
      let (seen, ending) = try await ConvProcess.withTimeout(30, arguments: ["fav", "add"]) {
        let result = try await Subprocess.run(configuration, input: .none, output: .discarded, error: .discarded) {
          execution in
          let pid = execution.processIdentifier.value
          while !ConvProcess.hasEnded(pid) {
            // Every 0.3 ms: the temporary file lives for tens of milliseconds (3 MB written and
            // flushed).
            if Self.temporaryFiles(in: folder).isEmpty && !Self.writesUnnamedFile(pid, in: folder) {
              try await Task.sleep(for: .microseconds(300))
              continue
            }
            if delay > 0 { try await Task.sleep(for: .microseconds(delay)) }
            try? execution.send(signal: Signal(rawValue: signal))
            return true
          }
          return false
        }
        return (result.closureResult, result.terminationStatus)
      }
      if seen { caught += 1 }

      let leftovers = Self.temporaryFiles(in: folder)
      #expect(leftovers.isEmpty, "attempt \(attempt), signal \(signal): left behind \(leftovers)")
      let text = String(decoding: try Data(contentsOf: favorites), as: UTF8.self)
      #expect(
        text == old || text == new,
        "attempt \(attempt): the favorites file is neither version (\(text.utf8.count) bytes)")
      // Ended by this signal (held until the rename), or had finished by the time it came.
      switch ending {
      case .signaled(let number): #expect(number == signal, "attempt \(attempt): ended by signal \(number)")
      case .exited(let status): #expect(status == 0, "attempt \(attempt): exit status \(status)")
      }
      if case .signaled = ending, seen {
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
