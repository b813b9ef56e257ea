import Foundation
import Testing

/// Issue 38: favorites that forgive. A bad line of the favorites file is named (PATH:LINE: reason)
/// and the other favorites are shown; `mi km` gets the line to write; every target the command
/// line takes a favorite takes; `fav mv` carries a pair's heading; a path `CONV_FAVORITES` names
/// in a missing folder creates no folders; a version header of any length is refused (issue 37).
@Suite("Favorites that forgive")
struct ForgivingFavoritesTests {
  /// A private folder whose `favs` file is the favorites (`CONV_FAVORITES`).
  struct Folder {
    let url: URL
    var favorites: URL { url.appendingPathComponent("favs") }

    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent("conv-forgive-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], favorites path: String? = nil) async throws -> ConvProcess.Outcome {
      try await ConvProcess.run(
        arguments,
        environment: ConvProcess.isolatedEnvironment([
          "HOME": url.path, "XDG_CONFIG_HOME": url.appendingPathComponent("config").path,
          "CONV_FAVORITES": path ?? favorites.path,
        ]))
    }

    func write(_ text: String) throws { try Data(text.utf8).write(to: favorites) }
    func write(bytes: [UInt8]) throws { try Data(bytes).write(to: favorites) }
    func text() throws -> String { String(decoding: try Data(contentsOf: favorites), as: UTF8.self) }
    func remove() { try? FileManager.default.removeItem(at: url) }
  }

  /// A file with one bad line among good ones, the bad line's number, and a fragment of its reason.
  static let badLines: [(file: String, line: Int, reason: String)] = [
    ("ft -> m\nfurlong -> zzz\nlb -> kg\n", 2, "unknown unit 'zzz'"),
    ("ft -> m\nkg -> m\nlb -> kg\n", 2, "cannot convert"),
    ("# mine\nft -> m\n\nm -> metre\nlb -> kg\n", 4, "never converted to itself"),
    ("ft -> m\nlb -> kg\nfoot -> metre\n", 3, "repeats the favorite on line 1"),
    ("ft -> m\nlb -> kg\n5 mi -> km\n", 3, "is a quantity, not a unit"),
    ("ft -> m\nlb kg\n", 2, "write 'lb -> kg'"),
    ("ft -> m\nshort ton kg\n", 2, "write 'short ton -> kg'"),
    ("ft -> m\nnautical mile km\n", 2, "write 'nautical mile -> km'"),
    ("ft -> m\n-> km\n", 2, "missing the unit before '->'"),
    ("ft -> m\na -> b -> c\n", 2, "expected one '->'"),
  ]

  @Test(
    "One bad line: the good favorites are shown, the bad line named by PATH:LINE, exit 0 for people",
    arguments: badLines)
  func badLineNamed(_ file: String, _ line: Int, _ reason: String) async throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.write(file)
    let human = try await folder.run(["fav"])
    #expect(human.status == 0, "\(human.stderr)")
    #expect(human.stdout.contains("1 ft") && human.stdout.contains("0.3048"), "\(human.stdout)")
    #expect(human.stderr.contains("\(folder.favorites.path):\(line): "), "\(human.stderr)")
    #expect(human.stderr.contains(reason), "\(human.stderr)")
    // A script asked for every favorite and one is missing: it is told so by the exit status.
    for mode in ["-t", "--json"] {
      let script = try await folder.run(["fav", mode])
      #expect(script.status == 1, "\(mode) \(script.stderr)")
      #expect(script.stdout.contains("0.3048"), "\(mode) \(script.stdout)")
      #expect(script.stderr.contains("\(folder.favorites.path):\(line): "), "\(mode) \(script.stderr)")
    }
    // The file is still edited, the bad line kept as written.
    #expect(try await folder.run(["fav", "add", "gal", "L"]).status == 0)
    #expect(try folder.text() == file + "gal -> L\n")
  }

  @Test("A file of bad lines only: each named, and no 'no favorites yet'")
  func onlyBadLines() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.write("mi km\nzzz -> km\n")
    let outcome = try await folder.run(["fav"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains(":1: ") && outcome.stderr.contains(":2: "), "\(outcome.stderr)")
    #expect(!outcome.stderr.contains("no favorites yet"), "\(outcome.stderr)")
  }

  @Test("A line that is not UTF-8: the others shown, and the file never rewritten")
  func notUTF8() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let bytes: [UInt8] = Array("ft -> m\n".utf8) + [0x6D, 0xFF, 0x20, 0x2D, 0x3E, 0x20, 0x6B, 0x6D, 0x0A]
    try folder.write(bytes: bytes)
    let list = try await folder.run(["fav"])
    #expect(list.stdout.contains("0.3048"))
    #expect(list.stderr.contains(":2: the line is not valid UTF-8"), "\(list.stderr)")
    let add = try await folder.run(["fav", "add", "lb", "kg"])
    #expect(add.status == 2, "\(add.stderr)")
    #expect(Array(try Data(contentsOf: folder.favorites)) == bytes)
  }

  /// Version headers this conv does not read, however long the number (issue 37).
  static let versions = ["v2", "v1000000000", "v99999999999999999999999", "V1.5", "v0"]

  @Test("A version header this conv does not read is refused, and the file never rewritten", arguments: versions)
  func unsupportedVersion(_ tag: String) async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let file = "# conv favorites \(tag)\nmi -> km\n"
    try folder.write(file)
    let list = try await folder.run(["fav"])
    #expect(list.status == 2, "\(list.stdout)")
    #expect(list.stderr.contains(":1: ") && list.stderr.contains(tag), "\(list.stderr)")
    for edit in [["fav", "add", "ft", "m"], ["fav", "rm", "1"], ["fav", "mv", "1", "1"]] {
      #expect(try await folder.run(edit).status == 2, "\(edit)")
      #expect(try folder.text() == file, "\(edit)")
    }
  }

  @Test("Comments that merely mention the format stay comments")
  func commentsStayComments() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.write("# conv favorites vacation list\n# conv favorites: mine\nmi -> km\n")
    let outcome = try await folder.run(["fav"])
    #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("1.609344"))
  }

  /// Favorites with several targets, as the command line takes them, and what `fav VALUE` prints.
  static let mixedTargets: [(pair: String, value: String, human: String, terse: String)] = [
    ("cm -> ft;in", "180", "180 cm ≈ 5 ft 10.866142 in", "5 10.866141732283465"),
    ("kg -> st;lb", "80", "80 kg ≈ 12 st 8.3698097 lb", "12 8.369809747902064"),
    ("min -> h;min", "135", "135 min = 2 h 15 min", "2 15"),
  ]

  @Test("Every target the command line takes, a favorite takes (ft;in)", arguments: mixedTargets)
  func severalTargets(_ pair: String, _ value: String, _ human: String, _ terse: String) async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let add = try await folder.run(["fav", "add", pair])
    #expect(add.status == 0, "\(add.stderr)")
    let list = try await folder.run(["fav", value])
    #expect(list.stdout.contains(human), "\(list.stdout)")
    let oneShot = try await folder.run([value] + pair.components(separatedBy: " -> "))
    #expect(oneShot.stdout == human + "\n", "the one-shot says \(oneShot.stdout)")
    #expect(try await folder.run(["fav", "-t", value]).stdout == terse + "\n")
    let json = try await folder.run(["fav", "--json", value]).stdout
    #expect(json.contains(#""parts":["#) && json.contains(#""position":1"#), "\(json)")
    #expect(try await folder.run(["fav", "add", pair]).stderr.contains("already favorite 1"))
  }

  @Test("fav mv carries the comment lines right above a pair, and a move to its own place changes nothing")
  func moveWithHeading() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.write("# conv favorites v1\n# travel\nmi -> km\n\n# cooking\n# (US)\ncup -> mL\ntbsp -> mL\n")
    let down = try await folder.run(["fav", "mv", "2", "3"])
    #expect(down.status == 0, "\(down.stderr)")
    #expect(
      try folder.text() == "# conv favorites v1\n# travel\nmi -> km\n\ntbsp -> mL\n# cooking\n# (US)\ncup -> mL\n")
    let up = try await folder.run(["fav", "mv", "3", "1"])
    #expect(up.status == 0)
    // `# travel` opens the file: it is the file's, and stays at the top.
    #expect(
      try folder.text() == "# conv favorites v1\n# travel\n# cooking\n# (US)\ncup -> mL\nmi -> km\n\ntbsp -> mL\n")
    let before = try folder.text()
    let same = try await folder.run(["fav", "mv", "2", "2"])
    #expect(same.status == 0)
    #expect(!same.stdout.hasPrefix("moved"), "\(same.stdout)")
    #expect(same.stdout.contains("nothing moved"), "\(same.stdout)")
    #expect(try folder.text() == before)
  }

  @Test("'already a favorite' gives the position conv fav shows, not the file line")
  func duplicatePosition() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    try folder.write("# conv favorites v1\n# lengths\n\nft -> m\n# mass\nlb -> kg\n")
    let outcome = try await folder.run(["fav", "add", "pound", "kilogram"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("lb -> kg is already favorite 2"), "\(outcome.stderr)")
  }

  /// Paths in folders that do not exist, below the test's folder or at the root.
  static let missingFolders = ["missing/favs", "missing/deeper/favs"]

  @Test(
    "CONV_FAVORITES in a folder that does not exist: refused with the reason, no folder created",
    arguments: missingFolders)
  func missingFolder(_ relative: String) async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent(relative).path
    let outcome = try await folder.run(["fav", "add", "mi", "km"], favorites: path)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("does not exist"), "\(outcome.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("missing").path))
    // Listing a missing file is no favorites, as always.
    #expect(try await folder.run(["fav"], favorites: path).status == 0)
  }

  @Test("The default favorites path still gets its folders")
  func defaultPathFolders() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let outcome = try await ConvProcess.run(
      ["fav", "add", "mi", "km"],
      environment: ConvProcess.isolatedEnvironment([
        "HOME": folder.url.path, "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path,
      ]))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("config/conv/favorites").path))
  }
}
