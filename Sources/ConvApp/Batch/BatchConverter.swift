import ConvKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Converts batch input line by line, with a cache in front of the exact path.
///
/// Every line gives exactly what `Converter.convert(converter.request(line:))` gives for it
/// (the tests compare both on many random lines). Batch input repeats itself: the same units with
/// different numbers. So a line of the form `NUMBER REST` (a plain decimal, a space, then anything)
/// is looked up by `REST`; the first line with a given `REST` takes the exact path, and what it
/// resolved is kept for the next ones:
/// - always the request split (quantity and target text), which does not depend on the number;
/// - in terse mode, for a linear, affine or reciprocal conversion with exact rational factors, the
///   map `value = a·x + b` (or `c / x`). When a decimal `x` and the factors fit in 64-bit
///   integers, the result is one correctly rounded `Double` division of two integers of at most
///   2⁵³, which is exactly the `Double` the exact path rounds its exact result to; the text then
///   comes from the same `TerseNumber.format`.
/// Anything else (other modes, numbers too long, negative temperatures, zero in a reciprocal, a line
/// the cache cannot vouch for) goes through the exact path.
package final class BatchConverter {
  /// The converter of the exact path.
  package let converter: Converter
  private var shapes = ShapeCache()

  /// The outcome of one input line.
  package enum Outcome {
    /// A blank line or a `#` comment: no output.
    case skipped
    /// The output lines were appended to the buffer.
    case converted
    /// The line failed with this message; nothing was appended.
    case failed(String)
  }

  /// Whether the converter reads the comma as the decimal mark (kept apart: read on every line).
  private let usesDecimalComma: Bool

  /// Creates a batch converter.
  package init(converter: Converter) {
    self.converter = converter
    usesDecimalComma = converter.conventions.usesDecimalComma
  }

  /// Notes on how ambiguous spellings were read, each given once per batch.
  private var seenNotes: Set<String> = []
  private var newNotes: [String] = []

  /// The notes (`note: pt read as point`) that lines converted since the last call gave for the
  /// first time; standard error material in human output.
  package func takeNotes() -> [String] {
    defer { newNotes.removeAll() }
    return newNotes
  }

  /// How many shapes have an integer map (for tests).
  var cachedMapCount: Int { shapes.maps.count { $0 != nil } }
  /// How many lines the integer map converted (for tests).
  private(set) var integerLineCount = 0

  /// Lines longer than this (in bytes) always take the exact path: far below the length limits of
  /// the request splitter and the lexer, so that no limit can depend on the number's length.
  static let longestCachedLine = 1024

  /// Converts one line (without its line break) and appends the output lines, each ending in
  /// `\n`, to `output`.
  package func convert(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Outcome {
    if line.count <= BatchConverter.longestCachedLine, let number = LeadingDecimal(line), isTrimmed(line),
       !(usesDecimalComma && number.fractionDigits == 3) {
      // (Where the decimal mark is the comma, `1.500` may be a grouped number: the exact path reads it.)
      let rest = UnsafeBufferPointer(rebasing: line[number.length...])
      let entry = shapes.entry(for: rest)
      if let entry, let map = shapes.maps[entry], integerLine(number, map: map, shape: shapes.shapes[entry], into: &output) {
        output.append(10)
        integerLineCount += 1
        return .converted
      }
      let text = String(decoding: line, as: UTF8.self)
      guard let entry else {
        let request = converter.request(line: text)
        shapes.insert(makeShape(request, number: number, numberText: number.text(in: line)), for: rest)
        return exact(request, into: &output)
      }
      if let shape = shapes.shapes[entry] {
        return exact(shape.request(numberText: number.text(in: line), line: text), into: &output)
      }
      return exact(converter.request(line: text), into: &output)
    }
    let trimmed = String(decoding: line, as: UTF8.self).trimmingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return .skipped }
    return exact(converter.request(line: trimmed), into: &output)
  }

  /// Appends a line converted by the integer map (without its line break); false when the map
  /// cannot vouch for this number, and nothing was appended.
  private func integerLine(_ number: LeadingDecimal, map: LinearMap, shape: Shape?,
                           into output: inout [UInt8]) -> Bool {
    switch converter.options.mode {
    case .terse:
      guard let value = map.value(number) else { return false }
      return TerseNumber.append(value, to: &output)
    case .human:
      guard let labels = shape?.labels else { return false }
      return HumanBatchLine.append(number, map: map, labels: labels, presenter: converter.presenter, to: &output)
    case .json:
      return false
    }
  }

  /// The exact path for one request of a batch line.
  private func exact(_ request: ConversionRequest, into output: inout [UInt8]) -> Outcome {
    if let message = BatchConverter.loneNumber(request, catalog: converter.catalog, conventions: converter.conventions) {
      return .failed(message)
    }
    switch converter.convert(request) {
    case .success(let result):
      for note in result.notes where seenNotes.insert(note).inserted { newNotes.append(note) }
      for line in result.lines {
        output.append(contentsOf: line.utf8)
        output.append(10)
      }
      return .converted
    case .failure(let failure):
      return .failed(failure.message)
    }
  }

  /// The error for a number without a unit and without a target (`5`, `1e999`): there is no
  /// category to show, and a column of ratios would only puzzle. Nil for any other request.
  package static func loneNumber(_ request: ConversionRequest, catalog: Catalog,
                                conventions: NumberConventions = .standard) -> String? {
    guard request.targets.isEmpty, let quantity = try? catalog.parseQuantity(request.quantity, conventions: conventions),
          quantity.term.unitCount == 0 else { return nil }
    return "'\(ConvError.printable(quantity.text))' is a number without a unit: give a quantity such as '5 mi' and a target unit such as 'km'"
  }

  /// Converts one line of text: the output lines, nil for a blank or comment line, or the failure's
  /// message.
  package func convert(line: String) -> Result<[String], BatchFailure>? {
    var line = line
    var output: [UInt8] = []
    let outcome = line.withUTF8 { convert($0, into: &output) }
    switch outcome {
    case .skipped: return nil
    case .failed(let message): return .failure(BatchFailure(message: message))
    case .converted:
      var lines = output.split(separator: 10, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      lines.removeLast()
      return .success(lines)
    }
  }

  /// Whether trimming white space would leave the line unchanged: it starts with the number and
  /// ends in a character that is neither white space nor a combining mark.
  private func isTrimmed(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let last = line.last else { return false }
    if last < 0x80 { return last > 0x20 && last < 0x7F }
    // The last scalar: back up over continuation bytes.
    var start = line.count - 1
    while start > 0 && line[start] & 0xC0 == 0x80 { start -= 1 }
    var decoder = UTF8()
    var iterator = line[start...].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
    guard !scalar.properties.isWhitespace else { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  // MARK: Shapes

  /// What the first line with a given rest resolved.
  struct Shape {
    /// The quantity text after the number (`" mi"` in `5 mi to km`).
    var quantityRest: String
    var targets: [String]
    /// Where the target starts, in characters after the number.
    var targetOffsetAfterNumber: Int
    var map: LinearMap?
    /// The source and target unit labels of human output, when the integer map writes it.
    var labels: HumanBatchLine.Labels?

    /// The request for a line with another number: the same split.
    func request(numberText: String, line: String) -> ConversionRequest {
      ConversionRequest(quantity: numberText + quantityRest, targets: targets, source: line, quantityOffset: 0,
                        targetOffset: numberText.count + targetOffsetAfterNumber)
    }
  }

  /// Resolves what can be reused from the first line of a shape. The request split does not depend
  /// on the number: its tokens are the same whatever the digits (a number followed by a space), and
  /// the line is far below every length limit.
  private func makeShape(_ request: ConversionRequest, number: LeadingDecimal, numberText: String) -> Shape? {
    guard request.quantity.hasPrefix(numberText), request.quantityOffset == 0,
          request.targetOffset >= numberText.count else { return nil }
    let quantityRest = String(request.quantity.dropFirst(numberText.count))
    guard quantityRest.first == " " else { return nil }
    var shape = Shape(quantityRest: quantityRest, targets: request.targets,
                      targetOffsetAfterNumber: request.targetOffset - numberText.count, map: nil)
    switch converter.options.mode {
    case .terse:
      shape.map = linearMap(request, number: number)?.map
    case .human where converter.presenter.writesPlainQuantities && !converter.options.verbose:
      if let (map, labels) = linearMap(request, number: number) {
        shape.map = map
        shape.labels = labels
      }
    case .human, .json:
      break
    }
    return shape
  }

  /// The conversion as exact small integers, when the line is `NUMBER UNIT` into one unit by a map
  /// the exact path computes as `a·x + b` or `c / x` with rational `a`, `b`, `c`; with the unit
  /// labels of human output.
  private func linearMap(_ request: ConversionRequest, number: LeadingDecimal)
    -> (map: LinearMap, labels: HumanBatchLine.Labels)? {
    let catalog = converter.catalog
    guard request.targets.count == 1,
          // A trial reading: a line that fails is reported by the exact path, suggestions included.
          let reading = try? catalog.read(request, conventions: converter.conventions, suggesting: false),
          let source = reading.quantity.unit, let value = reading.quantity.number, value == number.rational,
          let target = reading.targets.first,
          let conversion = try? Conversion(from: source, to: target, catalog: catalog),
          // An undeclared reciprocal is refused or marked by the exact path, line by line.
          conversion.kind != .reciprocal || catalog.isDeclaredReciprocal(from: source, to: target),
          let map = linearMap(conversion, source: source, isExact: conversion.isExact && reading.quantity.isExact)
    else { return nil }
    // Human output writes money in the locale's currency format, line by line on the exact path.
    if converter.options.mode == .human,
       Converter.involvesCurrency(source.dimension) || Converter.involvesCurrency(target.dimension) { return nil }
    let presenter = converter.presenter
    return (map, HumanBatchLine.Labels(source: presenter.plainLabel(source), target: presenter.plainLabel(target)))
  }

  private func linearMap(_ conversion: Conversion, source: UnitExpression, isExact: Bool) -> LinearMap? {
    switch conversion.kind {
    case .linear, .cycles, .affine:
      // a·x + b: b = f(0), a = f(1) − f(0) (f is exactly that for these kinds). Temperatures only
      // from zero up, and only on scales whose zero is at or above absolute zero: below absolute
      // zero is an error of the exact path.
      if let unit = source.absoluteUnit, unit.unit.offset.isNegative || unit.factor.rational.isNegative
        || !unit.factor.isRational { return nil }
      guard let zero = try? conversion.convert(.zero), let one = try? conversion.convert(.one),
            zero.isRational, one.isRational else { return nil }
      return LinearMap(kind: .affine, a: one.rational - zero.rational, b: zero.rational,
                       nonNegativeOnly: source.absoluteUnit != nil, isExact: isExact)
    case .scale:
      // Through a function: every line takes the checked path, with its domain errors.
      return nil
    case .reciprocal:
      guard source.absoluteUnit == nil, let one = try? conversion.convert(.one), one.isRational else { return nil }
      return LinearMap(kind: .reciprocal, a: one.rational, b: .zero, nonNegativeOnly: false, isExact: isExact)
    }
  }

}

/// The message of a batch line that failed.
package struct BatchFailure: Error, Equatable {
  /// The message, as printed after `line N: `.
  package let message: String
}

/// `value = a·x + b` or `value = a / x` for a decimal `x`, with `a` and `b` exact fractions of
/// integers below 2¹²⁷, computed with 128-bit integers.
struct LinearMap {
  enum Kind { case affine, reciprocal }
  let kind: Kind
  let an: Int128, ad: Int128, bn: Int128, bd: Int128
  /// Only for x ≥ 0 (absolute temperatures: below absolute zero is the exact path's error).
  let nonNegativeOnly: Bool
  /// Whether the exact path calls the result exact (no approximate unit on either side).
  let isExact: Bool

  init?(kind: Kind, a: Rational, b: Rational, nonNegativeOnly: Bool, isExact: Bool) {
    guard let an = LinearMap.int128(a.numerator), let ad = LinearMap.int128(a.denominator),
          let bn = LinearMap.int128(b.numerator), let bd = LinearMap.int128(b.denominator) else { return nil }
    self.kind = kind
    self.an = an
    self.ad = ad
    self.bn = bn
    self.bd = bd
    self.nonNegativeOnly = nonNegativeOnly
    self.isExact = isExact
  }

  static func int128(_ value: BigInteger) -> Int128? {
    guard value.bitWidth < 127 else { return nil }
    var result: Int128 = 0
    for word in value.magnitude.description.utf8 { result = result * 10 + Int128(word &- 48) }
    return value.signum < 0 ? -result : result
  }

  /// The `Double` nearest to the exact value (ties to even), as `Rational.doubleValue` gives it;
  /// nil when an intermediate does not fit (left to the exact path).
  func value(_ x: LeadingDecimal) -> Double? {
    guard let (numerator, denominator) = fraction(x) else { return nil }
    if numerator == 0 { return 0 }  // the exact zero, written `0`
    return LinearMap.nearestDouble(numerator, denominator)
  }

  /// The exact value as a fraction with a positive denominator; nil when an intermediate does not
  /// fit, or the exact path would refuse `x`.
  func fraction(_ x: LeadingDecimal) -> (numerator: Int128, denominator: Int128)? {
    if nonNegativeOnly && x.isNegative && x.mantissa != 0 { return nil }
    let m = Int128(x.mantissa)
    let scale = Int128(LeadingDecimal.powersOfTen[x.fractionDigits])
    let numerator: Int128
    let denominator: Int128
    switch kind {
    case .affine:
      // a·x + b = (an·m·bd ± bn·ad·10^k) / (ad·10^k·bd), with the sign of x on the first term.
      guard let first = LinearMap.product(an, m, bd), let second = LinearMap.product(bn, ad, scale),
            let d = LinearMap.product(ad, scale, bd) else { return nil }
      let (sum, overflow) = (x.isNegative ? -first : first).addingReportingOverflow(second)
      guard !overflow else { return nil }
      numerator = sum
      denominator = d
    case .reciprocal:
      // a / x = an·10^k / (ad·m), with the sign of x.
      guard m != 0, let n = LinearMap.product(an, scale, 1), let d = LinearMap.product(ad, m, 1) else { return nil }
      numerator = x.isNegative ? -n : n
      denominator = d
    }
    guard denominator > 0 else { return nil }
    return (numerator, denominator)
  }

  private static func product(_ a: Int128, _ b: Int128, _ c: Int128) -> Int128? {
    let (ab, first) = a.multipliedReportingOverflow(by: b)
    guard !first else { return nil }
    let (abc, second) = ab.multipliedReportingOverflow(by: c)
    return second ? nil : abc
  }

  /// `n / d` rounded to the nearest `Double`, ties to even, for `d > 0`: one IEEE division when
  /// both are at most 2⁵³ (exact as doubles), else the quotient scaled to 55 or 56 bits and
  /// rounded by hand, as `Rational.doubleValue` does. Nil when the shifted operands would not fit
  /// or the result would not be a normal double.
  static func nearestDouble(_ n: Int128, _ d: Int128) -> Double? {
    let magnitude = n.magnitude
    let divisor = UInt128(d)
    if magnitude <= 1 &<< 53 && divisor <= 1 &<< 53 {
      let value = Double(UInt64(truncatingIfNeeded: magnitude)) / Double(UInt64(truncatingIfNeeded: divisor))
      return n < 0 ? -value : value
    }
    let nBits = 128 - magnitude.leadingZeroBitCount
    let dBits = 128 - divisor.leadingZeroBitCount
    let shift = 55 - (nBits - dBits)
    var q: UInt128
    var r: UInt128
    if shift >= 0 {
      // (n · 2^shift) / d, a few bits at a time so that nothing overflows (r < d < 2^127).
      (q, r) = magnitude.quotientAndRemainder(dividingBy: divisor)
      var remaining = shift
      let step = 127 - dBits
      guard step > 0 else { return nil }
      while remaining > 0 {
        let bits = min(remaining, step)
        let (more, rest) = (r &<< UInt128(bits)).quotientAndRemainder(dividingBy: divisor)
        q = (q &<< UInt128(bits)) | more
        r = rest
        remaining -= bits
      }
    } else {
      (q, r) = magnitude.quotientAndRemainder(dividingBy: divisor &<< UInt128(-shift))
    }
    let bits = 128 - q.leadingZeroBitCount
    let drop = bits - 53
    guard drop >= 1 && drop <= 3 else { return nil }
    let narrow = UInt64(truncatingIfNeeded: q)
    var mantissa = narrow &>> UInt64(drop)
    let rest = narrow & ((1 &<< UInt64(drop)) - 1)
    let half: UInt64 = 1 &<< UInt64(drop - 1)
    if rest > half || (rest == half && (r != 0 || mantissa & 1 == 1)) { mantissa += 1 }
    let exponent = drop - shift
    guard exponent > -1000 && exponent < 900 else { return nil }
    return Double(sign: n < 0 ? .minus : .plus, exponent: exponent, significand: Double(mantissa))
  }
}

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

extension String {
  /// The text without leading and trailing white space.
  package var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
          let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(self[first...last])
  }
}
