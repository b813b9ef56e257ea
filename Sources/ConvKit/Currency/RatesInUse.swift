import Synchronization

/// The exchange rates a catalog's currency units follow: its own snapshot (built into conv, or
/// loaded with `Data/`), or a newer set that replaces it, each read on first use.
///
/// Nothing is read until a currency is looked up or the rates are asked for, so a conversion
/// without currencies costs nothing more.
final class RatesInUse: Sendable {
  private let snapshotLoader: @Sendable () -> ExchangeRates?
  private let newerLoader: (@Sendable () -> ExchangeRates?)?
  /// Whether every currency follows the snapshot although newer rates exist (`pinned()`).
  private let isPinned: Bool

  private struct State: Sendable {
    var isLoaded = false
    var snapshot: ExchangeRates? = nil
    var current: ExchangeRates? = nil
  }
  private let state = Mutex(State())

  /// Whether currency units may need factors other than their compiled ones.
  var mayReplace: Bool { newerLoader != nil }

  init(
    snapshot: @escaping @Sendable () -> ExchangeRates?, newer: (@Sendable () -> ExchangeRates?)? = nil,
    isPinned: Bool = false
  ) {
    snapshotLoader = snapshot
    newerLoader = newer
    self.isPinned = isPinned
  }

  /// No rates at all (a catalog without currencies).
  static let none = RatesInUse(snapshot: { nil })

  /// The same snapshot, replaced by what `newer` reads when that is of a later date.
  func replacing(with newer: @escaping @Sendable () -> ExchangeRates?) -> RatesInUse {
    RatesInUse(snapshot: snapshotLoader, newer: newer)
  }

  /// The same rates with every currency at the snapshot's rate, marked so, for a conversion whose
  /// currencies the newer rates do not all quote (a cross rate comes from one publication).
  func pinned() -> RatesInUse {
    RatesInUse(snapshot: snapshotLoader, newer: newerLoader, isPinned: true)
  }

  /// The snapshot the catalog was built with.
  var snapshot: ExchangeRates? { load().snapshot }

  /// The rates in use: the newer set when it is of a later date than the snapshot, else the snapshot.
  var current: ExchangeRates? { load().current }

  /// A currency unit defined by `rate`, with its factor from the rates in use when they are not
  /// the snapshot's, marked with the publication it comes from: a currency the newer rates lack
  /// keeps the snapshot's rate, marked `.snapshot`, so that a conversion pairing it with a newer
  /// rate is seen and made at the snapshot's rates alone.
  func rated(_ unit: CatalogUnit) -> CatalogUnit {
    let (snapshot, current) = load()
    guard let current, current.date != snapshot?.date, let code = unit.symbols.first else { return unit }
    if !isPinned, let euros = current.euros(per: code) { return unit.rated(factor: Magnitude(euros), use: .newer) }
    return unit.rated(factor: snapshot?.euros(per: code).map { Magnitude($0) }, use: .snapshot)
  }

  private func load() -> (snapshot: ExchangeRates?, current: ExchangeRates?) {
    let known = state.withLock { $0.isLoaded ? ($0.snapshot, $0.current) : nil }
    if let known { return known }
    let snapshot = snapshotLoader()
    var current = snapshot
    if let newer = newerLoader?(), snapshot.map({ newer.date > $0.date }) ?? true { current = newer }
    // Pinned: `current` still names the newer rates, so that `rated` knows they exist.
    state.withLock { state in
      if !state.isLoaded {
        state.isLoaded = true
        state.snapshot = snapshot
        state.current = current
      }
    }
    return (snapshot, current)
  }
}
