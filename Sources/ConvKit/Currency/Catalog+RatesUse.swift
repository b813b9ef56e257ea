import Synchronization

extension Catalog {
  /// The same catalog with every currency at the snapshot's rate (marked `.snapshot`): what a
  /// conversion is made with when the newer rates lack one of its currencies. Made once.
  package var pinnedToSnapshotRates: Catalog { Catalog(storage: storage.pinnedToSnapshotRates) }

  /// The exchange rates a conversion between `source` and `target` is made at: the snapshot's when
  /// a currency in it follows the snapshot while newer rates are in use, else the rates in use;
  /// nil when the target has no money in it.
  package func exchangeRates(between source: UnitExpression, and target: UnitExpression) -> ExchangeRates? {
    guard target.dimension[.currency] != 0 else { return nil }
    return source.term.ratesUse.union(target.term.ratesUse).contains(.snapshot) ? snapshotExchangeRates : exchangeRates
  }

  /// The two sides of a conversion at the rates of one publication: as they are, or, when one has a
  /// currency at the newer rates and the other one at the snapshot's, both read again at the
  /// snapshot's rates. Refused when they cannot be read again.
  func atOnePublication(_ source: UnitExpression, _ target: UnitExpression) throws(ConvError)
    -> (UnitExpression, UnitExpression)
  {
    guard source.term.ratesUse.union(target.term.ratesUse).isMixed else { return (source, target) }
    let pinned = pinnedToSnapshotRates
    guard let pinnedSource = try? pinned.parseUnit(source.text), pinnedSource.dimension == source.dimension,
      let pinnedTarget = try? pinned.parseUnit(target.text), pinnedTarget.dimension == target.dimension,
      !pinnedSource.term.ratesUse.union(pinnedTarget.term.ratesUse).isMixed
    else {
      let newer = exchangeRates.map { "\($0.date)" } ?? "?"
      let older = snapshotExchangeRates.map { "\($0.date)" } ?? "?"
      throw .catalog(
        "\(source.text) to \(target.text) needs one currency's rate of \(newer) and another's of "
          + "\(older), which are not one cross rate: write the conversion on one line")
    }
    return (pinnedSource, pinnedTarget)
  }
}

extension CatalogStorage {
  /// `with(rates: rates.pinned())`, made on first use and kept.
  var pinnedToSnapshotRates: CatalogStorage {
    if let made = pinnedStorage.withLock({ $0 }) { return made }
    let made = with(rates: rates.pinned())
    return pinnedStorage.withLock { stored in
      if let stored { return stored }
      stored = made
      return made
    }
  }
}
