import Foundation
import Subprocess

/// Runs the built `conv` binary, and the other programs the tests drive, and captures what they
/// print: the suite's one process runner, on swift-subprocess.
struct ConvProcess {
  /// What a run produced.
  struct Outcome: Sendable {
    let status: Int32
    /// False when a signal ended the process (a crash: SIGILL for a Swift trap, SIGSEGV for a
    /// stack overflow, SIGABRT); `status` is then the signal's number.
    let exited: Bool
    let stdout: String
    let stderr: String
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var errorLines: [String] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
    /// The status as a shell reports it: 128 + the signal's number when a signal ended the process.
    var shellStatus: Int32 { exited ? status : 128 + status }

    /// The outcome of a process that ended as `termination` says, having printed these bytes.
    init(_ termination: TerminationStatus, stdout: [UInt8], stderr: [UInt8]) {
      switch termination {
      case .exited(let code): (status, exited) = (code, true)
      case .signaled(let signal): (status, exited) = (signal, false)
      }
      self.stdout = String(decoding: stdout, as: UTF8.self)
      self.stderr = String(decoding: stderr, as: UTF8.self)
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
  ) async throws -> Outcome {
    try await run(
      arguments, input: stdin.map { Data($0.utf8) } ?? Data(), environment: environment, stdout: stdout,
      timeout: timeout, executable: executable)
  }

  /// Runs `conv` with raw bytes on standard input, written while it runs (conv may refuse a line
  /// before reading the rest of a large input).
  @discardableResult
  static func run(
    _ arguments: [String], input: Data, environment: [String: String]? = nil,
    stdout: FileHandle? = nil, timeout: TimeInterval = 30, executable: URL? = nil
  ) async throws -> Outcome {
    try await run(
      executable: executable ?? Self.executable, arguments: arguments, input: input,
      environment: environment ?? isolatedEnvironment(), output: stdout.map { .file($0) } ?? .collected,
      timeout: timeout)
  }

  /// Where a program's standard output goes.
  enum OutputDestination: Sendable {
    /// Collected whole into the outcome's `stdout`.
    case collected
    /// To /dev/null.
    case discarded
    /// To an open file (`/dev/full`, a file shared with standard error); left open.
    case file(FileHandle)
  }

  /// Where a program's standard error goes.
  enum ErrorDestination: Sendable {
    /// Collected whole into the outcome's `stderr`.
    case collected
    /// To /dev/null.
    case discarded
    /// Wherever standard output goes, interleaved as a terminal shows them.
    case standardOutput
  }

  /// The most a run's standard output or error may hold: far above any test's (a batch of a million
  /// lines), so that nothing is cut; swift-subprocess throws past it.
  static let outputLimit = 64 << 20

  /// Runs any program and waits for it: the suite's one runner, on swift-subprocess.
  ///
  /// - Parameters:
  ///   - input: Bytes for standard input, written while the program runs and then closed (a program
  ///     that stops reading early is no failure); nil for /dev/null.
  ///   - environment: The whole environment (nothing inherited); nil for this process's.
  ///   - timeout: Seconds before the program is killed and `TimeoutError` thrown.
  ///   - waitsTurn: Whether the program waits for one of the `turns`; false for a command of a few
  ///     milliseconds whose caller counts a deadline of its own (tmux's, while a pane is watched).
  /// - Returns: The exit status, or the signal that ended it, and what was collected.
  @discardableResult
  static func run(
    executable: URL, arguments: [String], input: Data? = nil, environment: [String: String]? = nil,
    workingDirectory: URL? = nil, output: OutputDestination = .collected, errors: ErrorDestination = .collected,
    timeout: TimeInterval = 30, waitsTurn: Bool = true
  ) async throws -> Outcome {
    let configuration = Self.configuration(
      executable, arguments, environment: environment, workingDirectory: workingDirectory)
    let bytes = input.map { [UInt8]($0) }
    let shown = arguments.map { String($0.prefix(40)) }
    // The timeout counts from the start of the program, not from the wait for a turn.
    if waitsTurn { await turns.take() }
    do {
      let outcome = try await withTimeout(timeout, arguments: shown) {
        switch output {
        case .collected: try await run(configuration, input: bytes, output: .bytes(limit: outputLimit), errors: errors)
        case .discarded: try await run(configuration, input: bytes, output: .discarded, errors: errors)
        case .file(let handle):
          try await run(
            configuration, input: bytes,
            output: .fileDescriptor(.init(rawValue: handle.fileDescriptor), closeAfterSpawningProcess: false),
            errors: errors)
        }
      }
      if waitsTurn { await turns.give() }
      return outcome
    } catch {
      if waitsTurn { await turns.give() }
      throw error
    }
  }

  /// How many programs `run(executable:…)` runs at once: twice the processors. Every test is async
  /// and Swift Testing starts them all together, so without a bound hundreds of programs would
  /// start at once and each would take seconds of a busy machine, past the timeouts of the tests
  /// that want an answer "at once".
  static let turns = Turns(ProcessInfo.processInfo.activeProcessorCount * 2)

  /// A counting semaphore for tasks: `take` waits (suspended, no thread held) while none is free.
  actor Turns {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(1, count) }

    func take() async {
      if free > 0 {
        free -= 1
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
      if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
  }

  /// `run(executable:…)` once standard output's destination is chosen: chooses standard error's.
  private static func run<Output: OutputProtocol>(
    _ configuration: Subprocess.Configuration, input: [UInt8]?, output: Output, errors: ErrorDestination
  ) async throws -> Outcome {
    switch errors {
    case .collected: try await run(configuration, input: input, output: output, error: .bytes(limit: outputLimit))
    case .discarded: try await run(configuration, input: input, output: output, error: .discarded)
    case .standardOutput: try await run(configuration, input: input, output: output, error: .combinedWithOutput)
    }
  }

  /// `run(executable:…)` once both destinations are chosen: starts the program, writes its input and
  /// collects what it printed.
  private static func run<Output: OutputProtocol, Error: ErrorOutputProtocol>(
    _ configuration: Subprocess.Configuration, input: [UInt8]?, output: Output, error: Error
  ) async throws -> Outcome {
    let result: ExecutionResult<Void, Output, Error>
    if let input {
      result = try await Subprocess.run(configuration, input: .inputWriter, output: output, error: error) {
        execution in
        // A program may exit, or close its standard input, before reading it all: the write then
        // fails (a broken pipe, or cancelled as the program ends), which is no failure of the run.
        _ = try? await execution.standardInputWriter.write(input)
        try? await execution.standardInputWriter.finish()
      }
    } else {
      result = try await Subprocess.run(configuration, output: output, error: error)
    }
    return Outcome(
      result.terminationStatus, stdout: result.standardOutput as? [UInt8] ?? [],
      stderr: result.standardError as? [UInt8] ?? [])
  }

  /// A swift-subprocess configuration, for `run(executable:…)` and for the tests that drive a program
  /// while it runs (swift-subprocess's `run` with a closure): `environment` is the child's whole
  /// environment (nil: this process's), `workingDirectory` its folder (nil: this process's).
  static func configuration(
    _ executable: URL, _ arguments: [String], environment: [String: String]?, workingDirectory: URL? = nil
  ) -> Subprocess.Configuration {
    _ = brokenPipesIgnored
    let custom = environment.map { variables in
      Environment.custom(Dictionary(uniqueKeysWithValues: variables.map { (Environment.Key(rawValue: $0)!, $1) }))
    }
    return Subprocess.Configuration(
      executable: .path(.init(executable.path)), arguments: Arguments(arguments), environment: custom ?? .inherit,
      workingDirectory: workingDirectory.map { .init($0.path) })
  }

  /// Runs `body` for at most `timeout` seconds: then it is cancelled, which kills a program it runs
  /// (swift-subprocess's teardown), and `TimeoutError` is thrown once it has ended.
  static func withTimeout<Result: Sendable>(
    _ timeout: TimeInterval, arguments: [String], _ body: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
      group.addTask { try await body() }
      group.addTask {
        try await Task.sleep(for: .seconds(timeout))
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let result = first else {
        throw TimeoutError(arguments: arguments)
      }
      return result
    }
  }

  /// Whether the process has ended (a zombie not yet reaped, or gone): swift-subprocess reaps its
  /// children only once the closure that watches them returns.
  static func hasEnded(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[close...].dropFirst(2).first == "Z"
  }

  /// SIGPIPE ignored in the test process, so that input written to a program that has stopped reading
  /// fails the write instead of killing the tests. (Children start with default handlers whatever
  /// this process has: swift-subprocess resets them.)
  static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  struct TimeoutError: Error {
    let arguments: [String]
  }
}
