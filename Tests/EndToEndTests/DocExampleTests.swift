import Foundation
import Testing

/// Runs every `$` example of the README and the man page and compares what conv prints with what
/// the document shows, so that the documents cannot drift from the program.
///
/// A code block of the README (a `.Bd -literal` display or a `.Dl` line of the man page) holding
/// lines that start with `$ ` is a block of examples: each `$` line is a command, the lines after it
/// up to the next `$` line are what it shows, standard output and standard error together as a
/// terminal shows them (the two streams go to one pipe, so conv writes them in order). The
/// commands of a block run in order in a folder of their own, which is also the home of the
/// configuration, state and cache folders (so `conv fav add` then `conv fav 10` work, and no rates
/// cache exists), with `LANG=C.UTF-8` and today pinned to ``DocExampleTests/today``.
///
/// A command is read by a small shell-word splitter (quotes, backslashes, `NAME=value` before the
/// program): `conv …` runs the binary under test directly; `cat FILE` writes the lines shown after
/// it to FILE in the block's folder (the input of the examples after it); one ending in
/// `; echo "exit status $?"` shows conv's exit status as its last line; a command with a pipe or a
/// redirection runs under `/bin/sh -c` with the binary's path in place of `conv`.
///
/// A block that cannot be run as shown carries a marker on the line above it: in the README an
/// HTML comment `<!-- examples: not run: REASON -->`, in the man page a roff comment
/// `.\" examples: not run: REASON`; `examples: wrapped: REASON` (man page) says that each example
/// shows one line of output cut into several. Blocks not run are counted, never skipped silently.
@Suite("Documented examples print what the documents show")
struct DocExampleTests {
  /// Today for the examples: the built-in rates (2026-10-06) are then 49 days old, as shown.
  static let today = "2026-11-24"

  /// One `$` line and the lines a document shows after it.
  struct Example: Sendable {
    let line: Int
    let command: String
    var shown: [String]
  }

  /// How a marked block is treated.
  enum Marker: String, Sendable {
    /// Not run: its output cannot be reproduced from a command line (a REPL screen, timings).
    case notRun = "not run"
    /// Each example's output is one line, shown cut into several (the man page's width).
    case wrapped
  }

  /// A code block of a document, with its examples in order.
  struct Block: Sendable, CustomTestStringConvertible {
    let document: String
    let line: Int
    let marker: Marker?
    var examples: [Example]
    var testDescription: String { "\(document):\(line)" }
  }

  /// The repository's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ path: String) -> String {
    guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
      fatalError("cannot read \(path)")
    }
    return text
  }

  /// The marker a comment line names, `nil` for a line that is no marker; a marker that is not
  /// known is a failure of the document, reported by `markersAreKnown`.
  static func marker(in comment: String) -> (Marker?, known: Bool) {
    guard let range = comment.range(of: "examples: ") else { return (nil, true) }
    let word = comment[range.upperBound...].prefix { $0 != ":" && $0 != "-" }.trimmingCharacters(in: .whitespaces)
    let marker = Marker(rawValue: word)
    return (marker, marker != nil)
  }

  // MARK: Reading the documents

  /// The README's fenced code blocks (fences may be indented, as in a list item).
  static func markdownBlocks(_ document: String) -> (blocks: [Block], unknownMarkers: [String]) {
    var blocks: [Block] = []
    var unknown: [String] = []
    var current: Block? = nil
    var previous = ""
    for (index, raw) in text(document).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(raw)
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        if let block = current {
          blocks.append(block)
          current = nil
        } else {
          var marker: Marker? = nil
          if previous.hasPrefix("<!--") {
            let found = Self.marker(in: previous)
            marker = found.0
            if !found.known { unknown.append("\(document):\(index): \(previous)") }
          }
          current = Block(document: document, line: index + 1, marker: marker, examples: [])
        }
      } else if current != nil {
        add(line, number: index + 1, to: &current!)
      }
      previous = line
    }
    return (blocks, unknown)
  }

  /// The man page's literal displays (`.Bd -literal` … `.Ed`) and `.Dl` lines, as text.
  static func manPageBlocks(_ document: String) -> (blocks: [Block], unknownMarkers: [String]) {
    var blocks: [Block] = []
    var unknown: [String] = []
    var current: Block? = nil
    var previous = ""
    func marker(at index: Int) -> Marker? {
      guard previous.hasPrefix(".\\\"") else { return nil }
      let found = Self.marker(in: previous)
      if !found.known { unknown.append("\(document):\(index): \(previous)") }
      return found.0
    }
    for (index, raw) in text(document).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(raw)
      if line.hasPrefix(".Bd -literal") {
        current = Block(document: document, line: index + 1, marker: marker(at: index), examples: [])
      } else if line.hasPrefix(".Ed"), let block = current {
        blocks.append(block)
        current = nil
      } else if line.hasPrefix(".Dl ") {
        var block = Block(document: document, line: index + 1, marker: marker(at: index), examples: [])
        add(roffText(String(line.dropFirst(4))), number: index + 1, to: &block)
        blocks.append(block)
      } else if current != nil, !line.hasPrefix(".\\\"") {
        add(roffText(line), number: index + 1, to: &current!)
      }
      previous = line
    }
    return (blocks, unknown)
  }

  /// Adds a line of a block: a new example for a `$` line, else a shown line of the last example.
  static func add(_ line: String, number: Int, to block: inout Block) {
    if line.hasPrefix("$ ") {
      block.examples.append(Example(line: number, command: String(line.dropFirst(2)), shown: []))
    } else if !block.examples.isEmpty {
      block.examples[block.examples.count - 1].shown.append(line)
    }
  }

  /// The characters of the roff escapes the man page's displays use.
  static let roffEscapes: [String: String] = [
    "de": "°", "~~": "≈", "mu": "×", "->": "→", "aq": "'", "dq": "\"", "en": "–", "em": "—",
  ]

  /// A line of a literal display as mandoc shows it: `\(de` is `°`, `\en` a backslash. An escape
  /// not in ``roffEscapes`` is kept as `<?…>`, so that the comparison fails and names it.
  static func roffText(_ line: String) -> String {
    var result = ""
    var characters = Substring(line)
    while let first = characters.first {
      characters = characters.dropFirst()
      guard first == "\\", let kind = characters.first else {
        result.append(first)
        continue
      }
      characters = characters.dropFirst()
      switch kind {
      case "e": result.append("\\")
      case "&": break
      case "-": result.append("-")
      case "(":
        let name = String(characters.prefix(2))
        characters = characters.dropFirst(2)
        result += roffEscapes[name] ?? "<?\\(\(name)>"
      case "[":
        let name = String(characters.prefix { $0 != "]" })
        characters = characters.dropFirst(name.count + 1)
        if name.hasPrefix("u"), let value = UInt32(name.dropFirst(), radix: 16), let scalar = Unicode.Scalar(value) {
          result.unicodeScalars.append(scalar)
        } else {
          result += roffEscapes[name] ?? "<?\\[\(name)]>"
        }
      default: result += "<?\\\(kind)>"
      }
    }
    return result
  }

  static let readme = markdownBlocks("README.md")
  static let manPage = manPageBlocks("Man/conv.1")

  /// The blocks that hold examples and are run.
  static func runnable(_ blocks: [Block]) -> [Block] {
    blocks.filter { !$0.examples.isEmpty && $0.marker != .notRun }
  }

  // MARK: Reading a command

  /// A word or an operator of a command line.
  enum Token: Equatable {
    case word(String)
    case op(String)
  }

  /// Splits a command line as a POSIX shell would into words and operators (`|`, `;`, `<`, `>`,
  /// `&`): single quotes keep everything, double quotes keep all but `\"`, `\\`, `` \` `` and `\$`,
  /// a backslash outside quotes keeps the next character. No expansion is made. Nil for an
  /// unterminated quote.
  static func split(_ line: String) -> [Token]? {
    var tokens: [Token] = []
    var word = ""
    var inWord = false
    var characters = Substring(line)
    func endWord() {
      if inWord { tokens.append(.word(word)) }
      word = ""
      inWord = false
    }
    while let character = characters.popFirst() {
      switch character {
      case " ", "\t":
        endWord()
      case "|", ";", "<", ">", "&":
        endWord()
        tokens.append(.op(String(character)))
      case "'":
        inWord = true
        guard let end = characters.firstIndex(of: "'") else { return nil }
        word += characters[..<end]
        characters = characters[characters.index(after: end)...]
      case "\"":
        inWord = true
        var closed = false
        while let next = characters.popFirst() {
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\", let escaped = characters.first, "\"\\`$".contains(escaped) {
            word.append(escaped)
            characters = characters.dropFirst()
          } else {
            word.append(next)
          }
        }
        if !closed { return nil }
      case "\\":
        inWord = true
        if let next = characters.popFirst() { word.append(next) }
      default:
        inWord = true
        word.append(character)
      }
    }
    endWord()
    return tokens
  }

  /// What an example's command line asks for.
  enum Invocation: Equatable {
    /// `NAME=value … conv ARGUMENTS`.
    case conv(arguments: [String], environment: [String: String])
    /// `cat FILE`: the shown lines are FILE's contents.
    case file(String)
    /// A pipeline or redirection, for `/bin/sh -c`, with `conv` as written.
    case shell([Token])
  }

  /// Reads a command line; nil when it is none of the kinds above (the example then fails).
  static func invocation(_ line: String) -> (Invocation, showsStatus: Bool)? {
    guard var tokens = split(line) else { return nil }
    let status: [Token] = [.op(";"), .word("echo"), .word("exit status $?")]
    let showsStatus = tokens.count > status.count && Array(tokens.suffix(status.count)) == status
    if showsStatus { tokens.removeLast(status.count) }
    if tokens.contains(where: { if case .op = $0 { true } else { false } }) {
      return (.shell(tokens), showsStatus)
    }
    var words = tokens.compactMap { if case .word(let word) = $0 { word } else { nil } }
    var environment: [String: String] = [:]
    while let first = words.first, let equals = first.firstIndex(of: "="),
      first[..<equals].allSatisfy({ $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) })
    {
      environment[String(first[..<equals])] = String(first[first.index(after: equals)...])
      words.removeFirst()
    }
    switch words.first {
    case "conv": return (.conv(arguments: Array(words.dropFirst()), environment: environment), showsStatus)
    case "cat" where words.count == 2 && environment.isEmpty && !showsStatus: return (.file(words[1]), false)
    default: return nil
    }
  }

  /// A shell script for the tokens, every word quoted, `conv` at a command's start replaced by
  /// the binary under test.
  static func script(_ tokens: [Token], conv: String) -> String {
    var parts: [String] = []
    var commandStart = true
    for token in tokens {
      switch token {
      case .op(let op):
        parts.append(op)
        commandStart = op == "|" || op == ";" || op == "&"
      case .word(let word):
        let isAssignment = commandStart && word.contains("=") && !word.hasPrefix("=")
        let text = commandStart && !isAssignment && word == "conv" ? conv : word
        parts.append("'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'")
        if !isAssignment { commandStart = false }
      }
    }
    return parts.joined(separator: " ")
  }

  // MARK: Running

  /// Runs a program with standard output and standard error on one pipe, as a terminal shows them.
  static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String],
    folder: URL
  ) async throws -> (output: String, status: Int32) {
    let result = try await ConvProcess.run(
      executable: executable, arguments: arguments, environment: environment, workingDirectory: folder,
      errors: .standardOutput)
    return (result.stdout, result.shellStatus)
  }

  /// The environment of a block's examples, with `folder` as home and nothing in its cache.
  static func environment(folder: URL) -> [String: String] {
    ConvProcess.isolatedEnvironment([
      "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent(".config").path,
      "XDG_STATE_HOME": folder.appendingPathComponent(".local/state").path,
      "XDG_CACHE_HOME": folder.appendingPathComponent(".cache").path,
      "LANG": "C.UTF-8", "CONV_TODAY": today,
    ])
  }

  /// Runs a block's examples in order and checks that each prints what it shows.
  static func check(_ block: Block) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = environment(folder: folder)
    for example in block.examples {
      let place = "\(block.document):\(example.line): $ \(example.command)"
      guard let (invocation, showsStatus) = invocation(example.command) else {
        Issue.record("\(place): not a command this test can run (conv …, cat FILE, or a pipeline)")
        continue
      }
      var result: (output: String, status: Int32)
      switch invocation {
      case .file(let name):
        let contents = example.shown.map { $0 + "\n" }.joined()
        try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        result = try await run(URL(fileURLWithPath: "/bin/cat"), [name], environment: environment, folder: folder)
      case .conv(let arguments, let extra):
        result = try await run(
          ConvProcess.executable, arguments, environment: environment.merging(extra) { $1 },
          folder: folder)
      case .shell(let tokens):
        result = try await run(
          URL(fileURLWithPath: "/bin/sh"), ["-c", script(tokens, conv: ConvProcess.executable.path)],
          environment: environment, folder: folder)
      }
      var printed = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if printed.last == "" { printed.removeLast() }
      if showsStatus { printed.append("exit status \(result.status)") }
      var shown = example.shown
      if block.marker == .wrapped {
        shown = [shown.joined()]
        printed = [printed.joined()]
      }
      #expect(
        printed == shown,
        """
        \(place)
        shown:
        \(visible(shown))
        printed:
        \(visible(printed))
        """)
    }
  }

  /// Lines for a failure message, with the spaces that look like a space named (ICU writes
  /// `1.234,50\u{A0}€` with a no-break space).
  static func visible(_ lines: [String]) -> String {
    lines.joined(separator: "\n").unicodeScalars.map { scalar in
      scalar.properties.isWhitespace && scalar != " " && scalar != "\n"
        ? "<U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))>" : String(scalar)
    }.joined()
  }

  // MARK: Tests

  @Test(
    "Every README example prints what the README shows",
    arguments: DocExampleTests.runnable(DocExampleTests.readme.blocks))
  func readmeExamples(_ block: Block) async throws {
    try await Self.check(block)
  }

  @Test(
    "Every man page example prints what the man page shows",
    arguments: DocExampleTests.runnable(DocExampleTests.manPage.blocks))
  func manPageExamples(_ block: Block) async throws {
    try await Self.check(block)
  }

  /// The blocks not run, by document: each is a deliberate exception, so adding one needs a
  /// change here too.
  static let notRun = ["README.md": 1, "Man/conv.1": 0]

  @Test(
    "Every example is found, and the blocks not run are the ones expected",
    arguments: [("README.md", DocExampleTests.readme), ("Man/conv.1", DocExampleTests.manPage)])
  func examplesCounted(_ document: String, _ parsed: (blocks: [Block], unknownMarkers: [String])) {
    #expect(parsed.unknownMarkers.isEmpty, "unknown markers: \(parsed.unknownMarkers)")
    let notRun = parsed.blocks.filter { $0.marker == .notRun }
    #expect(notRun.count == Self.notRun[document], "\(document): blocks not run: \(notRun.map(\.testDescription))")
    // Every `$` line of the document's displays is an example, none is lost by the reading above.
    let source = Self.text(document)
    let dollarLines = source.split(separator: "\n").filter { $0.hasPrefix("$ ") || $0.hasPrefix(".Dl $ ") }.count
    let examples = parsed.blocks.reduce(0) { $0 + $1.examples.count }
    #expect(examples == dollarLines)
    #expect(examples > 0)
    // An example that shows nothing is a command whose output the document leaves out: only conv
    // commands that print nothing may show nothing.
    for block in Self.runnable(parsed.blocks) {
      for example in block.examples where example.shown.isEmpty {
        Issue.record("\(document):\(example.line): '$ \(example.command)' shows no output")
      }
    }
  }

  @Test(
    "The shell-word splitter reads quotes, operators and assignments",
    arguments: [
      ("conv 5 mi km", [Token.word("conv"), .word("5"), .word("mi"), .word("km")]),
      (#"conv "5'11\"" cm"#, [.word("conv"), .word(#"5'11""#), .word("cm")]),
      (#"conv '$5' GBP"#, [.word("conv"), .word("$5"), .word("GBP")]),
      (#"conv 1.8 m "ft;in""#, [.word("conv"), .word("1.8"), .word("m"), .word("ft;in")]),
      (#"printf 'a\nb' | conv"#, [.word("printf"), .word(#"a\nb"#), .op("|"), .word("conv")]),
      ("conv < trip.txt", [.word("conv"), .op("<"), .word("trip.txt")]),
      (#"a\ b"#, [.word("a b")]),
    ])
  func splitter(_ line: String, _ tokens: [Token]) {
    #expect(Self.split(line) == tokens)
  }

  @Test("Commands are read as conv, a file or a pipeline")
  func invocations() throws {
    let german = try #require(Self.invocation("LANG=de_DE.UTF-8 conv 1,5 km m"))
    #expect(german.0 == .conv(arguments: ["1,5", "km", "m"], environment: ["LANG": "de_DE.UTF-8"]))
    let status = try #require(Self.invocation(#"conv 0 W dBm; echo "exit status $?""#))
    #expect(status.0 == .conv(arguments: ["0", "W", "dBm"], environment: [:]) && status.showsStatus)
    #expect(Self.invocation("cat trip.txt")?.0 == .file("trip.txt"))
    #expect(Self.invocation("units 5 mi km") == nil)
    #expect(Self.invocation("conv 'unterminated") == nil)
    let pipe = try #require(Self.invocation("printf '1 m\\n' | conv -t"))
    guard case .shell(let tokens) = pipe.0 else {
      Issue.record("not a pipeline")
      return
    }
    #expect(Self.script(tokens, conv: "/x/conv") == #"'printf' '1 m\n' | '/x/conv' '-t'"#)
    #expect(Self.roffText(#"100 \(deF \(~~ 37 \[u00B0]C \[~~] a\en\&b"#) == #"100 °F ≈ 37 °C ≈ a\nb"#)
    #expect(Self.roffText(#"\(zz"#).contains("<?"))
  }
}

extension String {
  /// The string with zeros before it up to `width` characters (`A0` → `00A0`).
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
