import ConvApp
import Testing

/// `--help` from the command table, and the shell completion that conv answers for its scripts.
@Suite("Command-line help and completion")
struct CommandLineHelpTests {
  @Test(
    "Every command's help has its usage and options, within 80 columns but for examples",
    arguments: [
      [], ["convert"], ["list"], ["categories"], ["info"], ["search"], ["fav"], ["fav", "add"],
      ["fav", "mv"], ["repl"], ["rates"], ["rates", "update"],
    ])
  func help(_ path: [String]) throws {
    let text = try #require(HelpText(path: path)).text
    #expect(text.hasPrefix("OVERVIEW: "))
    #expect(text.contains("USAGE: conv"))
    #expect(text.contains("  -h, --help              Show help information.\n"))
    for line in text.split(separator: "\n") where !line.hasPrefix("USAGE") && !line.hasPrefix("  conv ") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  @Test("An option's help names its values once; a command lists its subcommands")
  func details() throws {
    let convert = try #require(HelpText(path: ["convert"])).text
    // The values once: the help already names them (issue 38).
    #expect(convert.contains("  --notation <notation>   Number notation: auto, plain or scientific.\n"))
    #expect(!convert.contains("(values:"))
    let fav = try #require(HelpText(path: ["fav"])).text
    #expect(fav.contains("  list (default)          Convert a value (default 1) with every favorite.\n"))
    #expect(fav.contains("  rm, remove              Remove a favorite"))
    #expect(fav.hasSuffix("  See 'conv help fav <subcommand>' for detailed help.\n"))
    #expect(HelpText(path: ["nope"]) == nil)
  }

  @Test(
    "Text wraps between words, a line that goes on keeping one column free",
    arguments: [
      ("one two three", 7, ["one", "two", "three"]),
      ("one two", 7, ["one two"]),
      ("one two three", 9, ["one two", "three"]),
    ])
  func wrap(_ text: String, _ width: Int, _ expected: [String]) {
    #expect(HelpText.wrap(text, width: width) == expected)
  }

  @Test(
    "What a shell is offered for the word being typed",
    arguments: [
      (
        ["conv", ""], 1,
        CompletionContext.words(["convert", "list", "categories", "info", "search", "fav", "repl", "rates", "help"])
      ),
      (["conv", "he"], 1, .words(["help"])),
      (["conv", "help", ""], 2, .words(["convert", "list", "categories", "info", "search", "fav", "repl", "rates"])),
      (["conv", "help", "fav", ""], 3, .words(["list", "add", "rm", "mv", "path"])),
      (["conv", "help", "fav", "r"], 3, .words(["rm"])),
      (["conv", "help", "nosuch", ""], 3, .words([])),
      (["conv", "5", ""], 2, .dynamic(.units, prefix: "")),
      (["conv", "fa"], 1, .words(["fav"])),
      (["conv", "fav", ""], 2, .words(["list", "add", "rm", "mv", "path"])),
      (["conv", "--no"], 1, .words(["--notation"])),
      (["conv", "--color", ""], 2, .words(["auto", "always", "never"])),
      (["conv", "5", "mi", "k"], 3, .dynamic(.units, prefix: "k")),
      (["conv", "-t", "--digits", "3", "5", "mi", "k"], 6, .dynamic(.units, prefix: "k")),
      (["conv", "convert", "5", "mi", "k"], 4, .dynamic(.units, prefix: "k")),
      (["conv", "info", "k"], 2, .dynamic(.units, prefix: "k")),
      (["conv", "--json", "list", "le"], 3, .dynamic(.categories, prefix: "le")),
      (["conv", "fav", "add", "k"], 3, .dynamic(.units, prefix: "k")),
      (["conv", "fav", "rm"], 3, .dynamic(.favorites, prefix: "")),
      (["conv", "search", "fo"], 2, .words([])),
    ])
  func completion(_ words: [String], _ index: Int, _ expected: CompletionContext) {
    #expect(CompletionContext(words: words, index: index) == expected)
  }

  @Test(
    "Each shell's script hands the words to conv and adds what it prints as text", arguments: ["bash", "zsh", "fish"])
  func scripts(_ shell: String) throws {
    let script = try #require(CompletionScript.script(for: shell))
    #expect(script.contains("---complete"))
    #expect(!script.contains("compgen") && !script.contains("eval "))
  }
}
