import Foundation

/// Runs the built `conv` binary and captures what it prints.
struct ConvProcess {
  /// What a run produced.
  struct Outcome: Sendable {
    let status: Int32
    /// False when a signal ended the process (a crash: SIGILL for a Swift trap, SIGSEGV for a
    /// stack overflow, SIGABRT); `status` is then the signal's number.
    var exited = true
    let stdout: String
    let stderr: String
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var errorLines: [String] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }

  /// The prefix of an installed tree under test (`make check`: `make install` into a scratch
  /// prefix), from `$CONV_TEST_PREFIX`; nil when the suite runs against the debug build.
  static let installedPrefix: URL? = {
    guard let path = ProcessInfo.processInfo.environment["CONV_TEST_PREFIX"], !path.isEmpty else { return nil }
    return URL(fileURLWithPath: path)
  }()

  /// Whether this run is CI's (`CI=true`): there the suite tests only what users install, and a
  /// tool a test needs (python3, tmux) missing is a failure, not a skip.
  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

  /// The `conv` executable under test: `PREFIX/bin/conv` of `$CONV_TEST_PREFIX` when set (the
  /// installed tree; its conv finds the installed rates helper in `PREFIX/libexec/conv`), else the
  /// debug build next to the test bundle. Under CI only the installed tree is accepted.
  static let executable: URL = {
    if let prefix = installedPrefix {
      let url = prefix.appendingPathComponent("bin/conv")
      guard FileManager.default.isExecutableFile(atPath: url.path) else {
        fatalError("CONV_TEST_PREFIX: no executable at \(url.path)")
      }
      return url
    }
    if isCI {
      fatalError(
        "CI=true: the end-to-end suite runs against an installed tree only; run it with `make check` (CONV_TEST_PREFIX)"
      )
    }
    return builtExecutable
  }()

  /// Whether a test that needs a tool may run: the tool is present, or this is CI (where its
  /// absence must fail the run rather than skip the test silently).
  static func requires(_ present: Bool) -> Bool { present || isCI }

  /// The `conv` that SwiftPM built for the tests, whatever `$CONV_TEST_PREFIX` says (a reference
  /// for comparisons, never the program under test in CI).
  static let builtExecutable: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundle, bundle.deletingLastPathComponent()] {
      let url = candidate.appendingPathComponent("conv")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    let products = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    for directory in products {
      let url = directory.appendingPathComponent("conv")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    fatalError("conv binary not found next to \(bundle.path)")
  }()

  /// A private, empty configuration home so the user's own files never affect tests.
  /// `isolatedEnvironment` with a home of its own for one test (config and state folders inside).
  static func scratchEnvironment(_ name: String) -> [String: String] {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("conv-\(name)-\(UUID().uuidString)")
    return isolatedEnvironment([
      "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
    ])
  }

  static func isolatedEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("conv-e2e-\(getpid())")
    try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    var environment: [String: String] = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "LANG": "C.UTF-8",
      "TERM": "dumb",
    ]
    // Sanitizer options (suppressions, see fuzz/README.md) reach conv under a sanitized build, and
    // the rates download helper to use when conv under test has none beside it (`make check`).
    for key in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "CONV_RATES_FETCH"] {
      if let value = ProcessInfo.processInfo.environment[key] { environment[key] = value }
    }
    for (key, value) in extra { environment[key] = value }
    return environment
  }

  /// Runs `conv` with arguments and optional standard input; waits for it to finish. With
  /// `stdout`, standard output goes to that file (`/dev/full`) and the outcome's `stdout` is empty.
  @discardableResult
  static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
    stdout: FileHandle? = nil, timeout: TimeInterval = 30, executable: URL? = nil
  ) throws -> Outcome {
    try run(
      arguments, input: stdin.map { Data($0.utf8) } ?? Data(), environment: environment, stdout: stdout,
      timeout: timeout, executable: executable)
  }

  /// Runs `conv` with raw bytes on standard input, written by a thread of their own (conv may
  /// refuse a line before reading the rest of a large input).
  @discardableResult
  static func run(
    _ arguments: [String], input: Data, environment: [String: String]? = nil,
    stdout: FileHandle? = nil, timeout: TimeInterval = 30, executable: URL? = nil
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = executable ?? Self.executable
    process.arguments = arguments
    process.environment = environment ?? isolatedEnvironment()
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = stdout ?? outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    if stdout != nil { try? outPipe.fileHandleForWriting.close() }
    let group = DispatchGroup()
    let outData = Collected()
    let errData = Collected()
    group.enter()
    DispatchQueue.global().async {
      outData.data = outPipe.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      errData.data = errPipe.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      try? inPipe.fileHandleForWriting.write(contentsOf: input)
      try? inPipe.fileHandleForWriting.close()
      group.leave()
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(2000) }
    if process.isRunning {
      process.terminate()
      throw TimeoutError(arguments: arguments.map { String($0.prefix(40)) })
    }
    process.waitUntilExit()
    group.wait()
    return Outcome(
      status: process.terminationStatus, exited: process.terminationReason == .exit,
      stdout: String(decoding: outData.data, as: UTF8.self),
      stderr: String(decoding: errData.data, as: UTF8.self))
  }

  /// Bytes collected by a reader thread; read only after the thread is done.
  final class Collected: @unchecked Sendable {
    var data = Data()
  }

  struct TimeoutError: Error {
    let arguments: [String]
  }
}
