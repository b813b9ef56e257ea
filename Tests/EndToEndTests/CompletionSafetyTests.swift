import Foundation
import Testing

/// Issue 20, finding 2: completion never evaluates a candidate. A stand-in `conv` answers every
/// completion request with hostile candidates (command substitutions, backticks, `;`, a glob);
/// bash, zsh and fish must offer them as text and run none of them.
@Suite("Completion never runs a candidate", .serialized)
struct CompletionSafetyTests {
  /// A folder with the real completion script for `shell` and a stand-in `conv` that prints
  /// hostile candidates, each of which would create a file in the folder if it ran.
  static func folder(for shell: String) async throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "conv-hostile-\(shell)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = try await ConvProcess.run(["--generate-completion-script", shell]).stdout
    let name = ["bash": "conv.bash", "zsh": "_conv", "fish": "conv.fish"][shell]!
    try script.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    let candidates = [
      "k`touch \(folder.path)/ran-backtick`m", "k$(touch \(folder.path)/ran-substitution)",
      "k;touch \(folder.path)/ran-semicolon", "km", "k*",
    ]
    let stub = "#!/bin/sh\nprintf '%s\\n' " + candidates.map { "'\($0)'" }.joined(separator: " ") + "\n"
    let path = folder.appendingPathComponent("conv").path
    try stub.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(chmod(path, 0o755) == 0)
    return folder
  }

  /// The files a candidate that ran would have created.
  static func ran(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("ran-") }
  }

  @Test(
    "bash: hostile candidates are offered as text, none runs",
    .enabled(if: FileManager.default.fileExists(atPath: "/bin/bash")))
  func bash() async throws {
    let folder = try await Self.folder(for: "bash")
    defer { try? FileManager.default.removeItem(at: folder) }
    for words in [
      ["conv", "5", "mi", "k"], ["conv", "convert", "5", "mi", "k"], ["conv", "fav", "add", "k"],
      ["conv", "info", "k"], ["conv", "list", "k"],
    ] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let command =
        "source conv.bash; COMPREPLY=(); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); "
        + "COMP_LINE='\(words.joined(separator: " "))'; COMP_POINT=${#COMP_LINE}; _conv conv k; "
        + "printf '%s\\n' \"${COMPREPLY[@]}\""
      let bash = try await ConvProcess.run(
        executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", command],
        environment: ["PATH": folder.path + ":/usr/bin:/bin", "HOME": folder.path], workingDirectory: folder,
        errors: .discarded)
      let offered = bash.stdout.split(separator: "\n").map(String.init)
      #expect(Self.ran(in: folder).isEmpty, "\(words): \(Self.ran(in: folder))")
      // Offered quoted for the shell (bash inserts a candidate as it is).
      #expect(offered.contains("km") && offered.contains("k\\*"), "\(words): \(offered)")
      #expect(offered.contains { $0.hasPrefix("k\\`touch") }, "\(words): \(offered)")
    }
  }

  @Test(
    "zsh: hostile candidates are listed, none runs",
    .enabled(if: TmuxPane.tmux != nil && ShellCompletionTmuxTests.shell("zsh") != nil))
  func zsh() async throws {
    let folder = try await Self.folder(for: "zsh")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try await TmuxPane(
      program: "exec env PATH='\(folder.path):/usr/bin:/bin' TERM=xterm LANG=C.UTF-8 zsh -f")
    defer { pane.close() }
    try await pane.type("fpath=('\(folder.path)' $fpath); autoload -U compinit; compinit -u; PS1='zsh> '")
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("zsh>") }
    try await Self.expectListedNotRun(pane, folder: folder)
  }

  @Test(
    "fish: hostile candidates are listed, none runs",
    .enabled(if: TmuxPane.tmux != nil && ShellCompletionTmuxTests.shell("fish") != nil))
  func fish() async throws {
    let folder = try await Self.folder(for: "fish")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try await TmuxPane(
      program:
        "exec env PATH='\(folder.path):/usr/bin:/bin' HOME='\(folder.path)' TERM=xterm LANG=C.UTF-8 fish --no-config")
    defer { pane.close() }
    try await pane.type("source '\(folder.path)/conv.fish'; function fish_prompt; echo 'fish> '; end")
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("fish>") }
    try await Self.expectListedNotRun(pane, folder: folder)
  }

  /// Tab on a unit and on a favorite's unit: the hostile candidates are listed with the others,
  /// and none of their commands ran.
  static func expectListedNotRun(_ pane: TmuxPane, folder: URL) async throws {
    for line in ["conv 5 mi k", "conv fav add k"] {
      try await pane.keys(line, "Tab")
      let screen = try await pane.waitFor { $0.contains("touch") }
      #expect(screen.contains("km"), "\(screen.text)")
      try await pane.keys("C-c")
      // The next line once the new prompt is there (typed earlier, a key could go to this one).
      _ = try await pane.waitFor { $0.promptLine == "zsh>" || $0.promptLine == "fish>" }
    }
    #expect(ran(in: folder).isEmpty, "\(ran(in: folder))")
  }
}
