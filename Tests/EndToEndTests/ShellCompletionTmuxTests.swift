import Foundation
import Testing

/// Issue 21: `conv 5 mi k<Tab>` completes units for the default command in zsh and fish, driven
/// for real in tmux (bash is covered by calling its completion function in ShellCitizenTests).
@Suite("Completion in zsh and fish", .serialized, .enabled(if: ConvProcess.requires(TmuxPane.tmux != nil)))
struct ShellCompletionTmuxTests {
  static func shell(_ name: String) -> String? {
    ["/usr/bin/" + name, "/bin/" + name].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A folder with `conv` and its completion script for `shell`.
  static func folder(for shell: String) async throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-\(shell)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("conv"), withDestinationURL: ConvProcess.executable)
    let script = try await ConvProcess.run(["--generate-completion-script", shell]).stdout
    try script.write(
      to: folder.appendingPathComponent(shell == "zsh" ? "_conv" : "conv.fish"), atomically: true,
      encoding: .utf8)
    return folder
  }

  @Test("zsh: conv 5 mi k<Tab> offers km", .enabled(if: shell("zsh") != nil))
  func zsh() async throws {
    let folder = try await Self.folder(for: "zsh")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try await TmuxPane(
      program: "exec env PATH='\(folder.path):/usr/bin:/bin' TERM=xterm LANG=C.UTF-8 zsh -f")
    defer { pane.close() }
    try await pane.type("fpath=('\(folder.path)' $fpath); autoload -U compinit; compinit -u; PS1='zsh> '")
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("zsh>") }
    try await pane.keys("conv 5 mi k", "Tab")
    let screen = try await pane.waitFor { $0.contains("km ") || $0.contains("conv 5 mi km") }
    #expect(screen.contains("km"), "\(screen.text)")
    #expect(!screen.contains("convert "), "\(screen.text)")
    // A name with a space, typed with a backslash, completes. (Typed once the new prompt is there:
    // on a loaded machine zsh took the next line's first key before the interrupt.)
    try await pane.keys("C-c")
    _ = try await pane.waitFor { $0.promptLine == "zsh>" }
    try await pane.keys("conv 5 km nautical\\ m", "Tab")
    let spaced = try await pane.waitFor { $0.contains("nautical\\ mile") }
    #expect(spaced.contains("conv 5 km nautical\\ mile"), "\(spaced.text)")
  }

  @Test("fish: conv 5 mi k<Tab> offers km", .enabled(if: shell("fish") != nil))
  func fish() async throws {
    let folder = try await Self.folder(for: "fish")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try await TmuxPane(
      program:
        "exec env PATH='\(folder.path):/usr/bin:/bin' HOME='\(folder.path)' TERM=xterm LANG=C.UTF-8 fish --no-config")
    defer { pane.close() }
    try await pane.type("source '\(folder.path)/conv.fish'; function fish_prompt; echo 'fish> '; end")
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("fish>") }
    try await pane.keys("conv 5 mi k", "Tab")
    let screen = try await pane.waitFor { $0.contains("km ") || $0.contains("conv 5 mi km") }
    #expect(screen.contains("km"), "\(screen.text)")
  }
}
