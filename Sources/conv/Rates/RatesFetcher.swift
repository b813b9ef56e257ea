import ConvKit

/// Runs the helper program `conv-rates-fetch`, which downloads the rates document (libcurl), and
/// reads and checks the bytes it prints: the document is parsed once, here.
///
/// The helper sits next to conv (a build folder) or in `PREFIX/libexec/conv/` (installed);
/// `$CONV_RATES_FETCH` names another one.
enum RatesFetcher {
  /// The helper's path, or nil when there is none.
  static func helperPath(_ environment: Environment) -> String? {
    if let path = environment.variables["CONV_RATES_FETCH"], !path.isEmpty { return path }
    guard let executable = SystemCalls.readLink("/proc/self/exe"), !executable.isEmpty else { return nil }
    let folder = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
    let parent = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
    for candidate in [folder + "/conv-rates-fetch", parent + "/libexec/conv/conv-rates-fetch"]
    where SystemCalls.isAccessible(candidate, .executable) {
      return candidate
    }
    return nil
  }

  /// The checked rates document from `url`, or the one-line reason it could not be had.
  static func fetch(_ url: String, environment: Environment) -> Result<(ExchangeRates, String), RatesFetchError> {
    guard let helper = helperPath(environment) else {
      return .failure(
        RatesFetchError("the download helper conv-rates-fetch is not installed next to conv or in ../libexec/conv/"))
    }
    guard var output = SystemCalls.pipe(), var errors = SystemCalls.pipe() else {
      return .failure(RatesFetchError("cannot start \(helper)"))
    }
    // With standard output or error closed, a pipe's end can be descriptor 1 or 2, which the
    // helper's dup2 would then overwrite: the ends are moved above 2 first.
    output = (aboveStandardStreams(output.read), aboveStandardStreams(output.write))
    errors = (aboveStandardStreams(errors.read), aboveStandardStreams(errors.write))
    // The helper starts with no signal blocked or ignored, whatever conv inherited.
    let limit = String(ExchangeRates.maximumDocumentSize)
    let spawned = SystemCalls.spawn(
      helper, arguments: [helper, url, limit], standardOutput: output.write,
      standardError: errors.write,
      closing: [output.read, output.write, errors.read, errors.write])
    SystemCalls.close(output.write)
    SystemCalls.close(errors.write)
    defer {
      SystemCalls.close(output.read)
      SystemCalls.close(errors.read)
    }
    let process: Int32
    switch spawned {
    case .success(let started): process = started
    case .failure(let error): return .failure(RatesFetchError("cannot start \(helper): \(error.message)"))
    }
    // One deadline for the whole download, whatever the helper does: a server that sends a byte a
    // second keeps every read alive, so the helper's own timeouts alone are not enough.
    let deadline = SystemCalls.monotonicSeconds() + RatesFetcher.deadlineSeconds
    guard let body = readAll(output.read, limit: ExchangeRates.maximumDocumentSize + 1, deadline: deadline) else {
      SystemCalls.kill(process)
      SystemCalls.wait(for: process)
      return .failure(RatesFetchError("no complete answer within \(Int(RatesFetcher.deadlineSeconds)) s"))
    }
    let message = readAll(errors.read, limit: 4096, deadline: deadline) ?? []
    // A child that cannot be waited for (SIGCHLD ignored: it was reaped) counts as a success, as it
    // always did: what it printed is checked below all the same.
    let termination = SystemCalls.wait(for: process) ?? .exited(0)
    if case .signalled(let signal) = termination {
      return .failure(RatesFetchError("the download helper \(helper) crashed (signal \(signal))"))
    }
    guard case .exited(0) = termination else {
      let line = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init)
      return .failure(
        RatesFetchError(line.map { ConvError.printable($0) } ?? "the download helper failed with no reason given"))
    }
    // Checked again here: conv trusts only what it has read itself.
    do {
      let text = String(decoding: body, as: UTF8.self)
      return .success((try ExchangeRates(ecbDocument: text), text))
    } catch {
      return .failure(RatesFetchError("refused the rates from \(url): \(error.message)"))
    }
  }

  /// The descriptor itself when above 2, else a duplicate above 2 (the original closed).
  private static func aboveStandardStreams(_ descriptor: Int32) -> Int32 {
    guard descriptor >= 0, descriptor <= 2 else { return descriptor }
    let moved = SystemCalls.duplicate(descriptor, atLeast: 3)
    guard moved >= 0 else { return descriptor }
    SystemCalls.close(descriptor)
    return moved
  }

  /// Seconds a whole update may take, beyond the helper's own 12 s for the whole transfer.
  static let deadlineSeconds = 15.0

  /// Reads a descriptor to its end, keeping at most `limit` bytes; nil when `deadline` (monotonic
  /// seconds) passes first.
  private static func readAll(_ descriptor: Int32, limit: Int, deadline: Double) -> [UInt8]? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let remaining = deadline - SystemCalls.monotonicSeconds()
      guard remaining > 0 else { return nil }
      let ready = SystemCalls.poll(descriptor, milliseconds: Int32(min(remaining * 1000, 1000)))
      if ready < 0 && SystemCalls.lastError == SystemCalls.interrupted { continue }
      if ready == 0 { continue }
      let count = buffer.withUnsafeMutableBytes { SystemCalls.read(descriptor, into: $0.baseAddress, count: $0.count) }
      if count <= 0 { return bytes }
      if bytes.count < limit { bytes += buffer[0..<min(count, limit - bytes.count)] }
    }
  }
}

/// Why the rates could not be downloaded, in one line.
struct RatesFetchError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
