import Foundation
import Testing

/// Issue 20, finding 3, on the REPL's screen: hostile text drawn there (here a favorites path that
/// sets the window title, shown in the favorites view's error) is written out, and the terminal's
/// title stays as it was.
extension ReplTmuxTests {
  @Test("The screen escapes what it draws: a hostile favorites path cannot set the title")
  func screenEscapes() async throws {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("conv-screen-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let favorites = folder.appendingPathComponent("fav\u{1B}]2;PWNED\u{07}x")
    try "# conv favorites v1\nnot a pair\n".write(to: favorites, atomically: true, encoding: .utf8)
    // The path is made by printf in the shell that starts conv (octal escapes work in any sh).
    let printf = favorites.path.replacingOccurrences(of: "\u{1B}", with: "\\033")
      .replacingOccurrences(of: "\u{07}", with: "\\007")
    let quoted = "\"$(printf '" + printf + "')\""
    let pane = try await TmuxPane(
      program: "exec env TERM=xterm-256color CONV_FAVORITES=\(quoted) '\(ConvProcess.executable.path)'")
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    try await pane.type("favs")
    let screen = try await pane.waitFor { $0.contains("Favorites") && $0.promptLine == "conv>" }
    #expect(screen.contains("<U+001B>]2;PWNED<U+0007>"), "\(screen.text)")
    let title = try await pane.tmux(["list-panes", "-t", pane.name, "-F", "#{pane_title}"])
    #expect(!title.contains("PWNED"), "\(title)")
  }
}
