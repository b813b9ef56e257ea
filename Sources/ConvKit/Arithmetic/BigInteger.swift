/// An arbitrary-precision signed integer, just large enough for exact unit arithmetic.
///
/// Sign and magnitude, with the magnitude in 32-bit limbs, least significant first and without
/// leading zero limbs. Values that fit in 64 bits stay small, so most conversions never allocate
/// more than a few limbs.
package struct BigInteger: Sendable, Hashable {
  /// Magnitude limbs, least significant first; empty for zero.
  @usableFromInline var limbs: [UInt32]
  /// Whether the value is below zero (never set for zero).
  @usableFromInline var isNegative: Bool

  @usableFromInline init(limbs: [UInt32], isNegative: Bool) {
    var limbs = limbs
    while limbs.last == 0 { limbs.removeLast() }
    self.limbs = limbs
    self.isNegative = limbs.isEmpty ? false : isNegative
  }

  /// Creates an integer from a machine integer.
  package init(_ value: Int) {
    let magnitude = value.magnitude
    self.init(
      limbs: [UInt32(truncatingIfNeeded: magnitude), UInt32(truncatingIfNeeded: magnitude >> 32)],
      isNegative: value < 0)
  }

  /// The magnitude when it fits in 64 bits; nil otherwise.
  @inline(__always)
  var smallMagnitude: UInt64? {
    switch limbs.count {
    case 0: 0
    case 1: UInt64(limbs[0])
    case 2: UInt64(limbs[0]) | UInt64(limbs[1]) << 32
    default: nil
    }
  }

  /// The integer of a 64-bit magnitude and a sign (ignored for zero).
  init(magnitude: UInt64, isNegative: Bool) {
    self.init(
      limbs: [UInt32(truncatingIfNeeded: magnitude), UInt32(truncatingIfNeeded: magnitude >> 32)],
      isNegative: isNegative)
  }

  /// Creates an integer from an unsigned machine integer.
  package init(_ value: UInt64) {
    self.init(magnitude: value, isNegative: false)
  }

  /// Parses a string of ASCII decimal digits (no sign); nil if it contains anything else.
  package init?<S: StringProtocol>(decimalDigits text: S) {
    guard !text.isEmpty else { return nil }
    var result = BigInteger.zero
    var chunk: UInt32 = 0
    var chunkScale: UInt32 = 1
    for byte in text.utf8 {
      guard byte >= 48, byte <= 57 else { return nil }
      chunk = chunk * 10 + UInt32(byte - 48)
      chunkScale *= 10
      if chunkScale == 1_000_000_000 {
        result.multiplyAdd(chunkScale, chunk)
        chunk = 0
        chunkScale = 1
      }
    }
    if chunkScale > 1 { result.multiplyAdd(chunkScale, chunk) }
    self = result
  }

  /// The magnitude shifted right by `bits`, when at most 128 bits are left; nil otherwise.
  package func magnitudeShiftedRight(by bits: Int) -> UInt128? {
    guard bits >= 0, bitWidth - bits <= 128 else { return nil }
    let limbShift = bits / 32
    let bitShift = bits % 32
    var result: UInt128 = 0
    var index = limbShift
    while index < limbs.count {
      let offset = 32 * (index - limbShift) - bitShift
      result |= offset >= 0 ? UInt128(limbs[index]) &<< UInt128(offset) : UInt128(limbs[index] >> UInt32(-offset))
      index += 1
    }
    return result
  }

  /// Whether any of the lowest `bits` bits of the magnitude is set.
  package func hasBitsSet(below bits: Int) -> Bool {
    let limbShift = min(bits / 32, limbs.count)
    if limbs[..<limbShift].contains(where: { $0 != 0 }) { return true }
    let bitShift = bits % 32
    return limbShift < limbs.count && bitShift > 0 && limbs[limbShift] & ((1 << UInt32(bitShift)) - 1) != 0
  }

  /// Zero.
  package static let zero = BigInteger(limbs: [], isNegative: false)
  /// One.
  package static let one = BigInteger(limbs: [1], isNegative: false)

  /// Whether the value is zero.
  @inlinable package var isZero: Bool { limbs.isEmpty }

  /// −1, 0 or 1.
  package var signum: Int { isZero ? 0 : (isNegative ? -1 : 1) }

  /// The absolute value.
  package var magnitude: BigInteger { BigInteger(limbs: limbs, isNegative: false) }

  /// The number of bits of the magnitude: 0 for zero, 1 for one, 10 for 1000.
  package var bitWidth: Int {
    guard let top = limbs.last else { return 0 }
    return limbs.count * 32 - top.leadingZeroBitCount
  }

  /// The value as an `Int`, if it fits.
  package var intValue: Int? {
    guard limbs.count <= 2 else { return nil }
    var magnitude: UInt64 = 0
    for (index, limb) in limbs.enumerated() { magnitude |= UInt64(limb) << (32 * index) }
    if isNegative {
      return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
    }
    return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
  }

  /// The magnitude as a `UInt64`, if it fits.
  package var magnitudeUInt64: UInt64? {
    guard limbs.count <= 2 else { return nil }
    var magnitude: UInt64 = 0
    for (index, limb) in limbs.enumerated() { magnitude |= UInt64(limb) << (32 * index) }
    return magnitude
  }

  /// Multiplies the magnitude by a small factor and adds a small value, in place.
  mutating func multiplyAdd(_ factor: UInt32, _ addend: UInt32) {
    var carry = UInt64(addend)
    for index in limbs.indices {
      let product = UInt64(limbs[index]) * UInt64(factor) + carry
      limbs[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry != 0 { limbs.append(UInt32(carry)) }
  }
}

// MARK: - Magnitude helpers

extension BigInteger {
  static func compareMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> Int {
    if a.count != b.count { return a.count < b.count ? -1 : 1 }
    var index = a.count - 1
    while index >= 0 {
      if a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
      index -= 1
    }
    return 0
  }

  static func addMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    let (long, short) = a.count >= b.count ? (a, b) : (b, a)
    var result = [UInt32]()
    result.reserveCapacity(long.count + 1)
    var carry: UInt64 = 0
    for index in long.indices {
      let sum = UInt64(long[index]) + (index < short.count ? UInt64(short[index]) : 0) + carry
      result.append(UInt32(truncatingIfNeeded: sum))
      carry = sum >> 32
    }
    if carry != 0 { result.append(UInt32(carry)) }
    return result
  }

  /// `a - b` for magnitudes with `a >= b`.
  static func subtractMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    var result = [UInt32]()
    result.reserveCapacity(a.count)
    var borrow: Int64 = 0
    for index in a.indices {
      var difference = Int64(a[index]) - (index < b.count ? Int64(b[index]) : 0) - borrow
      if difference < 0 {
        difference += 1 << 32
        borrow = 1
      } else {
        borrow = 0
      }
      result.append(UInt32(truncatingIfNeeded: difference))
    }
    return result
  }

  /// `count` zero limbs. (Not `Array(repeating:count:)`, which allocates through the standard
  /// library's unspecialized allocator: it looks up the storage class's metadata on every call,
  /// about 400 instructions, some 30 times for a line such as `7 km*mg*ns^2 to m*g*s^2`.)
  @inline(__always)
  static func zeroLimbs(_ count: Int) -> [UInt32] { Array(repeatElement(0, count: count)) }

  static func multiplyMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    if a.isEmpty || b.isEmpty { return [] }
    var result = zeroLimbs(a.count + b.count)
    for i in a.indices {
      var carry: UInt64 = 0
      let ai = UInt64(a[i])
      if ai == 0 { continue }
      for j in b.indices {
        let t = ai * UInt64(b[j]) + UInt64(result[i + j]) + carry
        result[i + j] = UInt32(truncatingIfNeeded: t)
        carry = t >> 32
      }
      result[i + b.count] = UInt32(carry)
    }
    return result
  }

  /// Divides magnitudes (Knuth, TAOCP vol. 2, 4.3.1, algorithm D). `b` must not be empty.
  static func divideMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> (quotient: [UInt32], remainder: [UInt32]) {
    precondition(!b.isEmpty, "division by zero")
    if compareMagnitudes(a, b) < 0 { return ([], a) }
    if b.count == 1 {
      let divisor = UInt64(b[0])
      var quotient = zeroLimbs(a.count)
      var remainder: UInt64 = 0
      var index = a.count - 1
      while index >= 0 {
        let current = (remainder << 32) | UInt64(a[index])
        quotient[index] = UInt32(current / divisor)
        remainder = current % divisor
        index -= 1
      }
      return (quotient, remainder == 0 ? [] : [UInt32(remainder)])
    }
    // Normalize so the divisor's top limb has its high bit set.
    let shift = b.last!.leadingZeroBitCount
    let v = shiftLeftMagnitude(b, by: shift)
    var u = shiftLeftMagnitude(a, by: shift)
    if u.count == a.count { u.append(0) }
    let n = v.count
    let m = u.count - n
    var quotient = zeroLimbs(m)
    let vTop = UInt64(v[n - 1])
    let vNext = UInt64(v[n - 2])
    var j = m - 1
    while j >= 0 {
      let numerator = (UInt64(u[j + n]) << 32) | UInt64(u[j + n - 1])
      var qhat = numerator / vTop
      var rhat = numerator % vTop
      while qhat > 0xFFFF_FFFF || qhat * vNext > ((rhat << 32) | UInt64(u[j + n - 2])) {
        qhat -= 1
        rhat += vTop
        if rhat > 0xFFFF_FFFF { break }
      }
      // Multiply and subtract.
      var borrow: Int64 = 0
      var carry: UInt64 = 0
      for i in 0..<n {
        let product = qhat * UInt64(v[i]) + carry
        carry = product >> 32
        let difference = Int64(u[i + j]) - Int64(product & 0xFFFF_FFFF) - borrow
        u[i + j] = UInt32(truncatingIfNeeded: difference)
        borrow = difference < 0 ? 1 : 0
      }
      let top = Int64(u[j + n]) - Int64(carry) - borrow
      u[j + n] = UInt32(truncatingIfNeeded: top)
      if top < 0 {
        // Add back.
        qhat -= 1
        var addCarry: UInt64 = 0
        for i in 0..<n {
          let sum = UInt64(u[i + j]) + UInt64(v[i]) + addCarry
          u[i + j] = UInt32(truncatingIfNeeded: sum)
          addCarry = sum >> 32
        }
        u[j + n] = UInt32(truncatingIfNeeded: UInt64(u[j + n]) + addCarry)
      }
      quotient[j] = UInt32(qhat)
      j -= 1
    }
    var remainder = Array(u[0..<n])
    remainder = shiftRightMagnitude(remainder, by: shift)
    while quotient.last == 0 { quotient.removeLast() }
    while remainder.last == 0 { remainder.removeLast() }
    return (quotient, remainder)
  }

  static func shiftLeftMagnitude(_ a: [UInt32], by bits: Int) -> [UInt32] {
    if a.isEmpty { return a }
    let limbShift = bits / 32
    let bitShift = bits % 32
    var result = zeroLimbs(limbShift)
    result.reserveCapacity(limbShift + a.count + 1)
    if bitShift == 0 {
      result.append(contentsOf: a)
      return result
    }
    var carry: UInt32 = 0
    for limb in a {
      result.append((limb << bitShift) | carry)
      carry = limb >> (32 - bitShift)
    }
    if carry != 0 { result.append(carry) }
    return result
  }

  static func shiftRightMagnitude(_ a: [UInt32], by bits: Int) -> [UInt32] {
    let limbShift = bits / 32
    let bitShift = bits % 32
    if limbShift >= a.count { return [] }
    var result = Array(a[limbShift...])
    if bitShift != 0 {
      for index in result.indices {
        let high = index + 1 < result.count ? result[index + 1] << (32 - bitShift) : 0
        result[index] = (result[index] >> bitShift) | high
      }
    }
    while result.last == 0 { result.removeLast() }
    return result
  }
}

// MARK: - Arithmetic

extension BigInteger: Comparable {
  /// Whether `lhs` is less than `rhs` (signed comparison).
  package static func < (lhs: BigInteger, rhs: BigInteger) -> Bool {
    if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
    let order = compareMagnitudes(lhs.limbs, rhs.limbs)
    return lhs.isNegative ? order > 0 : order < 0
  }

  /// The value with its sign flipped.
  package static prefix func - (value: BigInteger) -> BigInteger {
    BigInteger(limbs: value.limbs, isNegative: !value.isNegative)
  }

  /// The exact sum.
  package static func + (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
    if lhs.isNegative == rhs.isNegative {
      return BigInteger(limbs: addMagnitudes(lhs.limbs, rhs.limbs), isNegative: lhs.isNegative)
    }
    let order = compareMagnitudes(lhs.limbs, rhs.limbs)
    if order == 0 { return .zero }
    if order > 0 {
      return BigInteger(limbs: subtractMagnitudes(lhs.limbs, rhs.limbs), isNegative: lhs.isNegative)
    }
    return BigInteger(limbs: subtractMagnitudes(rhs.limbs, lhs.limbs), isNegative: rhs.isNegative)
  }

  /// The exact difference.
  package static func - (lhs: BigInteger, rhs: BigInteger) -> BigInteger { lhs + (-rhs) }

  /// The exact product.
  package static func * (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
    BigInteger(limbs: multiplyMagnitudes(lhs.limbs, rhs.limbs), isNegative: lhs.isNegative != rhs.isNegative)
  }

  /// Truncating division: the quotient rounds toward zero, the remainder has the dividend's sign.
  package func quotientAndRemainder(dividingBy divisor: BigInteger) -> (quotient: BigInteger, remainder: BigInteger) {
    let (q, r) = BigInteger.divideMagnitudes(limbs, divisor.limbs)
    return (
      BigInteger(limbs: q, isNegative: isNegative != divisor.isNegative),
      BigInteger(limbs: r, isNegative: isNegative)
    )
  }

  /// Shifts the magnitude left by `bits`, keeping the sign.
  package func shiftedLeft(by bits: Int) -> BigInteger {
    BigInteger(limbs: BigInteger.shiftLeftMagnitude(limbs, by: bits), isNegative: isNegative)
  }

  /// The greatest common divisor of the magnitudes (non-negative).
  ///
  /// Lehmer's algorithm (Knuth, TAOCP vol. 2, 4.5.2, algorithm L): Euclid's steps are simulated
  /// on the leading 64 bits of both numbers, and only their combined effect is applied to the
  /// full numbers, so a gcd of two numbers of thousands of digits takes a few hundred passes over
  /// their limbs rather than one long division per step (Euclid's 9,000 divisions took 40 ms
  /// for two 15,000-bit numbers).
  package static func gcd(_ a: BigInteger, _ b: BigInteger) -> BigInteger {
    var x = a.limbs
    var y = b.limbs
    if compareMagnitudes(x, y) < 0 { swap(&x, &y) }
    while !y.isEmpty {
      if x.count <= 2 {
        var p = toUInt64(x)
        var q = toUInt64(y)
        while q != 0 { (p, q) = (q, p % q) }
        return BigInteger(p)
      }
      guard x.count - y.count <= 1, let (a, b, c, d) = lehmerCofactors(x, y) else {
        // A quotient too large to simulate: one division.
        let r = divideMagnitudes(x, y).remainder
        x = y
        y = r
        continue
      }
      (x, y) = combine(x, y, a, b, c, d)
    }
    return BigInteger(limbs: x, isNegative: false)
  }

  /// The cofactors of the Euclid steps that the leading 64 bits of `x >= y` determine (Knuth's
  /// algorithm L, steps L1–L3), kept below 2³¹ in magnitude; nil when not even the first quotient
  /// is certain.
  private static func lehmerCofactors(_ x: [UInt32], _ y: [UInt32]) -> (Int64, Int64, Int64, Int64)? {
    let shift = x.count * 32 - x.last!.leadingZeroBitCount - 64
    var u = Int128(leadingBits(x, from: shift))
    var v = Int128(leadingBits(y, from: shift))
    var (a, b, c, d): (Int128, Int128, Int128, Int128) = (1, 0, 0, 1)
    let limit: Int128 = 1 << 31
    while v + c != 0 && v + d != 0 {
      let q = (u + a) / (v + c)
      guard q == (u + b) / (v + d) else { break }
      let (nextC, nextD) = (a - q * c, b - q * d)
      guard nextC.magnitude < limit.magnitude, nextD.magnitude < limit.magnitude else { break }
      (a, c) = (c, nextC)
      (b, d) = (d, nextD)
      (u, v) = (v, u - q * v)
    }
    return b == 0 ? nil : (Int64(a), Int64(b), Int64(c), Int64(d))
  }

  /// The 64 bits of a magnitude from bit `shift` up (`shift` >= 0).
  private static func leadingBits(_ limbs: [UInt32], from shift: Int) -> UInt64 {
    let first = shift / 32
    let offset = shift % 32
    var window: UInt128 = 0
    for index in stride(from: min(first + 2, limbs.count - 1), through: first, by: -1) {
      window = (window << 32) | UInt128(limbs[index])
    }
    return UInt64(truncatingIfNeeded: window >> offset)
  }

  /// `(a·x + b·y, c·x + d·y)` for cofactors from `lehmerCofactors` (below 2³¹ in magnitude, so
  /// each product fits in 63 bits), in one pass; both results are never negative.
  private static func combine(_ x: [UInt32], _ y: [UInt32], _ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64)
    -> ([UInt32], [UInt32])
  {
    var first = zeroLimbs(x.count + 1)
    var second = zeroLimbs(x.count + 1)
    var carryFirst: Int128 = 0
    var carrySecond: Int128 = 0
    for index in x.indices {
      let xLimb = Int64(x[index])
      let yLimb: Int64 = index < y.count ? Int64(y[index]) : 0
      let t = Int128(a * xLimb) + Int128(b * yLimb) + carryFirst
      let w = Int128(c * xLimb) + Int128(d * yLimb) + carrySecond
      first[index] = UInt32(truncatingIfNeeded: t)
      second[index] = UInt32(truncatingIfNeeded: w)
      carryFirst = t >> 32
      carrySecond = w >> 32
    }
    first[x.count] = UInt32(truncatingIfNeeded: carryFirst)
    second[x.count] = UInt32(truncatingIfNeeded: carrySecond)
    while first.last == 0 { first.removeLast() }
    while second.last == 0 { second.removeLast() }
    return (first, second)
  }

  private static func toUInt64(_ limbs: [UInt32]) -> UInt64 {
    var value: UInt64 = 0
    for (index, limb) in limbs.enumerated() { value |= UInt64(limb) << (32 * index) }
    return value
  }

  /// `self` raised to a non-negative power.
  package func power(_ exponent: Int) -> BigInteger {
    precondition(exponent >= 0)
    var result = BigInteger.one
    var base = self
    var remaining = exponent
    while remaining > 0 {
      if remaining & 1 == 1 { result = result * base }
      remaining >>= 1
      if remaining > 0 { base = base * base }
    }
    return result
  }

  /// Ten to a non-negative power.
  package static func tenToThe(_ exponent: Int) -> BigInteger {
    if exponent < 19 {
      var value: UInt64 = 1
      for _ in 0..<exponent { value *= 10 }
      return BigInteger(value)
    }
    // (Up to 10³⁶, one product of two machine words: the prefixes of 10¹⁹ to 10³⁰ are made at
    // every start.)
    if exponent < 37 { return tenToThe(exponent - 18) * tenToThe(18) }
    return BigInteger(10).power(exponent)
  }
}

extension BigInteger: CustomStringConvertible {
  /// The value in decimal, with a leading `-` when negative.
  package var description: String {
    if isZero { return "0" }
    var chunks: [UInt32] = []
    var rest = limbs
    while !rest.isEmpty {
      var remainder: UInt64 = 0
      var index = rest.count - 1
      while index >= 0 {
        let current = (remainder << 32) | UInt64(rest[index])
        rest[index] = UInt32(current / 1_000_000_000)
        remainder = current % 1_000_000_000
        index -= 1
      }
      while rest.last == 0 { rest.removeLast() }
      chunks.append(UInt32(remainder))
    }
    var text = isNegative ? "-" : ""
    text += String(chunks.last!)
    for chunk in chunks.dropLast().reversed() {
      let digits = String(chunk)
      text += String(repeating: "0", count: 9 - digits.count) + digits
    }
    return text
  }
}
