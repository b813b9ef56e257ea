#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Shapes by the bytes of the line after its number: open addressing on FNV-1a hashes, keys kept
/// in one byte array.
struct ShapeCache {
  private struct Slot {
    var hash: UInt64 = 0
    var keyStart = 0
    var keyLength = 0
    /// Index in `shapes`, or -1 for an empty slot.
    var entry = -1
  }
  private var slots = [Slot](repeating: Slot(), count: 64)
  private var keys: [UInt8] = []
  /// The shape of each entry: nil when the first line had no reusable shape.
  private(set) var shapes: [BatchConverter.Shape?] = []
  /// The integer map of each entry, when it has one (terse output).
  private(set) var maps: [LinearMap?] = []
  /// Entries kept at most (keys are at most `longestCachedLine` bytes, so a few megabytes); beyond,
  /// lines take the exact path: memory stays bounded on any input.
  static let capacity = 1 << 12

  /// The entry for a rest of line, nil when it was never seen.
  func entry(for key: UnsafeBufferPointer<UInt8>) -> Int? {
    let hash = ShapeCache.hash(key)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    return keys.withUnsafeBufferPointer { stored in
      while slots[index].entry >= 0 {
        let slot = slots[index]
        if slot.hash == hash && slot.keyLength == key.count
          && (key.isEmpty || memcmp(stored.baseAddress! + slot.keyStart, key.baseAddress!, key.count) == 0) {
          return slot.entry
        }
        index = (index + 1) & mask
      }
      return nil
    }
  }

  mutating func insert(_ shape: BatchConverter.Shape?, for key: UnsafeBufferPointer<UInt8>) {
    guard shapes.count < ShapeCache.capacity else { return }
    if (shapes.count + 1) * 2 > slots.count { grow() }
    let hash = ShapeCache.hash(key)
    var index = Int(truncatingIfNeeded: hash) & (slots.count - 1)
    while slots[index].entry >= 0 { index = (index + 1) & (slots.count - 1) }
    slots[index] = Slot(hash: hash, keyStart: keys.count, keyLength: key.count, entry: shapes.count)
    keys.append(contentsOf: key)
    shapes.append(shape)
    maps.append(shape?.map)
  }

  /// Puts another shape in an entry's place (a shape made again from a later line).
  mutating func replace(_ entry: Int, with shape: BatchConverter.Shape?) {
    shapes[entry] = shape
    maps[entry] = shape?.map
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

