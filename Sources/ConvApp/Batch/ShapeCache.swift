/// Shapes by the bytes of the line after its number: open addressing on FNV-1a hashes, keys kept
/// in one byte array.
struct ShapeCache {
  private struct Slot {
    var hash: UInt64 = 0
    var keyStart: UInt32 = 0
    var keyLength: UInt32 = 0
    /// Index in `shapes`, or -1 for an empty slot.
    var entry: Int32 = -1
  }
  private var slots = [Slot](repeating: Slot(), count: 64)
  private var keys: [UInt8] = []
  /// The shape of each entry: nil when the first line had no reusable shape.
  private(set) var shapes: [BatchConverter.Shape?] = []
  /// The integer maps of the entries that have one (terse output), in the order they came.
  private var maps: [LinearMap] = []
  /// The index in `maps` of each entry's map, -1 for none (most rests have none: kept small).
  private var mapIndices: [Int32] = []
  /// Entries kept at most (keys are at most `longestCachedLine` bytes, so a few megabytes); beyond,
  /// lines take the exact path: memory stays bounded on any input.
  static let capacity = 1 << 12

  /// Hashes of the rests seen once and not yet given an entry (see ``seenBefore(_:)``).
  private var seenOnce: Set<UInt64> = []

  /// Whether another entry can be kept.
  var hasRoom: Bool { shapes.count < ShapeCache.capacity }

  /// Whether a rest without an entry was seen on an earlier line; notes it as seen. (By its hash: a
  /// collision only gives a rest its entry one line early. Bounded like the entries.)
  mutating func seenBefore(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    if seenOnce.count >= 4 * ShapeCache.capacity { seenOnce.removeAll(keepingCapacity: true) }
    return !seenOnce.insert(ShapeCache.hash(key)).inserted
  }

  /// The integer map of an entry, when it has one.
  func map(_ entry: Int) -> LinearMap? {
    let index = mapIndices[entry]
    return index < 0 ? nil : maps[Int(index)]
  }

  /// The entry for a rest of line, nil when it was never seen.
  func entry(for key: UnsafeBufferPointer<UInt8>) -> Int? {
    let hash = ShapeCache.hash(key)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    return keys.withUnsafeBufferPointer { stored in
      while slots[index].entry >= 0 {
        let slot = slots[index]
        if slot.hash == hash && Int(slot.keyLength) == key.count
          && (key.isEmpty
            || ShapeCache.bytesEqual(stored.baseAddress! + Int(slot.keyStart), key.baseAddress!, count: key.count))
        {
          return Int(slot.entry)
        }
        index = (index + 1) & mask
      }
      return nil
    }
  }

  /// Whether `count` bytes at `first` and at `second` are the same: 8 bytes at a time, then the
  /// rest one by one (what `memcmp` did, without the C library).
  static func bytesEqual(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, count: Int) -> Bool {
    let first = UnsafeRawPointer(first)
    let second = UnsafeRawPointer(second)
    var offset = 0
    while offset + 8 <= count {
      if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < count {
      if first.load(fromByteOffset: offset, as: UInt8.self) != second.load(fromByteOffset: offset, as: UInt8.self) {
        return false
      }
      offset += 1
    }
    return true
  }

  mutating func insert(_ shape: BatchConverter.Shape?, for key: UnsafeBufferPointer<UInt8>) {
    guard shapes.count < ShapeCache.capacity else { return }
    if (shapes.count + 1) * 2 > slots.count { grow() }
    let hash = ShapeCache.hash(key)
    var index = Int(truncatingIfNeeded: hash) & (slots.count - 1)
    while slots[index].entry >= 0 { index = (index + 1) & (slots.count - 1) }
    slots[index] = Slot(
      hash: hash, keyStart: UInt32(keys.count), keyLength: UInt32(key.count), entry: Int32(shapes.count))
    keys.append(contentsOf: key)
    shapes.append(shape)
    mapIndices.append(-1)
    setMap(shapes.count - 1, shape?.resolution?.map)
  }

  /// Puts another shape in an entry's place (a shape made again from a later line).
  mutating func replace(_ entry: Int, with shape: BatchConverter.Shape?) {
    shapes[entry] = shape
    setMap(entry, shape?.resolution?.map)
  }

  /// Gives an entry its map (a map it had before stays unused in `maps`).
  private mutating func setMap(_ entry: Int, _ map: LinearMap?) {
    guard let map else {
      mapIndices[entry] = -1
      return
    }
    mapIndices[entry] = Int32(maps.count)
    maps.append(map)
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: old.count * 2)
    for slot in old where slot.entry >= 0 {
      var index = Int(truncatingIfNeeded: slot.hash) & (slots.count - 1)
      while slots[index].entry >= 0 { index = (index + 1) & (slots.count - 1) }
      slots[index] = slot
    }
  }

  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
