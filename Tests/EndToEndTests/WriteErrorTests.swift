import Foundation
import Testing

/// Standard output that cannot be written: a full disk is an error, a reader that left is not.
@Suite("Write errors on standard output")
struct WriteErrorTests {
  @Test(
    "Output to a full disk ends with one message and exit 2",
    arguments: [
      (["5", "mi", "km"], nil),
      (["-t", "5", "mi", "km"], nil),
      (["--json", "5", "mi", "km"], nil),
      (["5", "mi"], nil),
      ([], "5 mi to km\n1 ft to in\n"),
      (["--json"], "5 mi to km\n"),
      (["list"], nil),
      (["list", "length"], nil),
      (["search", "mile"], nil),
      (["search", "--json", "mile"], nil),
      (["info", "mi"], nil),
      (["info", "--json", "mi"], nil),
      (["categories"], nil),
      (["categories", "--json"], nil),
      (["fav"], nil),
      (["fav", "--json"], nil),
      (["fav", "add", "ft", "m"], nil),
      (["fav", "path"], nil),
      (["repl"], "5 mi to km\n"),
      (["--help"], nil),
    ] as [([String], String?)])
  func fullDisk(_ arguments: [String], _ stdin: String?) async throws {
    // A favorites file with one pair, for the `fav` commands.
    let favorites = FileManager.default.temporaryDirectory.appendingPathComponent("conv-write-\(UUID().uuidString)")
    try Data("# conv favorites v1\nmi -> km\n".utf8).write(to: favorites)
    defer { try? FileManager.default.removeItem(at: favorites) }
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let outcome = try await ConvProcess.run(
      arguments, stdin: stdin ?? "",
      environment: ConvProcess.isolatedEnvironment(["CONV_FAVORITES": favorites.path]),
      stdout: full)
    #expect(outcome.status == 2)
    #expect(outcome.stderr == "conv: cannot write output: No space left on device\n")
  }

  @Test("A failed batch line and a full disk: both messages, the write error last")
  func fullDiskAfterFailure() async throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let outcome = try await ConvProcess.run([], stdin: "5 mi to km\n3 furlongz to m\n", stdout: full)
    #expect(outcome.status == 2)
    let messages = outcome.stderr.split(separator: "\n").map(String.init)
    #expect(messages.first?.hasPrefix("conv: line 2: unknown unit 'furlongz'") == true, "\(messages)")
    #expect(messages.last == "conv: cannot write output: No space left on device", "\(messages)")
  }

  @Test(
    "A reader that stops early (head -1) gets no error message, SIGPIPE ignored or not",
    arguments: [("", 141), ("trap '' PIPE; ", 2)] as [(String, Int)])
  func closedPipe(_ trap: String, _ expectedStatus: Int) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-pipe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Far more than a pipe holds, so that conv is still writing when head has gone.
    let input = folder.appendingPathComponent("input")
    try Data(String(repeating: "5 mi to km\n", count: 100_000).utf8).write(to: input)
    let status = folder.appendingPathComponent("status")
    let shell = try await ConvProcess.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: [
        "-c", trap + "{ \"$0\" < \"$1\"; echo $? > \"$2\"; } | head -1",
        ConvProcess.executable.path, input.path, status.path,
      ],
      environment: ConvProcess.isolatedEnvironment())
    #expect(shell.stdout == "5 mi = 8.04672 km\n")
    // conv's standard error.
    #expect(shell.stderr.isEmpty, "\(shell.stderr)")
    // Killed by SIGPIPE (128 + 13) as before; with SIGPIPE ignored, the status of a write error.
    let code = String(decoding: try Data(contentsOf: status), as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(Int(code) == expectedStatus)
  }
}
