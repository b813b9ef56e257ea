import Foundation
import Testing

/// The REPL screen the README shows ("A short tour") is what conv draws: the block is marked
/// `<!-- examples: not run: … ReplReadmeTmuxTests … -->` for the test that runs the `$ conv`
/// examples, and this test types the lines the README names in a tmux pane of the README's size
/// and compares the screen with the block, line by line.
@Suite(
  "README's REPL screen in tmux", .serialized,
  .enabled(if: ConvProcess.requires(TmuxPane.tmux != nil), "tmux is not installed: skipping the terminal tests"))
struct ReplReadmeTmuxTests {
  /// What the README says was typed, and the terminal's size.
  static let typed = ["from mpg", "30", "to L/100km"]
  static let size = (width: 100, height: 16)

  /// The lines of the fenced block after the marker that names this test.
  static func readmeScreen() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let markers = lines.indices.filter {
      lines[$0].hasPrefix("<!-- examples: not run:") && lines[$0].contains("ReplReadmeTmuxTests")
    }
    try #require(markers.count == 1, "one README block marked for ReplReadmeTmuxTests, found \(markers.count)")
    let fence = markers[0] + 1
    try #require(fence < lines.count && lines[fence] == "```", "the marker is right above a fence")
    let end = try #require(lines[(fence + 1)...].firstIndex(of: "```"))
    return Array(lines[(fence + 1)..<end])
  }

  @Test("the README's REPL screen is what conv draws")
  func readmeScreen() async throws {
    let shown = try Self.readmeScreen()
    #expect(shown.count == Self.size.height, "the block is the whole \(Self.size.width)×\(Self.size.height) terminal")
    let pane = try await TmuxPane(width: Self.size.width, height: Self.size.height)
    defer { pane.close() }
    _ = try await pane.waitFor { $0.promptLine.hasPrefix("conv>") && $0.contains("Length") }
    for line in Self.typed { try await pane.type(line) }
    let header = try #require(shown.first)
    let screen = try await pane.waitFor { $0.lines.first == header && $0.promptLine == "conv>" }
    let drawn = screen.lines.map(Self.trimmed)
    #expect(
      drawn == shown.map(Self.trimmed),
      """
      the README's REPL screen is out of date; the screen conv draws is:
      \(drawn.joined(separator: "\n"))
      """)
  }

  static func trimmed(_ line: String) -> String {
    var line = line
    while line.hasSuffix(" ") { line.removeLast() }
    return line
  }
}
