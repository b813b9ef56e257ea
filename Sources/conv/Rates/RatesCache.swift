import ConvKit

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The downloaded exchange rates: `$XDG_CACHE_HOME/conv/eurofxref-daily.xml`, written only by
/// `conv rates update`, after checking, by an atomic rename.
struct RatesCache {
  /// The cache file's path; empty when no home folder and no `$XDG_CACHE_HOME` are known.
  let path: String

  init(_ environment: Environment) {
    path = environment.cacheHome.isEmpty ? "" : environment.cacheHome + "/conv/eurofxref-daily.xml"
  }

  /// The catalog with its currencies following the cached rates when they are newer than its own;
  /// the file is read only when a currency or the rates are first needed.
  static func catalogFollowingCache(_ catalog: Catalog, environment: Environment) -> Catalog {
    // The path too is worked out on first use: a conversion without money never needs it.
    catalog.replacingExchangeRates {
      let path = RatesCache(environment).path
      return path.isEmpty ? nil : RatesCache.read(path)
    }
  }

  /// The cached rates, or nil when there are none or the file is not a rates file.
  static func read(_ path: String) -> ExchangeRates? {
    guard let text = try? FileSystem.read(path) else { return nil }
    return try? ExchangeRates(ecbDocument: text)
  }

  /// Replaces the cached file with `text` atomically: a temporary file in the same folder, flushed,
  /// then renamed over the old one. Refuses when the path holds anything but a regular file.
  func write(_ text: String) throws(RatesCacheError) {
    guard !path.isEmpty else { throw RatesCacheError("no cache folder: set HOME or XDG_CACHE_HOME") }
    let folder = String(path[..<path.lastIndex(of: "/")!])
    var status = stat()
    if lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
      let kind = FileSystem.kind(of: status.st_mode)
      throw RatesCacheError("\(path) is " + (kind == "not a regular file" ? "not a regular file" : kind + ", not a regular file")
                            + ": not replaced")
    }
    var partial = ""
    for component in folder.split(separator: "/") {
      partial += "/" + component
      if mkdir(partial, 0o755) != 0 && errno != EEXIST {
        throw RatesCacheError("cannot create \(folder): \(String(cString: strerror(errno)))")
      }
    }
    var template = Array((folder + "/.eurofxref-daily.xml.tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw RatesCacheError("cannot write in \(folder): \(String(cString: strerror(errno)))") }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let bytes = Array(text.utf8)
    var offset = 0
    var failed = false
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        failed = true
        break
      }
      offset += written
    }
    _ = fchmod(descriptor, 0o644)
    if failed || fsync(descriptor) != 0 || close(descriptor) != 0 || rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw RatesCacheError("cannot write \(path): \(reason); the rates in use are unchanged")
    }
  }
}

/// Why the cache file could not be replaced.
struct RatesCacheError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
