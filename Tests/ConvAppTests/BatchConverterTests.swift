import ConvKit
import Testing

@testable import ConvApp

/// The batch fast path is a cache in front of the exact path: every line must give exactly what
/// the exact path gives, in every output mode.
@Suite("Batch conversion cache")
struct BatchConverterTests {
  /// A small deterministic generator (SplitMix64), so that failures can be reproduced.
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
  }

  /// A decimal as people type it: integers, fractions, long mantissas, zeros, signs.
  static func number(_ random: inout Random) -> String {
    switch random.below(12) {
    case 0: return "0"
    case 1: return "-" + String(random.below(1000)) + "." + String(random.below(100))
    case 2: return String(random.next() % 1_000_000_000_000_000_000)  // up to 18 digits
    case 3: return "0." + String(repeating: "0", count: random.below(12)) + String(random.below(100_000) + 1)
    case 4: return String(random.below(10)) + "." + String(random.next() % 100_000_000_000_000)
    case 5: return "." + String(random.below(1000))
    case 6: return String(random.below(100)) + "."
    case 7: return "1e" + String(random.below(40) - 20)  // not a fast-path number
    case 8: return String(random.next() % 10_000_000_000_000_000_000)  // 19-20 digits
    default:
      let digits = random.below(5) + 1
      var text = String(random.next() % UInt64(pow10(digits)))
      if random.below(2) == 0 { text += "." + String(random.below(10_000)) }
      return text
    }
  }

  static func pow10(_ n: Int) -> Int { (0..<n).reduce(1) { value, _ in value * 10 } }

  /// Random lines over the whole built-in catalog, with many repeated shapes and some oddities.
  static func lines(count: Int, seed: UInt64) -> [String] {
    let catalog = Catalog.builtin
    var random = Random(state: seed)
    let categories = catalog.categories.map { catalog.units(in: $0) }.filter { $0.count >= 2 }
    // A pool of shapes, so that lines repeat shapes as real batch input does.
    var shapes: [String] = [
      " mi to km", " °F to °C", " °C to °F", " K to °C", " °C to K", " K to ΔK", " ΔK to K", " mpg to L/100km",
      " L/100km to mpg", " rpm to Hz", " Hz to rpm", " rev/min to rad/s", " ° to rad", " mi km", " mi", " ft;in",
      " m to ft;in", " lb to kg", " kg to lb", " eV to J", " ly to km", " kWh to MJ", " mi/h to m/s", " m² to acre",
      " foo to km", " mi to kg", " km to", " to km", "  mi  to  km", " mi to km ", " mi to km\u{00A0}",
      " Mile to KM", " kilometres to miles", " 5 mi to km", " mi + 1 km to m", " square feet to m²", " cu in to L",
      " min/km to km/h", " km/h to min/km", " GiB to MB", " µs to ns", " mph to knots", " rad to °", " °R to °F",
      " # comment", " mi → km", " mi -> km", " mi => km", " m/s²", " dB", "", " s to", " ft ft",
    ]
    for _ in 0..<150 {
      let units = random.pick(categories)
      let from = random.pick(units)
      let to = random.pick(units)
      let fromName = random.below(4) == 0 ? from.name : from.symbol
      let toName = random.below(4) == 0 ? to.plural : to.symbol
      shapes.append(" " + fromName + (random.below(5) == 0 ? " " : " to ") + toName)
    }
    var lines: [String] = []
    while lines.count < count {
      let shape = random.pick(shapes)
      let value = number(&random)
      // A zero before a unit written with digits (`0 L/100km`) is evaluated as an expression of
      // value 0, and converting that into a reciprocal unit stops the process (an engine bug,
      // reported): leave such lines out until it is fixed.
      if shape.contains(where: \.isNumber) && value.allSatisfy({ $0 == "0" || $0 == "." || $0 == "-" }) { continue }
      switch random.below(40) {
      case 0: lines.append("  " + value + shape)
      case 1: lines.append(value + shape + "  ")
      case 2: lines.append("#" + value + shape)
      case 3: lines.append(value)
      case 4: lines.append(value + "\t" + shape)
      default: lines.append(value + shape)
      }
    }
    return lines
  }

  /// What the exact path gives for a line, as `BatchRunner` handled lines before the cache.
  static func reference(_ line: String, _ converter: Converter) -> Result<[String], BatchFailure>? {
    var converter = converter
    converter.isBatch = true
    let trimmed = line.trimmingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let request = ConversionRequest.parse(line: trimmed, catalog: converter.catalog)
    if let message = BatchConverter.loneNumber(request, catalog: converter.catalog) {
      return .failure(BatchFailure(message: message))
    }
    switch converter.run(request) {
    case .success(let lines): return .success(lines)
    case .failure(let failure): return .failure(BatchFailure(message: failure.message))
    }
  }

  @Test("Every line gives what the exact path gives", arguments: [OutputMode.terse, .human, .json])
  func sameAsExactPath(_ mode: OutputMode) {
    var options = OutputOptions()
    options.mode = mode
    let converter = Converter(catalog: .builtin, options: options)
    let batch = BatchConverter(converter: converter)
    var differences: [String] = []
    for line in Self.lines(count: mode == .terse ? 6000 : 1500, seed: 7) {
      let fast = batch.convert(line: line)
      let exact = Self.reference(line, converter)
      if fast != exact { differences.append("\(line): \(String(describing: fast)) vs \(String(describing: exact))") }
    }
    #expect(differences.isEmpty, "\(differences.count) lines differ: \(differences.prefix(10))")
    if mode != .json { #expect(batch.integerLineCount > 500, "\(batch.integerLineCount) lines on the integer path") }
  }

  /// Human output with one option of `humanVariants` set (locale names set the locale).
  static func humanOptions(_ variant: String) -> OutputOptions {
    var options = OutputOptions()
    options.mode = .human
    switch variant {
    case "ascii": options.ascii = true
    case "color": options.color = true
    case "digits=3": options.digits = 3
    case "digits=17": options.digits = 17
    case "de_DE", "fr_FR": options.locale = variant
    case "scientific": options.notation = .scientific
    case "plain": options.notation = .plain
    case "long names": options.longNames = true
    case "exact": options.exact = true
    case "verbose": options.verbose = true
    default: Issue.record("unknown output variant \(variant)")
    }
    return options
  }

  /// Human output options the integer path must write exactly as the exact path does.
  static let humanVariants: [String] = [
    "ascii", "color", "digits=3", "digits=17", "de_DE", "fr_FR", "scientific",
    "plain", "long names", "exact", "verbose",
  ]

  @Test("Human output from the integer path matches the exact path", arguments: humanVariants)
  func humanVariantsMatch(_ variant: String) {
    let converter = Converter(catalog: .builtin, options: Self.humanOptions(variant))
    let batch = BatchConverter(converter: converter)
    var differences: [String] = []
    // 600 lines over about 200 shapes: a shape is made on its second line and serves from its third.
    for line in Self.lines(count: 600, seed: 11) {
      let fast = batch.convert(line: line)
      let exact = Self.reference(line, converter)
      if fast != exact { differences.append("\(line): \(String(describing: fast)) vs \(String(describing: exact))") }
    }
    #expect(differences.isEmpty, "\(differences.count) lines differ: \(differences.prefix(10))")
    // Long names, --exact and -v always take the exact path; the others mostly the integer one.
    if ["long names", "exact", "verbose"].contains(variant) {
      #expect(batch.integerLineCount == 0)
    } else {
      #expect(batch.integerLineCount > 50, "\(batch.integerLineCount) lines on the integer path")
    }
  }

  @Test("The integer path takes the common lines")
  func fastPathIsTaken() {
    var options = OutputOptions()
    options.mode = .terse
    let batch = BatchConverter(converter: Converter(catalog: .builtin, options: options))
    let lines = ["5 mi to km", "1.5 ft to m", "100 °F to °C", "30 mpg to L/100km", "1 eV to J", "3000 rpm to Hz"]
    for line in lines { _ = batch.convert(line: line) }
    // A rest seen once has no shape yet: a file of distinct lines never pays for one.
    #expect(batch.cachedMapCount == 0)
    for line in lines { _ = batch.convert(line: line) }
    #expect(batch.cachedMapCount == 6)
  }

  @Test("Integer division rounds as Rational.doubleValue does")
  func nearestDouble() {
    var random = Random(state: 11)
    var mismatches: [String] = []
    for _ in 0..<50_000 {
      let nBits = random.below(126) + 1
      let dBits = random.below(126) + 1
      let n = Int128(truncatingIfNeeded: (UInt128(random.next()) << 64 | UInt128(random.next())) >> (128 - nBits))
      let d = Int128(truncatingIfNeeded: (UInt128(random.next()) << 64 | UInt128(random.next())) >> (128 - dBits))
      guard n != 0, d > 0 else { continue }
      let signed = random.below(2) == 0 ? n : -n
      guard let fast = LinearMap.nearestDouble(signed, d) else { continue }
      let exact = Rational(BigInteger(decimalText: String(signed))!, BigInteger(decimalText: String(d))!).doubleValue
      if fast != exact { mismatches.append("\(signed)/\(d)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("Terse numbers are written as before, from the bytes of the shortest digits")
  func terseNumbers() {
    var random = Random(state: 3)
    var values: [Double] = [
      1, -1, 0.1, 1e15, 1e14, 999_999_999_999_999, 1e-4, 9.999e-5, 1e-5, 123_456_789_012_345_680,
      8e15, 1.5e-9, .pi, -.pi * 1e20, .leastNormalMagnitude, .greatestFiniteMagnitude,
      .leastNonzeroMagnitude, 2 * .leastNonzeroMagnitude, 0.30000000000000004, 1609.344, 27.77777777777778,
    ]
    for _ in 0..<20_000 {
      values.append(Double(bitPattern: random.next()))
      values.append(Double(random.next() % 1_000_000_000) / Double(BatchConverterTests.pow10(random.below(12))))
    }
    for value in values where value.isFinite && value != 0 {
      #expect(TerseNumber.format(value) == Self.oldFormat(value), "\(value)")
      var bytes: [UInt8] = []
      #expect(TerseNumber.append(value, to: &bytes))
      #expect(String(decoding: bytes, as: UTF8.self) == Self.oldFormat(value))
    }
  }

  /// The former `TerseNumber.format`, character by character, as the reference.
  static func oldFormat(_ value: Double) -> String {
    let text = value.magnitude.description
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      exponent = Int(text[text.index(after: e)...].replacing("+", with: "")) ?? 0
    }
    var digitText = ""
    var fractionLength = 0
    var seenPoint = false
    for character in mantissa {
      if character == "." {
        seenPoint = true
      } else {
        digitText.append(character)
        if seenPoint { fractionLength += 1 }
      }
    }
    let digits = DecimalDigits(
      isNegative: value < 0, digits: digitText, exponent: exponent - fractionLength,
      isExact: true)
    let leading = digits.scientificExponent
    if leading >= -4 && leading < 15 { return digits.plainString }
    var shown = digits.digits
    if shown.count > 1 { shown.insert(".", at: shown.index(after: shown.startIndex)) }
    return (digits.isNegative ? "-" : "") + shown + "e" + String(leading)
  }
}

extension BigInteger {
  /// Parses an optionally signed decimal.
  init?(decimalText text: String) {
    if text.hasPrefix("-") {
      guard let value = BigInteger(decimalDigits: text.dropFirst()) else { return nil }
      self = -value
    } else {
      guard let value = BigInteger(decimalDigits: text) else { return nil }
      self = value
    }
  }
}
