import ConvApp
import Testing

/// conv's command line read against its table: commands, options anywhere, negative quantities,
/// `--`, help and version, and one-line errors.
@Suite("Command-line parser")
struct CommandLineParserTests {
  /// A command line and the command it runs.
  struct RunCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let expected: ParsedCommand
    var testDescription: String { "conv " + arguments.joined(separator: " ") }

    init(
      _ arguments: [String], _ path: [String], flags: Set<String> = [], values: [String: String] = [:],
      words: [String] = []
    ) {
      self.arguments = arguments
      expected = ParsedCommand(path: path, flags: flags, values: values, words: words)
    }
  }

  static let runs: [RunCase] = [
    RunCase(["5", "mi", "km"], ["convert"], words: ["5", "mi", "km"]),
    RunCase([], ["convert"]),
    RunCase(["-"], ["convert"], words: ["-"]),
    RunCase(["-t", "5", "mi", "km"], ["convert"], flags: ["terse"], words: ["5", "mi", "km"]),
    RunCase(["5", "mi", "km", "--digits=3"], ["convert"], values: ["digits": "3"], words: ["5", "mi", "km"]),
    RunCase(
      ["--notation=automatic", "5", "mi", "km"], ["convert"], values: ["notation": "automatic"],
      words: ["5", "mi", "km"]),
    RunCase(
      ["--digits", "3", "-t", "-40", "°F", "°C"], ["convert"], flags: ["terse"], values: ["digits": "3"],
      words: ["-40", "°F", "°C"]),
    RunCase(["-t", "-10 lb", "kg"], ["convert"], flags: ["terse"], words: ["-10 lb", "kg"]),
    RunCase(["-t", "-½", "cup", "tbsp"], ["convert"], flags: ["terse"], words: ["-½", "cup", "tbsp"]),
    RunCase(["-tl", "5", "mi", "km"], ["convert"], flags: ["terse", "long"], words: ["5", "mi", "km"]),
    RunCase(["-t", "--", "-x", "°C"], ["convert"], flags: ["terse"], words: ["-x", "°C"]),
    RunCase(["convert", "-t", "--", "-2", "m", "cm"], ["convert"], flags: ["terse"], words: ["-2", "m", "cm"]),
    // Unknown options are words of a command that reports them itself, with a suggestion.
    RunCase(["--jsno", "5", "mi", "km"], ["convert"], words: ["--jsno", "5", "mi", "km"]),
    RunCase(["info", "ft"], ["info"], words: ["ft"]),
    RunCase(["--ascii", "info", "Å"], ["info"], flags: ["ascii"], words: ["Å"]),
    RunCase(["--json", "list", "length"], ["list"], flags: ["json"], words: ["length"]),
    RunCase(["list"], ["list"]),
    RunCase(["search", "foot", "--limit", "5"], ["search"], values: ["limit": "5"], words: ["foot"]),
    RunCase(["fav"], ["fav", "list"]),
    RunCase(["favourites", "10"], ["fav", "list"], words: ["10"]),
    RunCase(["--color", "never", "fav"], ["fav", "list"], values: ["color": "never"]),
    RunCase(["-t", "fav", "10"], ["fav", "list"], flags: ["terse"], words: ["10"]),
    RunCase(["fav", "add", "mi", "km"], ["fav", "add"], words: ["mi", "km"]),
    RunCase(["fav", "remove", "2"], ["fav", "rm"], words: ["2"]),
    RunCase(["fav", "mv", "3", "1"], ["fav", "mv"], words: ["3", "1"]),
    RunCase(["rates"], ["rates"]),
    RunCase(["rates", "--json"], ["rates"], flags: ["json"]),
    RunCase(["rates", "update"], ["rates", "update"]),
    RunCase(["repl", "--digits", "4"], ["repl"], values: ["digits": "4"]),
  ]

  @Test("Command lines and the command they run", arguments: runs)
  func run(_ c: RunCase) throws {
    #expect(try CommandLineParser().parse(c.arguments) == .run(c.expected))
  }

  @Test(
    "Help, version, completion scripts and the command tree",
    arguments: [
      (["--help"], CommandLineRequest.help([])),
      (["-h"], .help([])),
      (["fav", "-h"], .help(["fav"])),
      (["fav", "add", "--help"], .help(["fav", "add"])),
      (["5", "mi", "km", "-h"], .help(["convert"])),
      (["help", "favorites", "rm"], .help(["fav", "rm"])),
      (["--version"], .version),
      (["fav", "--version"], .version),
      (["--generate-completion-script", "zsh"], .completionScript("zsh")),
      (["--generate-completion-script=fish"], .completionScript("fish")),
      (["--experimental-dump-help"], .commandTree),
      (["---complete", "3", "conv", "5", "mi", "k"], .complete(index: 3, words: ["conv", "5", "mi", "k"])),
    ])
  func request(_ arguments: [String], _ expected: CommandLineRequest) throws {
    #expect(try CommandLineParser().parse(arguments) == expected)
  }

  @Test(
    "Usage errors are one line, with a suggestion or where to look",
    arguments: [
      (["info"], "missing expected argument '<unit> ...' (see 'conv info --help')"),
      (["info", "ft", "-t"], "unknown option '-t' (see 'conv info --help')"),
      (["list", "--jsno"], "unknown option '--jsno'; did you mean '--json'?"),
      (["fav", "mv", "1"], "missing expected argument '<to>' (see 'conv fav mv --help')"),
      (["rates", "updat"], "unexpected argument 'updat'; did you mean 'conv rates update'?"),
      (["categories", "x"], "unexpected argument 'x' (see 'conv categories --help')"),
      (["--digits"], "missing value for '--digits <n>' (see 'conv convert --help')"),
      (["--json=1", "5", "mi", "km"], "the option '--json' takes no value, but '1' was given"),
      (
        ["--notation", "weird", "5", "mi", "km"],
        "the value 'weird' is invalid for '--notation <notation>'; give one of 'auto', 'plain' or 'scientific'"
      ),
      (["help", "nope"], "unexpected argument 'nope' (see 'conv --help')"),
      (["--generate-completion-script", "tcsh"], "give one shell: --generate-completion-script bash, zsh or fish"),
    ])
  func error(_ arguments: [String], _ message: String) {
    #expect(throws: CommandLineError(message)) { try CommandLineParser().parse(arguments) }
  }

  @Test("Every subcommand and alias of the table is read as its command, never as a quantity")
  func everySubcommand() throws {
    for command in ConvCommands.root.subcommands {
      for name in [command.name] + command.aliases {
        #expect(try CommandLineParser().parse([name, "--help"]) == .help([command.name]), "conv \(name)")
      }
    }
  }
}
