import ConvKit

/// The terse form of a number: the shortest decimal that reads back as the same `Double`.
///
/// ASCII only, `.` as decimal point, no grouping; plain for 10⁻⁴ ≤ |x| < 10¹⁵, otherwise with an
/// `e` exponent (`8e15`, `1.5e-9`).
///
/// The digits come from the standard library's shortest round-trip `description`; the text is put
/// together from its bytes, without `Character` processing, as batch conversion formats one number
/// per line.
package enum TerseNumber {
  /// The terse form of an exact value: that of the nearest `Double` (`format(_:)`), or, when no
  /// `Double` holds it (beyond 1.8 × 10³⁰⁸, or so small it would read as zero), the value itself in
  /// scientific form, exact when it has at most 17 significant digits, else rounded to 17
  /// (`1e-4000`, `3.3333333333333333e-4001`). Never `0` for a value that is not zero.
  package static func format(exact value: Rational) -> String {
    if isBinary64(value) { return format(value.doubleValue)! }
    let digits =
      value.terminatingDecimal.flatMap { $0.digits.utf8.count <= 17 ? $0 : nil }
      ?? value.rounded(significantDigits: 17)
    return scientific(digits)
  }

  /// Whether the nearest `Double` holds the value: finite, and not zero unless the value is (the
  /// terse form is then that `Double`'s, and a JSON reader reads it back as such).
  package static func isBinary64(_ value: Rational) -> Bool {
    let double = value.doubleValue
    return double.isFinite && (double != 0 || value.isZero)
  }

  /// `d.ddde±x` from decimal digits (trailing zeros dropped).
  static func scientific(_ digits: DecimalDigits) -> String {
    var significant = digits.digits
    while significant.count > 1 && significant.hasSuffix("0") { significant.removeLast() }
    let first = String(significant.prefix(1))
    let rest = String(significant.dropFirst())
    return (digits.isNegative ? "-" : "") + first + (rest.isEmpty ? "" : "." + rest) + "e"
      + String(digits.scientificExponent)
  }

  /// Formats a finite double; nil for NaN or infinity.
  package static func format(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    if value == 0 { return "0" }
    return withFormatted(value) { String(decoding: $0, as: UTF8.self) }
  }

  /// Appends the terse form of a finite double to `output`; false (nothing appended) for NaN or
  /// infinity. The bytes are those of `format(value)`.
  package static func append(_ value: Double, to output: inout [UInt8]) -> Bool {
    guard value.isFinite else { return false }
    if value == 0 {
      output.append(UInt8(ascii: "0"))
      return true
    }
    withFormatted(value) { output.append(contentsOf: $0) }
    return true
  }

  /// The shortest round-trip digits of a double, from the standard library's description.
  package static func shortestDigits(_ value: Double) -> DecimalDigits {
    withDigits(value) { digits, exponent in
      DecimalDigits(
        isNegative: value < 0, digits: String(decoding: digits, as: UTF8.self), exponent: exponent,
        isExact: true)
    }
  }

  /// Calls `body` with the significant digits of a nonzero finite double, without leading or
  /// trailing zeros, and the power of ten of the last one (as `DecimalDigits` normalizes them).
  private static func withDigits<Result>(
    _ value: Double, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Result
  ) -> Result {
    var text = value.magnitude.description  // e.g. "1609.344", "1e-09", "8e+15", "27.77777777777778"
    return text.withUTF8 { utf8 in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) { digits in
        var count = 0
        var fractionLength = 0
        var seenPoint = false
        var index = 0
        while index < utf8.count {
          let byte = utf8[index]
          if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
          if byte == UInt8(ascii: ".") {
            seenPoint = true
          } else {
            digits[count] = byte
            count += 1
            if seenPoint { fractionLength += 1 }
          }
          index += 1
        }
        var exponent = 0
        if index < utf8.count {
          index += 1
          var negative = false
          if index < utf8.count && (utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-")) {
            negative = utf8[index] == UInt8(ascii: "-")
            index += 1
          }
          while index < utf8.count {
            exponent = exponent * 10 + Int(utf8[index] &- 48)
            index += 1
          }
          if negative { exponent = -exponent }
        }
        exponent -= fractionLength
        var first = 0
        while first < count && digits[first] == UInt8(ascii: "0") { first += 1 }
        var end = count
        while end > first && digits[end - 1] == UInt8(ascii: "0") {
          end -= 1
          exponent += 1
        }
        return body(UnsafeBufferPointer(rebasing: digits[first..<end]), exponent)
      }
    }
  }

  /// Calls `body` with the terse bytes of a nonzero finite double.
  private static func withFormatted<Result>(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withDigits(value) { digits, exponent in
      // Sign, at most 17 digits, and either a point and up to 4 zeros, up to 14 zeros, or an exponent.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: digits.count + 24) { out in
        var count = 0
        func put(_ byte: UInt8) {
          out[count] = byte
          count += 1
        }
        func put(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) {
          for byte in bytes { put(byte) }
        }
        if value < 0 { put(UInt8(ascii: "-")) }
        let leading = exponent + digits.count - 1
        if leading >= -4 && leading < 15 {
          if exponent >= 0 {
            put(digits[...])
            for _ in 0..<exponent { put(UInt8(ascii: "0")) }
          } else {
            let fractionLength = -exponent
            if digits.count > fractionLength {
              let split = digits.count - fractionLength
              put(digits[..<split])
              put(UInt8(ascii: "."))
              put(digits[split...])
            } else {
              put(UInt8(ascii: "0"))
              put(UInt8(ascii: "."))
              for _ in 0..<(fractionLength - digits.count) { put(UInt8(ascii: "0")) }
              put(digits[...])
            }
          }
        } else {
          put(digits[0])
          if digits.count > 1 {
            put(UInt8(ascii: "."))
            put(digits[1...])
          }
          put(UInt8(ascii: "e"))
          var magnitude = leading.magnitude
          if leading < 0 { put(UInt8(ascii: "-")) }
          var reversed: [UInt8] = []
          repeat {
            reversed.append(UInt8(48 + magnitude % 10))
            magnitude /= 10
          } while magnitude > 0
          for byte in reversed.reversed() { put(byte) }
        }
        return body(UnsafeBufferPointer(rebasing: out[..<count]))
      }
    }
  }
}
