import Synchronization

/// The primary category of each dimension asked about, found once per storage: finding it builds
/// every category, and error messages (`cannot convert length to mass`) ask for it, some of them
/// made only to try a reading.
final class PrimaryCategoryCache: Sendable {
  /// The categories found, by dimension (a list: a dictionary keyed by `PhysicalDimension` would
  /// have the runtime look up its `Hashable` conformance in every process that builds a catalog).
  private let found = Mutex<[(dimension: PhysicalDimension, category: UnitCategory?)]>([])
  /// Dimensions kept at most (beyond, the list starts again).
  private static let limit = 256

  /// The category of `dimension`, from `find` the first time it is asked for.
  func category(for dimension: PhysicalDimension, find: () -> UnitCategory?) -> UnitCategory? {
    if let known = found.withLock({ $0.first { $0.dimension == dimension } }) { return known.category }
    let category = find()
    found.withLock { list in
      if list.count >= PrimaryCategoryCache.limit { list.removeAll() }
      if !list.contains(where: { $0.dimension == dimension }) { list.append((dimension, category)) }
    }
    return category
  }
}
