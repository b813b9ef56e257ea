import Foundation
import Testing

/// Issue 33: a completion candidate is inserted quoted. A stand-in `conv` offers one candidate
/// holding shell syntax (`&`, `;`, `|`, a substitution, quotes, a glob); Tab inserts it and Enter
/// runs the line, driven for real in tmux. The command must receive the candidate as one argument
/// and nothing in it may run. (conv itself refuses such spellings in a units file: see
/// `personalFileRefusesShellCharacters`.)
@Suite("Completion inserts candidates quoted", .serialized, .enabled(if: ConvProcess.requires(TmuxPane.tmux != nil)))
struct CompletionQuotingTmuxTests {
  /// Candidates, each starting with `fooq`; the ones that could run something create `ran-*`.
  static let candidates = [
    "fooq & touch ran-amp & x", "fooq; touch ran-semicolon", "fooq | touch ran-pipe", "fooq $(touch ran-substitution)",
    "fooq 'a' \"b\" {c,d} ~ !x ?[e]* > ran-redirect",
  ]

  static let shells: [String] = ["bash", "zsh", "fish"].filter { ShellCompletionTmuxTests.shell($0) != nil }

  /// A folder with the real completion script for `shell` and a stand-in `conv` that offers
  /// `candidate` and, run otherwise, writes its arguments one per line in brackets to `args`.
  static func folder(for shell: String, candidate: String) async throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "conv-quote-\(shell)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = try await ConvProcess.run(["--generate-completion-script", shell]).stdout
    let name = ["bash": "conv.bash", "zsh": "_conv", "fish": "conv.fish"][shell]!
    try script.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    let quoted = "'" + candidate.replacingOccurrences(of: "'", with: "'\\''") + "'"
    let stub = """
      #!/bin/sh
      if [ "$1" = "---complete" ] || [ "$1" = "---complete-described" ]; then printf '%s\\n' \(quoted); exit 0; fi
      for argument in "$@"; do printf '[%s]\\n' "$argument"; done > '\(folder.path)/args'

      """
    let path = folder.appendingPathComponent("conv").path
    try stub.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(chmod(path, 0o755) == 0)
    return folder
  }

  static func pane(_ shell: String, in folder: URL) async throws -> TmuxPane {
    let environment = "exec env PATH='\(folder.path):/usr/bin:/bin' HOME='\(folder.path)' TERM=xterm LANG=C.UTF-8 "
    switch shell {
    case "bash":
      let pane = try await TmuxPane(program: environment + "bash --norc --noprofile")
      try await pane.type("cd '\(folder.path)'; source conv.bash; PS1='bash> '")
      return pane
    case "zsh":
      let pane = try await TmuxPane(program: environment + "zsh -f")
      try await pane.type(
        "cd '\(folder.path)'; fpath=('\(folder.path)' $fpath); autoload -U compinit; compinit -u; PS1='zsh> '")
      return pane
    default:
      let pane = try await TmuxPane(program: environment + "fish --no-config")
      try await pane.type("cd '\(folder.path)'; source conv.fish; function fish_prompt; echo 'fish> '; end")
      return pane
    }
  }

  @Test(
    "Tab then Enter passes the candidate as one argument and runs nothing in it",
    arguments: shells, candidates)
  func insertedQuoted(_ shell: String, _ candidate: String) async throws {
    let folder = try await Self.folder(for: shell, candidate: candidate)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try await Self.pane(shell, in: folder)
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine == "\(shell)>" }
    try await pane.keys("conv 5 foo", "Tab")
    _ = try await pane.waitFor { $0.promptLine.count > "\(shell)> conv 5 foo".count }
    try await pane.keys("Enter")
    let args = folder.appendingPathComponent("args")
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: args.path) && Date() < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    try await Task.sleep(for: .milliseconds(200))
    let screen = (try? await pane.capture()) ?? ""
    let received = (try? String(contentsOf: args, encoding: .utf8)) ?? "(nothing: \(screen))"
    #expect(received == "[5]\n[\(candidate)]\n", "\(shell): \(received)")
    let ran = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0.hasPrefix("ran-")
    }
    #expect(ran.isEmpty, "\(shell): \(ran)")
  }

  /// Spellings with a shell character, in a personal units file.
  static let shellSpellings = [
    "fooq & rm -rf victim & x", "it's", "a\"b", "{x}", "ba!ng", "!x", "~home", "what?", "[x]",
    "a&b", "x]",
  ]

  @Test(
    "A personal units file may not name a unit with a shell character: file:line, exit 2",
    arguments: shellSpellings)
  func personalFileRefusesShellCharacters(_ spelling: String) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-units-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("units").path
    for line in [
      "\(spelling) | | | | 2 m | | test", "fooq | | \(spelling) | | 2 m | | test",
      "fooq | | | \(spelling) | 2 m | | test",
    ] {
      try ("category: length\n\n" + line + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      let outcome = try await ConvProcess.run(
        ["1", "m", "ft"], environment: ConvProcess.isolatedEnvironment(["CONV_UNITS": path]))
      #expect(outcome.status == 2, "\(line): \(outcome.stderr)")
      #expect(outcome.stderr.hasPrefix("conv: \(path):3: '\(spelling)' contains '"), "\(outcome.stderr)")
      #expect(outcome.stderr.contains("a shell character"), "\(outcome.stderr)")
    }
    // Spellings with spaces, dots and the like stay allowed.
    try
      "category: length\n\nfooq bar | fooq bars | fq. | fooq-b, fooq/c, fooq:d, fooq@e, fooq%f, fooq=g | 2 m | | test\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let fine = try await ConvProcess.run(
      ["-t", "1", "fooq bar", "m"], environment: ConvProcess.isolatedEnvironment(["CONV_UNITS": path]))
    #expect(fine.status == 0 && fine.stdout == "2\n", "\(fine.stderr)")
  }
}
