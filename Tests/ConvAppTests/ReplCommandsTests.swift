import ConvApp
import ConvKit
import Testing

/// The REPL's command and key table: what it reads, what it suggests, what help lists.
@Suite("REPL commands table")
struct ReplCommandsTests {
  @Test("the help screen lists every command, alias and key of the table", arguments: ReplCommands.all.map(\.name))
  func helpListsCommands(_ name: String) throws {
    let help = ReplCommands.helpLines()
    let command = try #require(ReplCommands.all.first { $0.name == name })
    let line = try #require(help.first { $0.hasPrefix(name + " ") }, "\(name) in \(help)")
    #expect(line.contains(command.help))
    for alias in command.aliases { #expect(line.contains(alias), "\(alias)") }
  }

  @Test("every key of the table is in the help screen", arguments: ReplCommands.keys.map(\.keys))
  func helpListsKeys(_ keys: String) {
    #expect(
      ReplCommands.helpLines().contains {
        $0.hasPrefix(keys + " ") && $0.contains(ReplCommands.keys.first { $0.keys == keys }!.help)
      })
  }

  @Test(
    "every command word and alias reads as its command", arguments: ReplCommands.all.flatMap { [$0.name] + $0.aliases })
  func words(_ word: String) {
    let input = ReplInput.parse(word, catalog: ReplTestCatalog.catalog)
    if case .expression = input { Issue.record("\(word) read as a conversion") }
  }

  @Test(
    "a misspelt command is suggested, by the command line's edit distance",
    arguments: [
      ("fsv", "fav"), ("swpa", "swap"), ("form mi", "from"), ("hlep", "help"), ("qiut", "quit"), ("shwo", "show"),
    ])
  func didYouMean(_ line: String, _ command: String) {
    var session = ReplTestCatalog.session(.script)
    let outcome = session.handle(line)
    #expect(outcome.errors == ["unknown command '\(line.split(separator: " ")[0])'; did you mean '\(command)'?"])
  }

  @Test("no suggestion for numbers, units and good conversions", arguments: ["5", "mi", "3 ft to m", "swap", "ft"])
  func noSuggestion(_ line: String) {
    var session = ReplTestCatalog.session(.script)
    #expect(!session.handle(line).errors.contains { $0.contains("did you mean") })
  }

  @Test(
    "a command without its argument says how it is used",
    arguments: [
      ("from", "from needs a unit: from mi"),
      ("to", "to needs a unit: to km"),
    ])
  func missingArgument(_ line: String, _ message: String) {
    #expect(ReplInput.parse(line, catalog: ReplTestCatalog.catalog) == .invalid(message))
  }

  @Test("every bound key sequence has one action")
  func sequences() {
    let sequences = ReplCommands.keys.flatMap(\.bindings).map(\.sequence)
    #expect(Set(sequences).count == sequences.count)
  }

  @Test(
    "the arrows move the source; with Shift or Alt (xterm's modifiers, or Esc before the arrow) the target",
    arguments: [
      ("\u{1B}[A", ReplAction.source(.up)), ("\u{1B}OB", .source(.down)),
      ("\u{1B}[1;2A", .target(.up)), ("\u{1B}[1;3B", .target(.down)),
      ("\u{1B}\u{1B}[A", .target(.up)), ("\u{1B}\u{1B}[B", .target(.down)),
      ("\u{1B}", .clearFilter),
    ])
  func binding(_ sequence: String, _ action: ReplAction) {
    #expect(ReplCommands.keys.flatMap(\.bindings).first { $0.sequence == sequence }?.action == action)
  }
}
