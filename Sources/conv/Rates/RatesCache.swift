import ConvKit

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
      return path.isEmpty ? nil : RatesCache.usable(path, today: environment.today)
    }
  }

  /// The cached rates, or nil when there are none or the file is not a rates file.
  static func read(_ path: String) -> ExchangeRates? {
    guard let text = try? FileSystem.read(path) else { return nil }
    return try? ExchangeRates(ecbDocument: text)
  }

  /// The cached rates when conv may use them: a rates file dated no later than tomorrow (the ECB
  /// publishes in Frankfurt's afternoon; a later date is a wrong clock or a forged file).
  static func usable(_ path: String, today: CalendarDate) -> ExchangeRates? {
    guard let rates = read(path), rates.age(on: today) >= -1 else { return nil }
    return rates
  }

  /// Replaces the cached file with `text` atomically (`AtomicFile`), creating its folder; through a
  /// link, the file it points to is replaced. Refuses when the path holds anything but a regular file.
  func write(_ text: String) throws(RatesCacheError) {
    guard !path.isEmpty else { throw RatesCacheError("no cache folder: set HOME or XDG_CACHE_HOME") }
    do {
      try AtomicFile.replace(path, with: Array(text.utf8), options: .init(mode: 0o644, createFolders: 0o755))
    } catch {
      throw RatesCacheError("cannot write \(path): \(error.reason); the rates in use are unchanged")
    }
  }
}

/// Why the cache file could not be replaced.
struct RatesCacheError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
