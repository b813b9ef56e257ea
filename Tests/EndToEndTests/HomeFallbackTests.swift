import Foundation
import Testing

/// Issue 20, finding 7: with `HOME` unset, favorites and the REPL's history go under the home the
/// password database gives the user (`getpwuid`), or conv refuses with one line; never under `/`
/// (before, `HOME` unset meant `/`, and favorites went to `//.config/conv/favorites`).
///
/// So that nothing is written in a real home, conv runs in a user and mount namespace of its own
/// (`unshare`) where a bind mount puts a password database of the test's making over
/// `/etc/passwd`: its user's home is a temporary folder. Without `unshare` (or user namespaces)
/// those tests are skipped; `conv fav path`, which writes nothing, is checked everywhere.
@Suite("HOME unset", .serialized)
struct HomeFallbackTests {
  /// The isolated environment without `HOME` or any XDG folder.
  static func homeless(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ConvProcess.isolatedEnvironment(extra)
    for key in ["HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "CONV_FAVORITES"] {
      environment[key] = nil
    }
    return environment
  }

  /// Where conv wrote with `HOME` unset before the fallback (it took `/` for the home).
  static let rootPaths = ["/conv", "/.config/conv", "/.local/state/conv"]
  /// Their parents, removed too when a test run made them.
  static let rootParents = ["/.config", "/.local/state", "/.local"]

  /// Runs `body`, then fails for any folder of `rootPaths` it made (and removes it).
  static func expectNothingUnderRoot(_ body: () async throws -> Void) async rethrows {
    let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
    let before = Set((rootPaths + rootParents).filter(exists))
    defer {
      for path in rootPaths where !before.contains(path) && exists(path) {
        Issue.record("conv wrote under \(path) with HOME unset")
        try? FileManager.default.removeItem(atPath: path)
      }
      for path in rootParents where !before.contains(path) {
        _ = rmdir(path)
      }
    }
    try await body()
  }

  @Test("conv fav path without HOME names the file under the password database's home")
  func favoritesPath() async throws {
    let entry = getpwuid(geteuid())
    let home = entry.flatMap { $0.pointee.pw_dir.map { String(cString: $0) } } ?? ""
    let outcome = try await ConvProcess.run(["fav", "path"], environment: Self.homeless())
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.lines == [home.hasPrefix("/") ? home + "/.config/conv/favorites" : ""], "\(outcome.stdout)")
  }

  @Test(
    "Without HOME, conv fav add writes under the password database's home",
    .enabled("unshare with user namespaces is not available") { await PasswordSandbox.isAvailable })
  func favoritesWritten() async throws {
    let sandbox = try PasswordSandbox()
    defer { sandbox.remove() }
    try await Self.expectNothingUnderRoot {
      let path = try await sandbox.run(["fav", "path"], environment: Self.homeless())
      #expect(path.lines == [sandbox.home.path + "/.config/conv/favorites"], "\(path.stdout)\(path.stderr)")
      let added = try await sandbox.run(["fav", "add", "gal", "L"], environment: Self.homeless())
      #expect(added.status == 0, "\(added.stderr)")
      let file = sandbox.home.appendingPathComponent(".config/conv/favorites")
      #expect((try? String(contentsOf: file, encoding: .utf8)) == "# conv favorites v1\ngal -> L\n")
    }
  }

  @Test(
    "A user the password database does not know, without HOME: a one-line error, nothing written",
    .enabled("unshare with user namespaces is not available") { await PasswordSandbox.isAvailable })
  func unknownUser() async throws {
    // A user id with no entry: its home is unknown, so favorites cannot be saved.
    let uid = try #require((4242..<4342).first { getpwuid(uid_t($0)) == nil })
    try await Self.expectNothingUnderRoot {
      let outcome = try await ConvProcess.run(
        [
          "--map-user=\(uid)", "--map-group=\(uid)", ConvProcess.executable.path,
          "fav", "add", "gal", "L",
        ],
        environment: Self.homeless(), executable: PasswordSandbox.unshare)
      #expect(outcome.exited && outcome.status != 0)
      #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
      #expect(outcome.stderr.hasPrefix("conv: cannot save favorites: HOME is not set"), "\(outcome.stderr)")
    }
  }
}

extension ReplTmuxTests {
  @Test(
    "Without HOME, the REPL keeps its history under the password database's home",
    .enabled("unshare with user namespaces is not available") { await PasswordSandbox.isAvailable })
  func historyWithoutHome() async throws {
    let sandbox = try PasswordSandbox()
    defer { sandbox.remove() }
    try await HomeFallbackTests.expectNothingUnderRoot {
      let unset = ["HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"].map { "-u \($0)" }.joined(
        separator: " ")
      let pane = try await TmuxPane(
        program: "exec env \(unset) TERM=xterm-256color " + sandbox.command(ConvProcess.executable.path))
      defer { pane.close() }
      _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
      try await pane.type("from mi")
      try await pane.type("quit")
      try await pane.waitForExit()
      let history = sandbox.home.appendingPathComponent(".local/state/conv/history")
      #expect(
        (try? String(contentsOf: history, encoding: .utf8))?.contains("from mi") == true,
        "no history at \(history.path)")
    }
  }
}

/// A password database of the test's making, in force for conv alone: `unshare` runs conv as
/// root of a user namespace, with a private mount namespace in which a one-line `passwd` file
/// (root, home a temporary folder) is bind-mounted over `/etc/passwd`.
struct PasswordSandbox {
  /// The temporary folder (the fake database and the home).
  let folder: URL
  /// The home the fake database gives root.
  var home: URL { folder.appendingPathComponent("home") }
  var passwd: URL { folder.appendingPathComponent("passwd") }

  static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")

  /// Whether `unshare` can make the namespaces and the bind mount here (tried once).
  static var isAvailable: Bool {
    get async { await availability.value }
  }

  private static let availability = Task {
    guard FileManager.default.isExecutableFile(atPath: unshare.path), let sandbox = try? PasswordSandbox() else {
      return false
    }
    defer { sandbox.remove() }
    let outcome = try? await ConvProcess.run(
      sandbox.arguments(["/bin/sh", "-c", "exit 0"]), environment: HomeFallbackTests.homeless(),
      executable: unshare)
    return outcome?.status == 0
  }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-passwd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)
    try "root:x:0:0:root:\(folder.path)/home:/bin/sh\n".write(
      to: folder.appendingPathComponent("passwd"),
      atomically: true, encoding: .utf8)
  }

  /// `unshare`'s arguments to run `command` with the fake database.
  func arguments(_ command: [String]) -> [String] {
    [
      "--user", "--map-root-user", "--mount", "/bin/sh", "-c", "mount --bind \"$0\" /etc/passwd && exec \"$@\"",
      passwd.path,
    ] + command
  }

  /// The same as one shell command line (for tmux).
  func command(_ executable: String) -> String {
    ([Self.unshare.path] + arguments([executable])).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      .joined(separator: " ")
  }

  /// Runs conv with the fake database.
  func run(_ arguments: [String], environment: [String: String]) async throws -> ConvProcess.Outcome {
    try await ConvProcess.run(
      self.arguments([ConvProcess.executable.path] + arguments), environment: environment,
      executable: Self.unshare)
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
