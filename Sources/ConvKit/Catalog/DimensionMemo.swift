import Synchronization

/// Values made once per dimension asked about (the units a failed conversion's suggestions may
/// offer, a dimension's primary category), kept for a catalog storage's life.
///
/// A list, not a dictionary: a dictionary keyed by `PhysicalDimension` would have the runtime
/// look up its `Hashable` conformance, a scan of every conformance record, in every process that
/// builds a catalog. At most `limit` dimensions are kept (beyond, the list starts again).
final class DimensionMemo<Value: Sendable>: Sendable {
  private let values = Mutex<[(dimension: PhysicalDimension, value: Value)]>([])
  private static var limit: Int { 256 }

  /// The value of `dimension`, made by `make` the first time it is asked for.
  func value(for dimension: PhysicalDimension, make: () -> Value) -> Value {
    if let kept = values.withLock({ $0.first { $0.dimension == dimension } }) { return kept.value }
    let made = make()
    return values.withLock { list in
      if let kept = list.first(where: { $0.dimension == dimension }) { return kept.value }
      if list.count >= DimensionMemo.limit { list.removeAll() }
      list.append((dimension, made))
      return made
    }
  }
}
