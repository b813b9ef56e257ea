import ConvKit

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs the helper program `conv-rates-fetch`, which downloads the rates document (libcurl), and
/// reads and checks the bytes it prints: the document is parsed once, here.
///
/// The helper sits next to conv (a build folder) or in `PREFIX/libexec/conv/` (installed);
/// `$CONV_RATES_FETCH` names another one.
enum RatesFetcher {
  /// The helper's path, or nil when there is none.
  static func helperPath(_ environment: Environment) -> String? {
    if let path = environment.variables["CONV_RATES_FETCH"], !path.isEmpty { return path }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let folder = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
    let parent = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
    for candidate in [folder + "/conv-rates-fetch", parent + "/libexec/conv/conv-rates-fetch"]
      where access(candidate, X_OK) == 0 {
      return candidate
    }
    return nil
  }

  /// The checked rates document from `url`, or the one-line reason it could not be had.
  static func fetch(_ url: String, environment: Environment) -> Result<(ExchangeRates, String), RatesFetchError> {
    guard let helper = helperPath(environment) else {
      return .failure(RatesFetchError("the download helper conv-rates-fetch is not installed next to conv or in ../libexec/conv/"))
    }
    var output: [Int32] = [0, 0]
    var errors: [Int32] = [0, 0]
    guard pipe(&output) == 0, pipe(&errors) == 0 else { return .failure(RatesFetchError("cannot start \(helper)")) }
    // With standard output or error closed, a pipe's end can be descriptor 1 or 2, which the
    // helper's dup2 would then overwrite: the ends are moved above 2 first.
    for index in 0..<2 {
      output[index] = RatesFetcher.aboveStandardStreams(output[index])
      errors[index] = RatesFetcher.aboveStandardStreams(errors[index])
    }
    // The helper starts with no signal blocked or ignored, whatever conv inherited.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    for descriptor in output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
    let limit = String(ExchangeRates.maximumDocumentSize)
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(helper), strdup(url), strdup(limit), nil]
    defer { for argument in arguments { free(argument) } }
    var process: pid_t = 0
    let spawned = posix_spawn(&process, helper, &actions, &attributes, arguments, environ)
    close(output[1])
    close(errors[1])
    defer {
      close(output[0])
      close(errors[0])
    }
    guard spawned == 0 else {
      return .failure(RatesFetchError("cannot start \(helper): \(String(cString: strerror(spawned)))"))
    }
    // One deadline for the whole download, whatever the helper does: a server that sends a byte a
    // second keeps every read alive, so the helper's own timeouts alone are not enough.
    let deadline = monotonicSeconds() + RatesFetcher.deadlineSeconds
    guard let body = readAll(output[0], limit: ExchangeRates.maximumDocumentSize + 1, deadline: deadline) else {
      kill(process, SIGKILL)
      while waitpid(process, nil, 0) < 0 && errno == EINTR {}
      return .failure(RatesFetchError("no complete answer within \(Int(RatesFetcher.deadlineSeconds)) s"))
    }
    let message = readAll(errors[0], limit: 4096, deadline: deadline) ?? []
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    guard signal == 0 else {
      return .failure(RatesFetchError("the download helper \(helper) crashed (signal \(signal))"))
    }
    guard (status >> 8) & 0xFF == 0 else {
      let line = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init)
      return .failure(RatesFetchError(line.map { ConvError.printable($0) } ?? "the download helper failed with no reason given"))
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
    let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
    guard moved >= 0 else { return descriptor }
    close(descriptor)
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
      let remaining = deadline - monotonicSeconds()
      guard remaining > 0 else { return nil }
      var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&watched, 1, Int32(min(remaining * 1000, 1000)))
      if ready < 0 && errno == EINTR { continue }
      if ready == 0 { continue }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return bytes }
      if bytes.count < limit { bytes += buffer[0..<min(count, limit - bytes.count)] }
    }
  }

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// Why the rates could not be downloaded, in one line.
struct RatesFetchError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
