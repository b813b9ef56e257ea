/// Which publication of exchange rates a currency's factor, or a value made with it, comes from
/// when newer rates replace the catalog's snapshot: the newer rates, or the snapshot (a currency
/// the newer rates lack). Both at once is a mixture no conversion uses: a cross rate is taken
/// from one publication.
package struct RatesUse: OptionSet, Sendable, Hashable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// A factor from the newer rates.
  package static let newer = RatesUse(rawValue: 1)
  /// A factor from the snapshot, while newer rates are in use.
  package static let snapshot = RatesUse(rawValue: 2)

  /// Whether factors of both publications went into the value.
  package var isMixed: Bool { contains(.newer) && contains(.snapshot) }
}
