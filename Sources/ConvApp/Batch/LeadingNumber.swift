import ConvKit

/// A plain decimal at the start of a line, followed by a space: `-12.5 `, `.5 `, `7. `.
struct LeadingDecimal {
  var isNegative: Bool
  /// The digits as an integer (the decimal point removed).
  var mantissa: UInt64
  /// How many digits follow the decimal point.
  var fractionDigits: Int
  /// Bytes of the number, sign included (not the space after it).
  var length: Int

  static let powersOfTen: [Int64] = (0...18).map { (0..<$0).reduce(Int64(1)) { value, _ in value * 10 } }

  /// Reads the number; nil unless the line starts with one (at most 18 digits) and a space.
  init?(_ line: UnsafeBufferPointer<UInt8>) {
    var index = 0
    isNegative = false
    if index < line.count && line[index] == UInt8(ascii: "-") {
      isNegative = true
      index += 1
    }
    var digits = 0
    var mantissa: UInt64 = 0
    var fractionDigits = 0
    var seenPoint = false
    while index < line.count {
      let byte = line[index]
      if byte >= 48 && byte <= 57 {
        digits += 1
        guard digits <= 18 else { return nil }
        mantissa = mantissa * 10 + UInt64(byte - 48)
        if seenPoint { fractionDigits += 1 }
      } else if byte == UInt8(ascii: ".") && !seenPoint {
        seenPoint = true
      } else {
        break
      }
      index += 1
    }
    guard digits > 0, index < line.count, line[index] == UInt8(ascii: " ") else { return nil }
    self.mantissa = mantissa
    self.fractionDigits = fractionDigits
    self.length = index
  }

  /// The number as written.
  func text(in line: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: line[..<length]), as: UTF8.self)
  }

  /// The exact value.
  var rational: Rational {
    let value = Rational(BigInteger(UInt64(mantissa)), BigInteger(UInt64(LeadingDecimal.powersOfTen[fractionDigits])))
    return isNegative ? -value : value
  }
}

/// A number as a fraction of 64-bit integers, with its sign: what the integer map computes with.
struct SmallFraction: Equatable {
  var isNegative: Bool
  var numerator: UInt64
  /// Never zero.
  var denominator: UInt64

  /// The exact value.
  var rational: Rational {
    let value = Rational(BigInteger(numerator), BigInteger(denominator))
    return isNegative ? -value : value
  }
}

extension LeadingDecimal {
  /// The decimal as a fraction over a power of ten.
  var fraction: SmallFraction {
    SmallFraction(
      isNegative: isNegative, numerator: mantissa,
      denominator: UInt64(LeadingDecimal.powersOfTen[fractionDigits]))
  }
}

/// The number at the start of a batch line, followed by a space: a plain decimal (`-12.5`), a
/// fraction of integers (`983/148`), or another run of digits, points, exponent letters, signs and
/// slashes (`6548.2e300`, 300 digits), which only the lexer reads.
struct LeadingNumber {
  /// Bytes of the number, sign included (not the space after it).
  var length: Int
  /// The number, when it is a plain decimal of at most 18 digits.
  var decimal: LeadingDecimal?
  /// The exact value, when it is a plain decimal or a fraction of integers of at most 18 digits each.
  var fraction: SmallFraction?
  /// Whether the number has a point (where the comma is the decimal mark, the lexer may read it
  /// as grouping).
  var hasPoint: Bool

  /// Reads the number; nil unless the line starts with one and a space.
  init?(_ line: UnsafeBufferPointer<UInt8>) {
    var index = 0
    if index < line.count && line[index] == UInt8(ascii: "-") { index += 1 }
    let start = index
    guard index < line.count, LeadingNumber.isDigit(line[index]) || line[index] == UInt8(ascii: ".") else { return nil }
    var slash: Int? = nil
    var plain = true
    hasPoint = false
    // A long number's leading run of digits at once (its hundreds): nothing below depends on them.
    if start + 16 < line.count, line[start + 16] &- 0x30 < 10, let base = line.baseAddress {
      let run = ByteScan.endOfDigits(in: base, from: start, to: line.count)
      if run - start > 16 { index = run }
    }
    while index < line.count, line[index] != UInt8(ascii: " ") {
      switch line[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): break
      case UInt8(ascii: "."): hasPoint = true
      case UInt8(ascii: "/"):
        plain = false
        slash = slash == nil ? index : -1
      case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): plain = false
      default: return nil
      }
      index += 1
    }
    guard index < line.count else { return nil }
    length = index
    decimal = plain ? LeadingDecimal(line) : nil
    if let decimal {
      guard decimal.length == index else { return nil }
      fraction = decimal.fraction
    } else if let slash, slash > start, !hasPoint, let numerator = LeadingNumber.integer(line, start..<slash),
      let denominator = LeadingNumber.integer(line, (slash + 1)..<index), denominator != 0
    {
      fraction = SmallFraction(isNegative: start > 0, numerator: numerator, denominator: denominator)
    } else {
      fraction = nil
    }
  }

  /// The number as written.
  func text(in line: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: line[..<length]), as: UTF8.self)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// Digits only, at least one and at most 18.
  private static func integer(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
    guard !range.isEmpty, range.count <= 18 else { return nil }
    var value: UInt64 = 0
    for index in range {
      guard isDigit(line[index]) else { return nil }
      value = value * 10 + UInt64(line[index] - 48)
    }
    return value
  }
}
