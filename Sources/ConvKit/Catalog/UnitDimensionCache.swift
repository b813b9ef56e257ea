import Synchronization

/// The dimensions of a storage's units by index, read once: from the compiled records without
/// building the units, and from the added units.
final class UnitDimensionCache: Sendable {
  private let dimensions = Mutex<[PhysicalDimension?]?>(nil)

  func get(_ storage: CatalogStorage) -> [PhysicalDimension?] {
    if let read = dimensions.withLock({ $0 }) { return read }
    let read = (storage.tables?.unitDimensions() ?? []) + storage.extraUnits.map { Optional($0.dimension) }
    return dimensions.withLock { current in
      if current == nil { current = read }
      return current!
    }
  }
}
