import Foundation
import Testing

/// Keeps `Man/conv.1` in step with the binary: every subcommand, alias and option that the built
/// `conv` accepts must be documented, the SYNOPSIS must name every command and no other, every
/// option the page documents must exist, and every REPL command listed by `help` must be described.
///
/// The command tree comes from `conv --experimental-dump-help` (conv's command table as JSON, in
/// the shape swift-argument-parser gives it); `conv [SUBCOMMAND...] --help` is run for each command as well, so that a
/// command whose help cannot be printed fails here too.
@Suite("Man page covers the command line")
struct ManPageTests {
  /// One command of the tree, with its full path (`["fav", "add"]`).
  struct Command: Sendable, CustomTestStringConvertible {
    let path: [String]
    let aliases: [String]
    /// Option spellings as typed: `--terse`, `-t`.
    let options: [String]
    var testDescription: String { (["conv"] + path).joined(separator: " ") }
  }

  /// The mdoc source of the man page.
  static let manPage: String = {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = root.appendingPathComponent("Man/conv.1")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
    return text
  }()

  /// Every command of the binary, from `--experimental-dump-help` (run once).
  static var commands: [Command] {
    get async { await commandTree.value }
  }

  private static let commandTree = Task {
    guard let outcome = try? await ConvProcess.run(["--experimental-dump-help"]), outcome.status == 0,
      let json = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any],
      let root = json["command"] as? [String: Any]
    else {
      fatalError("conv --experimental-dump-help did not print a command tree")
    }
    var result: [Command] = []
    func walk(_ command: [String: Any], path: [String]) {
      var options: [String] = []
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        guard argument["shouldDisplay"] as? Bool ?? true, argument["kind"] as? String != "positional" else { continue }
        for name in argument["names"] as? [[String: Any]] ?? [] {
          guard let text = name["name"] as? String else { continue }
          switch name["kind"] as? String {
          case "long": options.append("--" + text)
          case "short": options.append("-" + text)
          default: break
          }
        }
      }
      result.append(Command(path: path, aliases: command["aliases"] as? [String] ?? [], options: options))
      for sub in command["subcommands"] as? [[String: Any]] ?? [] {
        guard sub["shouldDisplay"] as? Bool ?? true, let name = sub["commandName"] as? String else { continue }
        walk(sub, path: path + [name])
      }
    }
    walk(root, path: [])
    return result
  }

  /// Whether the page documents an option: `.Fl -terse` or `.Fl t` in the mdoc source.
  static func documents(option: String) -> Bool {
    let name = option.hasPrefix("--") ? "-" + option.dropFirst(2) : String(option.dropFirst())
    return manPage.contains(regex: "Fl " + NSRegularExpression.escapedPattern(for: name) + "(?![\\w-])")
  }

  /// Whether the page documents a command: `Cm fav add` in the mdoc source.
  static func documents(command words: [String]) -> Bool {
    let pattern = "Cm " + words.map(NSRegularExpression.escapedPattern(for:)).joined(separator: " ") + "(?![\\w-])"
    return manPage.contains(regex: pattern)
  }

  @Test(
    "Every subcommand and alias runs its command, not a conversion",
    arguments: await ManPageTests.commands.filter { $0.path.count == 1 })
  func subcommandIsNotAConversion(_ command: Command) async throws {
    // Read as a quantity, `conv WORD` would fail with "unknown unit 'WORD'".
    for word in [command.path[0]] + command.aliases {
      let outcome = try await ConvProcess.run([word], stdin: "")
      #expect(!outcome.stderr.contains("unknown unit"), "conv \(word): \(outcome.stderr)")
    }
  }

  @Test("The command tree is read")
  func treeIsRead() async {
    let paths = Set(await Self.commands.map { $0.path.joined(separator: " ") })
    for expected in ["", "convert", "list", "info", "search", "categories", "repl", "fav", "fav add"] {
      #expect(paths.contains(expected), "no '\(expected)' in conv --experimental-dump-help")
    }
  }

  @Test(
    "Every subcommand and alias is in Man/conv.1", arguments: await ManPageTests.commands.filter { !$0.path.isEmpty })
  func subcommandDocumented(_ command: Command) {
    #expect(Self.documents(command: command.path), "Man/conv.1 lacks 'Cm \(command.path.joined(separator: " "))'")
    for alias in command.aliases {
      #expect(
        Self.documents(command: [alias]), "Man/conv.1 lacks the alias 'Cm \(alias)' of \(command.testDescription)")
    }
  }

  /// The command paths the SYNOPSIS names, one form per `.Nm` line, each level's alternatives
  /// expanded: `.Cm fav` then `.Cm add | rm | mv | path` gives `fav add`, `fav rm` …, and
  /// `.Cm fav` then `.Op Cm list` both `fav` and `fav list`. The keyword `to` is left out.
  static let synopsisPaths: [[String]] = {
    guard let start = manPage.range(of: ".Sh SYNOPSIS\n"),
      let end = manPage.range(of: "\n.Sh ", range: start.upperBound..<manPage.endIndex)
    else { return [] }
    var forms: [[[String]]] = []
    for line in manPage[start.upperBound..<end.lowerBound].split(separator: "\n") {
      if line == ".Nm" {
        forms.append([])
        continue
      }
      let words = line.dropFirst().split(separator: " ").map(String.init)
      guard !forms.isEmpty, let macro = words.firstIndex(of: "Cm") else { continue }
      var names = words[(macro + 1)...].filter { $0 != "|" && $0 != "to" }
      if names.isEmpty { continue }
      if words.first == "Op" { names.append("") }  // optional: the level may be absent
      forms[forms.count - 1].append(names)
    }
    return forms.flatMap { form in
      form.reduce([[String]]([[]])) { paths, level in
        paths.flatMap { path in level.map { $0.isEmpty ? path : path + [$0] } }
      }
    }
  }()

  @Test(
    "The SYNOPSIS names every command of conv's command table, and help",
    arguments: await ManPageTests.commands.filter { !$0.path.isEmpty }.map(\.path) + [["help"]])
  func synopsisComplete(_ path: [String]) {
    #expect(Self.synopsisPaths.contains(path), "the SYNOPSIS of Man/conv.1 lacks 'conv \(path.joined(separator: " "))'")
  }

  @Test("Every command the SYNOPSIS names exists")
  func synopsisCommandsExist() async {
    // `conv help …` and `conv version` are words of the parser, not commands of the table.
    let known = Set(await Self.commands.map(\.path) + [["help"], ["version"]])
    #expect(Self.synopsisPaths.count >= 14, "too few commands read from the SYNOPSIS: \(Self.synopsisPaths)")
    for path in Self.synopsisPaths {
      #expect(known.contains(path), "the SYNOPSIS names 'conv \(path.joined(separator: " "))', which is not a command")
    }
  }

  @Test("Every option is in Man/conv.1", arguments: await ManPageTests.commands)
  func optionsDocumented(_ command: Command) {
    for option in command.options {
      #expect(Self.documents(option: option), "Man/conv.1 lacks '\(option)' of \(command.testDescription)")
    }
  }

  @Test("Every option in Man/conv.1 exists")
  func documentedOptionsExist() async throws {
    let known = Set(await Self.commands.flatMap(\.options) + ["--generate-completion-script", "-"])
    let regex = try NSRegularExpression(pattern: "Fl (-?[A-Za-z][\\w-]*)")
    let source = Self.manPage
    let range = NSRange(source.startIndex..., in: source)
    var documented = Set<String>()
    for match in regex.matches(in: source, range: range) {
      guard let word = Range(match.range(at: 1), in: source).map({ String(source[$0]) }) else { continue }
      documented.insert("-" + word)
    }
    #expect(!documented.isEmpty)
    for option in documented.sorted() {
      #expect(known.contains(option), "Man/conv.1 documents '\(option)', which conv does not accept")
    }
  }

  @Test("Every command's --help runs and lists only documented options", arguments: await ManPageTests.commands)
  func helpRuns(_ command: Command) async throws {
    let outcome = try await ConvProcess.run(command.path + ["--help"])
    #expect(outcome.status == 0, "\(command.testDescription) --help: \(outcome.stderr)")
    #expect(outcome.stdout.contains("USAGE:"))
    let regex = try NSRegularExpression(pattern: "(?<![\\w-])(--?[a-z][a-z-]*)")
    let text = outcome.stdout
    var shown = Set<String>()
    for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      guard let option = Range(match.range(at: 1), in: text).map({ String(text[$0]) }),
        command.options.contains(option)
      else { continue }
      shown.insert(option)
    }
    for option in shown.sorted() {
      #expect(Self.documents(option: option), "'\(option)' of \(command.testDescription) --help is not in Man/conv.1")
    }
  }

  @Test("Every REPL command from 'help' is in Man/conv.1")
  func replCommandsDocumented() async throws {
    let outcome = try await ConvProcess.run(["repl"], stdin: "help\nquit\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let categories = try await ConvProcess.run(["categories", "--json"]).stdout
    var words: Set<String> = []
    for line in outcome.lines {
      // A command line of the help: `from UNIT            convert from UNIT`.
      guard let gap = line.range(of: "  "), !line.hasPrefix(" ") else { continue }
      for item in line[..<gap.lowerBound].split(separator: ",") {
        guard let word = item.split(separator: " ").first.map(String.init),
          word.allSatisfy({ $0.isLetter && $0.isLowercase }),
          !categories.contains("\"identifier\":\"\(word)\"")
        else { continue }
        words.insert(word)
      }
    }
    #expect(words.count >= 5, "too few REPL commands read from 'help': \(words.sorted())")
    for word in words.sorted() {
      #expect(Self.documents(command: [word]), "Man/conv.1 lacks the REPL command 'Cm \(word)'")
    }
  }

  @Test("mandoc -Tlint reports nothing", .enabled(if: ManPageTests.tool("mandoc") != nil))
  func mandocLint() async throws {
    let (status, output) = try await Self.runTool(ManPageTests.tool("mandoc")!, ["-Tlint", Self.manPagePath])
    #expect(output.isEmpty, "mandoc -Tlint Man/conv.1:\n\(output)")
    #expect(status == 0)
  }

  @Test("groff -mandoc -ww -z reports nothing", .enabled(if: ManPageTests.tool("groff") != nil))
  func groffWarnings() async throws {
    let (status, output) = try await Self.runTool(
      ManPageTests.tool("groff")!, ["-mandoc", "-ww", "-z", Self.manPagePath])
    #expect(output.isEmpty, "groff -mandoc -ww -z Man/conv.1:\n\(output)")
    #expect(status == 0)
  }

  static var manPagePath: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Man/conv.1").path
  }

  /// The path of a tool on `PATH`, if installed.
  static func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = String(directory) + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs a tool and returns its status and everything it printed (standard output and error).
  static func runTool(_ path: String, _ arguments: [String]) async throws -> (Int32, String) {
    let tool = try await ConvProcess.run(
      executable: URL(fileURLWithPath: path), arguments: arguments, errors: .standardOutput)
    return (tool.status, tool.stdout)
  }
}

extension String {
  fileprivate func contains(regex pattern: String) -> Bool {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
    return regex.firstMatch(in: self, range: NSRange(startIndex..., in: self)) != nil
  }
}
