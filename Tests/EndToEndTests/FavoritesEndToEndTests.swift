import Foundation
import Testing

/// A private folder for one test, with the variables that point conv's dotfiles into it.
private struct Sandbox {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-fav-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// The favorites file conv uses in this sandbox (through `$CONV_FAVORITES`).
  var favorites: URL { folder.appendingPathComponent("favorites") }

  func path(_ name: String) -> URL { folder.appendingPathComponent(name) }

  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var variables = ConvProcess.isolatedEnvironment([
      "HOME": folder.path,
      "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
      "CONV_FAVORITES": favorites.path,
    ])
    for (key, value) in extra { variables[key] = value }
    return variables
  }

  @discardableResult
  func run(_ arguments: [String], _ extra: [String: String] = [:]) async throws -> ConvProcess.Outcome {
    try await ConvProcess.run(arguments, environment: environment(extra))
  }

  func write(_ text: String, to url: URL? = nil) throws {
    try Data(text.utf8).write(to: url ?? favorites)
  }

  func bytes(_ url: URL? = nil) throws -> Data {
    try Data(contentsOf: url ?? favorites)
  }

  func text(_ url: URL? = nil) throws -> String {
    String(decoding: try bytes(url), as: UTF8.self)
  }

  func remove() {
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    try? FileManager.default.removeItem(at: folder)
  }
}

@Suite("Favorites end to end")
struct FavoritesEndToEndTests {
  @Test("conv fav lists the favorites converted for 1 or a value, aligned")
  func listing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    #expect(try await sandbox.run(["fav", "add", "mi", "km"]).status == 0)
    #expect(try await sandbox.run(["fav", "add", "ft", "m"]).status == 0)
    #expect(try sandbox.text() == "# conv favorites v1\nmi -> km\nft -> m\n")

    let one = try await sandbox.run(["fav"])
    #expect(one.status == 0)
    #expect(one.lines == ["1  1 mi = 1.609344 km", "2  1 ft = 0.3048   m"])

    let five = try await sandbox.run(["fav", "5"])
    #expect(five.lines == ["1  5 mi = 8.04672 km", "2  5 ft = 1.524   m"])

    let terse = try await sandbox.run(["fav", "-t", "5"])
    #expect(terse.lines == ["8.04672", "1.524"])

    let json = try await sandbox.run(["fav", "--json", "2"])
    #expect(json.status == 0)
    let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(items.count == 2)
    #expect(items.map { $0["position"] as? Int } == [1, 2])
    #expect(items.map { $0["from"] as? String } == ["mi", "ft"])
    #expect(items.map { $0["to"] as? String } == ["km", "m"])
    #expect((items[0]["result"] as? Double) == 3.218688)

    let negative = try await sandbox.run(["fav", "-40"])
    #expect(negative.status == 0)
    #expect(negative.lines.first?.hasPrefix("1  -40 mi") == true)

    #expect(try await sandbox.run(["fav", "path"]).lines == [sandbox.favorites.path])
  }

  @Test("No favorites file means no favorites")
  func missingFile() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.run(["fav"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.isEmpty)
    #expect(try await sandbox.run(["fav", "--json"]).stdout == "[]\n")
    #expect(try await sandbox.run(["fav", "rm", "mi", "km"]).status == 1)
    #expect(!FileManager.default.fileExists(atPath: sandbox.favorites.path))
  }

  @Test("The favorites path follows CONV_FAVORITES, then XDG_CONFIG_HOME")
  func path() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    var environment = sandbox.environment()
    environment["CONV_FAVORITES"] = nil
    let xdg = try await ConvProcess.run(["fav", "path"], environment: environment)
    #expect(xdg.lines == [sandbox.folder.appendingPathComponent("config/conv/favorites").path])
    environment["XDG_CONFIG_HOME"] = nil
    let home = try await ConvProcess.run(["fav", "path"], environment: environment)
    #expect(home.lines == [sandbox.folder.path + "/.config/conv/favorites"])
    // `add` creates the folder.
    let added = try await ConvProcess.run(["fav", "add", "kg", "lb"], environment: environment)
    #expect(added.status == 0)
    #expect(
      try sandbox.text(URL(fileURLWithPath: sandbox.folder.path + "/.config/conv/favorites"))
        == "# conv favorites v1\nkg -> lb\n")
  }

  @Test(
    "Refused additions leave the file as it was",
    arguments: [
      (["mi", "km"], "already favorite 1"),
      (["mile", "kilometre"], "already favorite 1"),
      (["mi", "mile"], "never converted to itself"),
      (["km", "km"], "never converted to itself"),
      (["mi", "kg"], "cannot convert mi to kg"),
      (["furlongish", "km"], "unknown unit 'furlongish'"),
      (["mi"], "give two units"),
    ])
  func refusals(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.write("# conv favorites v1\nmi -> km\n")
    let before = try sandbox.bytes()
    let outcome = try await sandbox.run(["fav", "add"] + arguments)
    #expect(outcome.status == (arguments.count == 1 ? 64 : 1))
    #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    #expect(try sandbox.bytes() == before)
  }

  @Test(
    "A favorite's units take no number and are no sum: usage error, file untouched",
    arguments: [
      (["5", "mi", "km"], "cannot keep 5 mi -> km as a favorite: '5 mi' is a quantity, not a unit"),
      (["26.2 mi", "to", "km"], "'26.2 mi' is a quantity, not a unit"),
      (["2mi", "km"], "'2mi' is a quantity, not a unit"),
      (["-40", "°C", "°F"], "'-40 °C' is a quantity, not a unit"),
      (["mi", "5", "km"], "'5 km' is a quantity, not a unit"),
      (["1 mi + 2 ft", "km"], "'1 mi + 2 ft' is a quantity, not a unit"),
      (["mi + ft", "km"], "'mi + ft' is a sum, not a unit"),
      (["ft", "to", "6 ft 2 in"], "'6 ft 2 in' is a quantity, not a unit"),
    ])
  func quantitiesRefused(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.write("# conv favorites v1\nlb -> kg\n")
    let before = try sandbox.bytes()
    let outcome = try await sandbox.run(["fav", "add"] + arguments)
    #expect(outcome.status == 64)
    #expect(outcome.stderr.hasPrefix("conv: "), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
    #expect(try sandbox.bytes() == before)
    // Without a file, none is created.
    let fresh = try Sandbox()
    defer { fresh.remove() }
    #expect(try await fresh.run(["fav", "add"] + arguments).status == 64)
    #expect(!FileManager.default.fileExists(atPath: fresh.favorites.path))
  }

  @Test(
    "Unit expressions with numbers of their own are still units",
    arguments: [
      ["L/100km", "mpg"], ["L/(100 km)", "mpg"], ["m^2", "ft^2"], ["1/s", "Hz"], ["light-year", "km"], ["cmH2O", "Pa"],
    ])
  func unitExpressions(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.run(["fav", "add"] + arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
  }

  @Test("rm and mv keep comments, blank lines and the order of the other lines")
  func editing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.write("# mine\nmi -> km   # trips\n\n# kitchen\nL → gal\n°F -> °C\nshort ton -> kg\n")
    #expect(try await sandbox.run(["fav", "mv", "4", "1"]).status == 0)
    #expect(try sandbox.text() == "# mine\nshort ton -> kg\nmi -> km   # trips\n\n# kitchen\nL → gal\n°F -> °C\n")
    #expect(try await sandbox.run(["fav", "rm", "3"]).status == 0)
    #expect(try sandbox.text() == "# mine\nshort ton -> kg\nmi -> km   # trips\n\n# kitchen\n°F -> °C\n")
    #expect(try await sandbox.run(["fav", "rm", "short", "ton", "kg"]).status == 0)
    #expect(try await sandbox.run(["fav", "rm", "miles", "->", "kilometres"]).status == 0)
    #expect(try sandbox.text() == "# mine\n\n# kitchen\n°F -> °C\n")
    let missing = try await sandbox.run(["fav", "rm", "7"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no favorite 7"))
  }

  @Test("50 concurrent 'conv fav add' all land")
  func concurrentAdds() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let lengths = ["m", "km", "cm", "mm", "mi", "ft", "in"]
    var pairs: [(String, String)] = []
    for from in lengths { for to in lengths where to != from { pairs.append((from, to)) } }
    for (from, to) in [
      ("kg", "lb"), ("lb", "kg"), ("kg", "g"), ("g", "kg"), ("lb", "g"), ("g", "lb"),
      ("°C", "°F"), ("°F", "°C"),
    ] {
      pairs.append((from, to))
    }
    pairs = Array(pairs.prefix(50))
    #expect(pairs.count == 50)

    let environment = sandbox.environment()
    let outcomes = try await withThrowingTaskGroup(of: ([String], ConvProcess.Outcome).self) { group in
      for (from, to) in pairs {
        group.addTask {
          let arguments = ["fav", "add", from, to]
          let outcome = try await ConvProcess.run(
            executable: ConvProcess.executable, arguments: arguments, environment: environment, output: .discarded)
          return (arguments, outcome)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for (arguments, outcome) in outcomes {
      #expect(outcome.status == 0 && outcome.exited, "\(arguments): \(outcome.stderr)")
    }
    let lines = try sandbox.text().split(separator: "\n").map(String.init)
    #expect(lines.first == "# conv favorites v1")
    #expect(lines.count == 51)
    #expect(Set(lines.dropFirst()) == Set(pairs.map { "\($0.0) -> \($0.1)" }))
    #expect(try await sandbox.run(["fav"]).lines.count == 50)
    // No temporary files are left behind.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
      .filter { $0.hasPrefix(".favorites") }
    #expect(leftovers.isEmpty)
  }

  @Test("A malformed file: bad lines named line by line, the good favorites shown, edits keep the bad lines")
  func malformed() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let text = "# conv favorites v1\nmi -> km\nthis is not a pair\nmi -> kg\nzzunit -> m\nft -> foot\n"
    try sandbox.write(text)
    let before = try sandbox.bytes()
    let inode = try FileManager.default.attributesOfItem(atPath: sandbox.favorites.path)[.systemFileNumber] as? Int
    let path = sandbox.favorites.path
    // Issue 38: listing names each bad line and shows the good favorite, exit 0 for people.
    for arguments in [["fav"], ["fav", "5"]] {
      let outcome = try await sandbox.run(arguments)
      #expect(outcome.status == 0, "\(arguments)")
      #expect(outcome.stdout.hasPrefix("1  "), "\(outcome.stdout)")
      #expect(outcome.stdout.split(separator: "\n").count == 1, "\(outcome.stdout)")
      let messages = outcome.stderr.split(separator: "\n").map(String.init)
      #expect(messages.count == 4, "\(messages)")
      #expect(messages.first?.hasPrefix("conv: \(path):3: ") == true, "\(messages)")
      #expect(messages.dropFirst().first?.hasPrefix("conv: \(path):4: cannot convert mi to kg") == true)
      #expect(messages.dropFirst(2).first?.hasPrefix("conv: \(path):5: unknown unit 'zzunit'") == true)
      #expect(messages.dropFirst(3).first?.hasPrefix("conv: \(path):6: ") == true)
      #expect(try sandbox.bytes() == before)
    }
    let after = try FileManager.default.attributesOfItem(atPath: sandbox.favorites.path)[.systemFileNumber] as? Int
    #expect(inode == after)
    // An edit keeps every bad line as written.
    let added = try await sandbox.run(["fav", "add", "lb", "kg"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try sandbox.text() == text + "lb -> kg\n")

    // A hand-edited pair with a number or a sum on either side is a problem on its line.
    try sandbox.write("# conv favorites v1\nmi -> km\n26.2 mi -> km\nft -> in + ft\n")
    let quantities = try await sandbox.run(["fav"])
    #expect(quantities.status == 0)
    #expect(quantities.stdout.hasPrefix("1  1 mi = 1.609344 km"), "\(quantities.stdout)")
    #expect(
      quantities.stderr.split(separator: "\n").map(String.init) == [
        "conv: \(path):3: '26.2 mi' is a quantity, not a unit (the value goes to 'conv fav', as in 'conv fav 5')",
        "conv: \(path):4: 'in + ft' is a sum, not a unit",
      ])

    // A file written by a later format version is refused too.
    try sandbox.write("# conv favorites v9\nmi -> km\n")
    let newer = try await sandbox.run(["fav", "add", "ft", "m"])
    #expect(newer.status == 2)
    #expect(newer.stderr.contains("\(path):1: "))
    #expect(try sandbox.text() == "# conv favorites v9\nmi -> km\n")

    // Invalid UTF-8 is a problem too, and the bytes stay.
    let invalid = Data("mi -> km\n".utf8) + Data([0x66, 0x74, 0xFF, 0x20, 0x2D, 0x3E, 0x20, 0x6D, 0x0A])
    // (Listing shows the good favorite; an edit is refused, since rewriting would lose the bytes.)
    try invalid.write(to: sandbox.favorites)
    let utf8 = try await sandbox.run(["fav", "add", "ft", "m"])
    #expect(utf8.status == 2)
    #expect(utf8.stderr.contains("\(path):2: the line is not valid UTF-8"))
    #expect(try sandbox.bytes() == invalid)
  }

  @Test("A symbolic link stays a link and its target gets the change, permissions kept")
  func symlink() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let dotfiles = sandbox.path("dotfiles/conv")
    try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
    let target = dotfiles.appendingPathComponent("favorites")
    try sandbox.write("# synced\nmi -> km\n", to: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.favorites.path, withDestinationPath: "dotfiles/conv/favorites")

    let outcome = try await sandbox.run(["fav", "add", "°F", "°C"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let destination = try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.favorites.path)
    #expect(destination == "dotfiles/conv/favorites")
    #expect(try sandbox.text(target) == "# synced\nmi -> km\n°F -> °C\n")
    let permissions = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
    #expect(permissions == 0o640)
    #expect(try await sandbox.run(["fav", "rm", "1"]).status == 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.favorites.path) == "dotfiles/conv/favorites")
    #expect(try sandbox.text(target) == "# synced\n°F -> °C\n")
  }

  @Test("A read-only file gives a clear error, exit 2, and stays as it was")
  func readOnly() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.write("mi -> km\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.favorites.path)
    let before = try sandbox.bytes()
    for arguments in [["fav", "add", "ft", "m"], ["fav", "rm", "1"]] {
      let outcome = try await sandbox.run(arguments)
      #expect(outcome.status == 2)
      let messages = outcome.stderr.split(separator: "\n")
      #expect(messages.count == 1)
      #expect(outcome.stderr.contains("read-only"), "\(outcome.stderr)")
      #expect(outcome.stderr.contains(sandbox.favorites.path))
      #expect(try sandbox.bytes() == before)
    }
    // Listing still works.
    #expect(try await sandbox.run(["fav"]).status == 0)
    let permissions =
      try FileManager.default.attributesOfItem(atPath: sandbox.favorites.path)[.posixPermissions] as? Int
    #expect(permissions == 0o444)
  }

  @Test("A read-only folder gives a clear error (skipped as root, who may write anyway)")
  func readOnlyFolder() async throws {
    guard geteuid() != 0 else { return }
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.write("mi -> km\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sandbox.folder.path)
    let outcome = try await sandbox.run(["fav", "add", "ft", "m"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("read-only") || outcome.stderr.contains("ermission"), "\(outcome.stderr)")
    #expect(try sandbox.text() == "mi -> km\n")
  }
}

@Suite("Personal units end to end")
struct PersonalUnitsEndToEndTests {
  @Test("A personal unit file adds units, usable in conversions and favorites")
  func personalUnit() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let units = sandbox.path("units")
    // The built-in catalog has a smoot already, so redefining it takes 'override'.
    try sandbox.write(
      """
      # my units
      category: length
      smoot | smoots | smoot | | 1.7018 m | override | Oliver Smoot, MIT (1958)
      team pallet | team pallets | tpal | | 1.2 m | | the warehouse
      """, to: units)
    let environment = ["CONV_UNITS": units.path]
    let smoot = try await sandbox.run(["1", "smoot", "m"], environment)
    #expect(smoot.status == 0, "\(smoot.stderr)")
    #expect(smoot.lines == ["1 smoot = 1.7018 m"])
    let pallet = try await sandbox.run(["-t", "10", "tpal", "m"], environment)
    #expect(pallet.lines == ["12"])
    #expect(try await sandbox.run(["fav", "add", "smoot", "m"], environment).status == 0)
    #expect(try await sandbox.run(["fav"], environment).lines == ["1  1 smoot = 1.7018 m"])

    // Through $XDG_CONFIG_HOME/conv/units as well.
    let config = sandbox.path("config/conv")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: units, to: config.appendingPathComponent("units"))
    #expect(try await sandbox.run(["-t", "10", "tpal", "m"]).lines == ["12"])
  }

  @Test("Errors in the personal units file are PATH:LINE: message, exit 2")
  func errors() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let units = sandbox.path("units")
    try sandbox.write("category: length\n\nwidget | widgets | wdg | | 3 flurbs | | nowhere\n", to: units)
    let outcome = try await sandbox.run(["1", "km", "m"], ["CONV_UNITS": units.path])
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("\(units.path):3: "), "\(outcome.stderr)")
  }

  @Test("Redefining a built-in name fails unless the unit says 'override'")
  func override() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let units = sandbox.path("units")
    try sandbox.write("category: length\nmile | miles | mi | | 1.5 km | | my mile\n", to: units)
    let refused = try await sandbox.run(["1", "mi", "km"], ["CONV_UNITS": units.path])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("\(units.path):2: "), "\(refused.stderr)")
    #expect(refused.stderr.contains("override"))

    try sandbox.write("category: length\nmile | miles | mi | | 1.5 km | override | my mile\n", to: units)
    let allowed = try await sandbox.run(["1", "mi", "km"], ["CONV_UNITS": units.path])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(allowed.lines == ["1 mi = 1.5 km"])
  }
}
