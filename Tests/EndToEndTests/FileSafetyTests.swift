import Foundation
import Testing

/// Issue 20, files: what conv reads must be a regular file of bounded size, opened without
/// blocking; favorites are never written over something that is not a regular file; a junk file
/// gives a bounded list of problems.
@Suite("Files that are not files")
struct FileSafetyTests {
  /// A fresh folder with a FIFO in it, and an environment whose configuration lives there.
  static func scratch() throws -> (folder: URL, fifo: String, environment: [String: String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("config/conv"),
      withIntermediateDirectories: true)
    let fifo = folder.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let environment = ConvProcess.isolatedEnvironment([
      "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
      "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
    ])
    return (folder, fifo, environment)
  }

  /// Files that are not regular ones (`/dev/null` reads as empty: see `NullDeviceTests`).
  static let nonFiles = ["fifo", "/dev/zero", "folder"]

  static func path(_ name: String, in folder: URL, fifo: String) throws -> String {
    switch name {
    case "fifo": return fifo
    case "folder":
      let path = folder.appendingPathComponent("a-folder").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      return path
    default: return name
    }
  }

  @Test(
    "Favorites through a link to a FIFO, a device or a folder: a one-line error, nothing replaced", arguments: nonFiles)
  func favoritesNotAFile(_ name: String) async throws {
    let (folder, fifo, environment) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = try Self.path(name, in: folder, fifo: fifo)
    let link = folder.appendingPathComponent("config/conv/favorites").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    for arguments in [["fav"], ["fav", "add", "gal", "L"], ["fav", "10"]] {
      let outcome = try await ConvProcess.run(arguments, environment: environment, timeout: 10)
      #expect(outcome.status == 2, "\(arguments): \(outcome.status) \(outcome.stderr)")
      #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("not a regular file"), "\(outcome.stderr)")
    }
    var status = stat()
    #expect(stat(target, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG, "\(target) was replaced")
  }

  @Test("A units or settings file that is not a regular file: exit 2 at once", arguments: nonFiles)
  func unitsAndSettingsNotAFile(_ name: String) async throws {
    let (folder, fifo, environment) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = try Self.path(name, in: folder, fifo: fifo)
    for variable in ["CONV_UNITS", "CONV_SETTINGS"] {
      var withFile = environment
      withFile[variable] = target
      let outcome = try await ConvProcess.run(["1", "m", "ft"], environment: withFile, timeout: 10)
      #expect(outcome.status == 2, "\(variable)=\(name): \(outcome.status)")
      #expect(outcome.stderr.contains("not a regular file"), "\(outcome.stderr)")
    }
  }

  @Test("A file larger than 4 MiB is refused without reading it all")
  func oversizeFile() async throws {
    let (folder, _, environment) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big.units")
    try Data(repeating: UInt8(ascii: "#"), count: 5 << 20).write(to: big)
    var withFile = environment
    withFile["CONV_UNITS"] = big.path
    let outcome = try await ConvProcess.run(["1", "m", "ft"], environment: withFile, timeout: 10)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("larger than 4 MiB"), "\(outcome.stderr)")
  }

  @Test("A junk units file lists at most 20 problems, then how many more", arguments: [25, 1000, 50_000])
  func boundedDiagnostics(_ lines: Int) async throws {
    let (folder, _, environment) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let junk = folder.appendingPathComponent("junk.units")
    try String(repeating: "x | y\n", count: lines).write(to: junk, atomically: true, encoding: .utf8)
    var withFile = environment
    withFile["CONV_UNITS"] = junk.path
    let outcome = try await ConvProcess.run(["1", "m", "ft"], environment: withFile, timeout: 20)
    #expect(outcome.status == 2)
    #expect(outcome.errorLines.count == 21, "\(outcome.errorLines.count) lines")
    #expect(outcome.errorLines.last == "conv: … and \(lines - 20) more problems")
  }

  @Test(
    "A favorites file of repeated lines lists at most 20 problems, then how many more",
    arguments: [
      (25, ["fav"]), (57_600, ["fav"]), (57_600, ["fav", "add", "gal", "L"]), (57_600, ["fav", "rm", "1"]),
    ])
  func boundedFavoritesDiagnostics(_ lines: Int, _ arguments: [String]) async throws {
    let (folder, _, environment) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let favorites = folder.appendingPathComponent("config/conv/favorites")
    let text = "# conv favorites v1\n" + String(repeating: "mi -> km\n", count: lines)
    try text.write(to: favorites, atomically: true, encoding: .utf8)
    let outcome = try await ConvProcess.run(arguments, environment: environment, timeout: 60)
    #expect(outcome.status == 0, "\(outcome.errorLines.prefix(3))")
    guard arguments == ["fav"] else {
      // An edit keeps the repeated lines as they are (issue 38) and touches only its own.
      let edited = try String(contentsOf: favorites, encoding: .utf8)
      #expect(
        edited
          == (arguments[1] == "add"
            ? text + "gal -> L\n" : "# conv favorites v1\n" + String(repeating: "mi -> km\n", count: lines - 1)))
      return
    }
    // Listing shows the favorite once and names the repeats, at most 20, then how many more.
    #expect(outcome.lines.count == 1)
    #expect(outcome.errorLines.count == 21, "\(outcome.errorLines.count) lines")
    #expect(
      outcome.errorLines.first?.hasSuffix("favorites:3: mi -> km repeats the favorite on line 2") == true,
      "\(outcome.errorLines.first ?? "")")
    #expect(outcome.errorLines.last == "conv: … and \(lines - 1 - 20) more problems")
    #expect(try String(contentsOf: favorites, encoding: .utf8) == text)
  }
}

/// Issue 37: `/dev/null` as a units, settings or favorites file reads as empty (the usual way to
/// say "none"); conv never writes to it, and other devices are still refused with the reason.
@Suite("/dev/null as a file")
struct NullDeviceTests {
  @Test(
    "Units, settings and favorites at /dev/null read as empty",
    arguments: ["CONV_UNITS", "CONV_SETTINGS", "CONV_FAVORITES"])
  func readsEmpty(_ variable: String) async throws {
    let environment = ConvProcess.scratchEnvironment("null").merging([variable: "/dev/null"]) { $1 }
    let conversion = try await ConvProcess.run(["5", "mi", "km"], environment: environment)
    #expect(conversion.status == 0 && conversion.stdout == "5 mi = 8.04672 km\n", "\(conversion.stderr)")
    let favorites = try await ConvProcess.run(["fav"], environment: environment)
    #expect(favorites.status == 0, "\(favorites.stderr)")
  }

  @Test("A favorite is never written to /dev/null, and /dev/zero is refused")
  func neverWritten() async throws {
    let environment = ConvProcess.scratchEnvironment("null").merging(["CONV_FAVORITES": "/dev/null"]) { $1 }
    let add = try await ConvProcess.run(["fav", "add", "mi", "km"], environment: environment)
    #expect(add.status == 2)
    #expect(add.stderr.contains("not a regular file (a character device)"), "\(add.stderr)")
    let zero = ConvProcess.scratchEnvironment("zero").merging(["CONV_UNITS": "/dev/zero"]) { $1 }
    let refused = try await ConvProcess.run(["5", "mi", "km"], environment: zero)
    #expect(
      refused.status == 2 && refused.stderr.contains("not a regular file (a character device)"), "\(refused.stderr)")
  }
}

/// Issue 37: standard input that cannot be read (a folder) is said as such, never "nothing to
/// convert" or a silent success.
@Suite("Standard input that cannot be read")
struct UnreadableInputTests {
  @Test(
    "Standard input from a folder: one line saying so, a failure status",
    arguments: [[String](), ["-t"], ["--json"], ["repl"]])
  func folderAsInput(_ arguments: [String]) async throws {
    let run = try await ConvProcess.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "exec \"$0\" \"$@\" < /", ConvProcess.executable.path] + arguments,
      environment: ConvProcess.isolatedEnvironment())
    #expect(run.status != 0, "\(arguments)")
    #expect(run.stderr == "conv: cannot read standard input: is a directory\n", "\(arguments): \(run.stderr)")
  }
}

/// Issue 37: `search --limit` takes a whole number from 1; anything else is a usage error.
@Suite("search --limit")
struct SearchLimitTests {
  @Test("A limit below 1 or not a number is refused with the reason", arguments: ["-1", "0", "x", "1.5"])
  func refused(_ value: String) async throws {
    let outcome = try await ConvProcess.run(["search", "foot", "--limit", value])
    #expect(outcome.status == 64, "\(value): \(outcome.status)")
    #expect(outcome.stderr.contains("give a whole number from 1"), "\(outcome.stderr)")
    #expect(outcome.stdout.isEmpty)
  }

  @Test("A limit of 1 gives one result")
  func one() async throws {
    let outcome = try await ConvProcess.run(["search", "foot", "--limit", "1"])
    #expect(outcome.status == 0 && outcome.lines.count == 1, "\(outcome.stdout)")
  }
}
