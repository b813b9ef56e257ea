import Foundation
import Subprocess
import Testing

/// What one run of conv cost in memory, read from the child while it runs.
struct MeasuredRun {
  /// Peak resident memory, in bytes.
  let peakMemory: Int
  /// The exit status; nil when the run was stopped at its deadline.
  let status: Int32?

  /// Runs conv with standard input from `input`, output to /dev/null, killed after `deadline` seconds.
  static func run(_ arguments: [String], input: URL, environment: [String: String], deadline: TimeInterval)
    async throws -> MeasuredRun
  {
    let descriptor = open(input.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let configuration = ConvProcess.configuration(ConvProcess.executable, arguments, environment: environment)
    let result = try await Subprocess.run(
      configuration, input: .fileDescriptor(.init(rawValue: descriptor), closeAfterSpawningProcess: true),
      output: .discarded, error: .discarded
    ) { execution in
      let pid = execution.processIdentifier.value
      let end = Date().addingTimeInterval(deadline)
      var stopped = false
      // The child's own high-water mark, read while it runs (ru_maxrss of a spawned child also
      // counts the parent's memory at the spawn, so a test process that has grown would make any
      // child look large). swift-subprocess reaps the child only after this closure, so the pid
      // stays the child's.
      var highWater = 0
      while !ConvProcess.hasEnded(pid) {
        if Date() > end && !stopped {
          try? execution.send(signal: .kill)
          stopped = true
        }
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
        {
          highWater = max(highWater, kilobytes * 1024)
        }
        try await Task.sleep(for: .milliseconds(5))
      }
      return (highWater, stopped)
    }
    let (highWater, stopped) = result.closureResult
    guard case .exited(let status) = result.terminationStatus, !stopped else {
      return MeasuredRun(peakMemory: highWater, status: nil)
    }
    return MeasuredRun(peakMemory: highWater, status: status)
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
  func favoritesMemory() async throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Every ordered pair of two length units, by name: 141 × 140 distinct favorites.
    let list = try await ConvProcess.run(["--json", "list", "length"])
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
    let run = try await MeasuredRun.run(["fav"], input: empty, environment: environment, deadline: 120)
    #expect(run.status == 0)
    #expect(run.peakMemory > 0, "conv's memory was never read")
    // Measured: 41 MB (2 KB a favorite over a base of 5 MB); it was 8.6 KB a favorite (170 MB).
    #expect(run.peakMemory < 100 << 20, "\(run.peakMemory >> 20) MB for \(pairs.count) favorites")
  }
}
