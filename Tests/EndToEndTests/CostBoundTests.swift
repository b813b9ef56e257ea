import Foundation
import Testing

/// What one run of conv cost in memory, read from the child while it runs.
struct MeasuredRun {
  /// Peak resident memory, in bytes.
  let peakMemory: Int
  /// The exit status; nil when the run was stopped at its deadline.
  let status: Int32?

  /// Runs conv with standard input from `input`, output to /dev/null, killed after `deadline` seconds.
  static func run(_ arguments: [String], input: URL, environment: [String: String], deadline: TimeInterval) throws
    -> MeasuredRun
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = [ConvProcess.executable.path] + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments { free(pointer) }
      for pointer in cEnvironment { free(pointer) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment) == 0 else {
      throw ConvProcess.TimeoutError(arguments: arguments)
    }
    let end = Date().addingTimeInterval(deadline)
    var status: Int32 = 0
    var usage = rusage()
    var stopped = false
    // The child's own high-water mark, read while it runs: ru_maxrss of a spawned child also counts
    // the parent's memory at the spawn (the child starts in the parent's address space), so a test
    // process that has grown would make any child look large.
    var highWater = 0
    while wait4(pid, &status, WNOHANG, &usage) == 0 {
      if Date() > end && !stopped {
        kill(pid, SIGKILL)
        stopped = true
      }
      if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
      {
        highWater = max(highWater, kilobytes * 1024)
      }
      usleep(5_000)
    }
    return MeasuredRun(
      peakMemory: highWater > 0 ? highWater : usage.ru_maxrss * 1024,
      status: stopped ? nil : (status >> 8) & 0xFF)
  }
}

/// Issue 20, finding 7: what a favorite may cost in memory. (What a line with a typo costs in time
/// is a benchmark, not a test: the `90%-bad-lines` family of scripts/compare-line-families.sh.)
@Suite("Bounded cost", .serialized)
struct CostBoundTests {
  static func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-cost-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("conv fav keeps little per favorite: 19,740 favorites stay under 100 MB")
  func favoritesMemory() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Every ordered pair of two length units, by name: 141 × 140 distinct favorites.
    let list = try ConvProcess.run(["--json", "list", "length"])
    let units = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    let names = units.compactMap { $0["name"] as? String }
    let pairs = names.flatMap { from in names.filter { $0 != from }.map { from + " -> " + $0 } }
    #expect(pairs.count > 15_000)
    let favorites = folder.appendingPathComponent("favorites")
    try ("# conv favorites v1\n" + pairs.joined(separator: "\n") + "\n").write(
      to: favorites, atomically: true, encoding: .utf8)
    let empty = folder.appendingPathComponent("empty")
    try "".write(to: empty, atomically: true, encoding: .utf8)
    let environment = ConvProcess.isolatedEnvironment(["CONV_FAVORITES": favorites.path])
    let run = try MeasuredRun.run(["fav"], input: empty, environment: environment, deadline: 120)
    #expect(run.status == 0)
    // Measured: 41 MB (2 KB a favorite over a base of 5 MB); it was 8.6 KB a favorite (170 MB).
    #expect(run.peakMemory < 100 << 20, "\(run.peakMemory >> 20) MB for \(pairs.count) favorites")
  }
}
