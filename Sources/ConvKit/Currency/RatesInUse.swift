import Synchronization

/// The exchange rates a catalog's currency units follow: its own snapshot (built into conv, or
/// loaded with `Data/`), or a newer set that replaces it, each read on first use.
///
/// Nothing is read until a currency is looked up or the rates are asked for, so a conversion
/// without currencies costs nothing more.
final class RatesInUse: Sendable {
  private let snapshotLoader: @Sendable () -> ExchangeRates?
  private let newerLoader: (@Sendable () -> ExchangeRates?)?

  private struct State: Sendable {
    var isLoaded = false
    var snapshot: ExchangeRates? = nil
    var current: ExchangeRates? = nil
  }
  private let state = Mutex(State())

  /// Whether currency units may need factors other than their compiled ones.
  var mayReplace: Bool { newerLoader != nil }

  init(snapshot: @escaping @Sendable () -> ExchangeRates?, newer: (@Sendable () -> ExchangeRates?)? = nil) {
    snapshotLoader = snapshot
    newerLoader = newer
  }

  /// No rates at all (a catalog without currencies).
  static let none = RatesInUse(snapshot: { nil })

  /// The same snapshot, replaced by what `newer` reads when that is of a later date.
  func replacing(with newer: @escaping @Sendable () -> ExchangeRates?) -> RatesInUse {
    RatesInUse(snapshot: snapshotLoader, newer: newer)
  }

  /// The snapshot the catalog was built with.
  var snapshot: ExchangeRates? { load().snapshot }

  /// The rates in use: the newer set when it is of a later date than the snapshot, else the snapshot.
  var current: ExchangeRates? { load().current }

  /// A currency unit defined by `rate`, with its factor from the rates in use when they are not
  /// the snapshot's (a currency the newer rates lack keeps the snapshot's rate).
  func rated(_ unit: CatalogUnit) -> CatalogUnit {
    let (snapshot, current) = load()
    guard let current, current.date != snapshot?.date, let code = unit.symbols.first,
          let euros = current.euros(per: code) else { return unit }
    return unit.withFactor(Magnitude(euros))
  }

  private func load() -> (snapshot: ExchangeRates?, current: ExchangeRates?) {
    let known = state.withLock { $0.isLoaded ? ($0.snapshot, $0.current) : nil }
    if let known { return known }
    let snapshot = snapshotLoader()
    var current = snapshot
    if let newer = newerLoader?(), snapshot.map({ newer.date > $0.date }) ?? true { current = newer }
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

extension CatalogUnit {
  /// The same unit with another factor (a currency at another day's rate).
  func withFactor(_ factor: Magnitude) -> CatalogUnit {
    CatalogUnit(name: name, plural: plural, symbols: symbols, aliases: aliases, claimedNames: claimedNames,
         alternateNames: alternateNames, categoryIdentifier: categoryIdentifier, dimension: dimension,
         factor: factor, offset: offset, isAbsolute: isAbsolute, isExact: isExact, prefixes: prefixes,
         isCommon: isCommon, definition: definition, source: source, cldrIdentifier: cldrIdentifier, order: order)
  }
}
