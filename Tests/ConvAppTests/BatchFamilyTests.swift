import ConvKit
import Testing

@testable import ConvApp

/// Every family of batch lines (issue 23) takes a cached path and gives exactly what the exact
/// path gives: exponents, compound units, fractions, e-notation, long numbers, chains of factors,
/// with negative numbers, temperatures, reciprocals, ambiguous spellings and errors mixed in.
@Suite("Batch line families")
struct BatchFamilyTests {
  /// A family: the text after the number of each of its shapes, and the numbers put before them.
  struct Family: CustomTestStringConvertible, Sendable {
    let name: String
    let shapes: [String]
    let numbers: [String]
    /// Whether every line after a shape's first, except those the exact path refuses, must take a
    /// cached path (integer map or template) in terse output.
    let allCached: Bool
    var testDescription: String { name }
  }

  static let long300 = String(repeating: "1234567890", count: 30)
  /// Numbers of every form, some of which the exact path refuses.
  static let everyNumber = [
    "1", "0", "-0", "-0.0", "−0", "-1", "2.5", "-40", ".5", "7.", "983/148", "-3/4", "0/7", "22/7", "5/0", "4/0",
    "1e3", "-2.5e-3", "6548.2e300", "1E10", "1e-300", "1e400", "1e5000", long300,
    "123456789012345678901234567890", "-" + long300, "999999999999999999", "00", "1.500",
  ]

  /// Twenty factors, and the same dimension with other prefixes.
  static let chain = (0..<20).map { ["kg", "m", "s", "A"][$0 % 4] }.joined(separator: "*")
  static let chainTarget = (0..<20).map { ["g", "km", "ms", "mA"][$0 % 4] }.joined(separator: "*")

  static let families: [Family] = [
    Family(
      name: "simple", shapes: [" mi to km", " lb to kg", " ft to m", " kWh to MJ", " mi km", " Mile to KM"],
      numbers: everyNumber, allCached: true),
    Family(
      name: "compound",
      shapes: [
        " kg*m/s^2 to lbf", " W/m^2 to BTU/(h*ft^2)", " N*m to ft*lbf", " km/h to m/s",
        " kg m/s^2 to N", " lbf*ft/s to hp", " J/(kg*K) to BTU/(lb*ΔR)",
      ],
      numbers: everyNumber, allCached: true),
    Family(
      name: "exponent",
      shapes: [
        " m^2 to ft^2", " m^3 to L", " ft^3 to gal", " cm^2 to in^2", " km^2 to acre",
        " s^-1 to Hz", " m^2 to acre", " m² to ft²", " mi^2 to km^2",
      ],
      numbers: everyNumber, allCached: true),
    Family(
      name: "fraction", shapes: [" mi to km", " cup to mL", " m^2 to ft^2", " in to cm"],
      numbers: [
        "983/148", "1/3", "-3/4", "0/7", "22/7", "355/113", "1/1000000007", "999999999999999999/7",
        "5/0", "4/0", "1/2", "3/8",
      ], allCached: true),
    Family(
      name: "e-notation", shapes: [" mi to km", " m^2 to ft^2", " kg*m/s^2 to lbf", " J to eV"],
      numbers: ["6548.2e300", "1e-5", "-2.5e3", "1E10", "1e400", "1e5000", "1e-4000", "3.14e-300", "1e+5", "7e0"],
      allCached: true),
    Family(
      name: "long number", shapes: [" mi to km", " J to eV", " m^2 to ft^2", " B to GiB"],
      numbers: [
        long300, "-" + long300, "123456789012345678901234567890", String(repeating: "9", count: 40),
        "0." + String(repeating: "3", count: 60), long300 + "." + long300,
      ],
      allCached: true),
    Family(
      name: "20-factor chain", shapes: [" " + chain + " to " + chainTarget, " " + chain + " to " + chain],
      numbers: everyNumber, allCached: true),
    Family(
      name: "temperature",
      shapes: [
        " °C to °F", " °F to K", " K to °C", " °C to K", " ΔK to K", " °De to °C",
        " degC to degF",
      ],
      numbers: everyNumber, allCached: false),
    Family(
      name: "reciprocal",
      shapes: [
        " mpg to L/100km", " L/100km to mpg", " min/km to km/h", " s to Hz",
        " m to 1/m", " s^-1 to s",
      ],
      numbers: everyNumber, allCached: false),
    Family(
      name: "ambiguous",
      shapes: [
        " pt to mm", " Ah to C", " C to A*s", " rad to Gy", " mil to °", " B to dB",
        " pH to nH", " F to °C",
      ],
      numbers: everyNumber, allCached: false),
    Family(
      name: "quantity in parts",
      shapes: [
        " ft 2 in to cm", " h 30 min to s", " st 6 lb to kg", " lb 3 oz to g",
        " yd 1 ft to m", " ft 2 in 3 mm to cm", " h 30 min 15 s to min",
        " ft 11 to cm", " m 80 cm to ft", " mi 200 yd to km", " ft 2 in to m;cm",
        " ft 2 in to mi", " ° 52′ to rad", " ft 2 cm to m",
      ],
      numbers: everyNumber, allCached: false),
    Family(
      name: "no target",
      shapes: [
        " mi", " kg", " °C", " mpg", " min/km", " cup flour", " ft 2 in", " USD", " dBm",
        " m^2", " xyzzy", " mi kg", " km/h", " L/100km", " AWG", " Hz",
      ],
      numbers: everyNumber, allCached: false),
    Family(
      name: "errors and oddities",
      shapes: [
        " xyzzy to m", " mi to kg", " m^2 to ft", " kg*m/s^2 to W",
        " mi + 1 km to m", " ft 2 in to cm", " 1/2 cup to mL", " to km",
        " dBm to mW", " AWG to mm", " USD to EUR", " m/0 to ft", " m^99 to ft^99",
        " (m) to ft", " mi to km;ft",
      ],
      numbers: everyNumber, allCached: false),
    Family(
      name: "unknown words",
      shapes: [
        " kilometr to mi", " zqrfseua to km/h", " mi to kilometr", " zork to blorp", " fathomz to m",
        " cups flourr to g", " cup zork to g", " g zork to cup", " Schweizer Frankenn to USD",
        " Meilenn to km", " ft zork to m", " zork ft to m", " mi to zork;km", " 2 zork to m",
        " zork^2 to m^2", " kg*zork to N", " zork/s to m/s", " zork", " zork mi", " pt zork to mm",
        " °C zork to °F", " miles per zork to km/h", " mtrs to ft", " KM to mi", " kmm to mi",
        " zork to °C", " zork to AWG", " zork to USD", " zork to 1/m",
      ],
      numbers: everyNumber, allCached: false),
  ]

  /// The family's lines: every number before every shape, each shape's numbers in another order
  /// (so that shapes start with numbers of every form), the shapes interleaved.
  static func lines(_ family: Family) -> [String] {
    var lines: [String] = []
    for round in 0..<family.numbers.count {
      for (index, shape) in family.shapes.enumerated() {
        lines.append(family.numbers[(round + index * 3) % family.numbers.count] + shape)
      }
    }
    return lines
  }

  static func converter(_ mode: OutputMode, locale: String? = nil, ascii: Bool = false) -> Converter {
    var options = OutputOptions()
    options.mode = mode
    if let locale { options.locale = locale }
    options.ascii = ascii
    return Converter(catalog: .builtin, options: options)
  }

  /// What the exact path gives for a line, read with the converter's number conventions.
  static func reference(_ line: String, _ converter: Converter) -> Result<[String], BatchFailure>? {
    var converter = converter
    converter.isBatch = true
    let trimmed = line.trimmingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let request = converter.request(line: trimmed)
    if let message = BatchConverter.loneNumber(request, catalog: converter.catalog, conventions: converter.conventions)
    {
      return .failure(BatchFailure(message: message))
    }
    switch converter.run(request) {
    case .success(let lines): return .success(lines)
    case .failure(let failure): return .failure(BatchFailure(message: failure.message))
    }
  }

  /// The lines on which the batch converter and the exact path differ.
  static func differences(_ lines: [String], _ converter: Converter, batch: BatchConverter) -> [String] {
    var differences: [String] = []
    for line in lines {
      let fast = batch.convert(line: line)
      let exact = Self.reference(line, converter)
      if fast != exact { differences.append("\(line): \(String(describing: fast)) vs \(String(describing: exact))") }
    }
    return differences
  }

  @Test("Each family gives what the exact path gives, in every mode", arguments: families)
  func sameAsExactPath(_ family: Family) {
    for converter in [
      Self.converter(.terse), Self.converter(.human), Self.converter(.json),
      Self.converter(.human, locale: "de_DE"), Self.converter(.human, ascii: true),
    ] {
      let batch = BatchConverter(converter: converter)
      // Twice: the second time every shape is cached.
      let differences = Self.differences(Self.lines(family) + Self.lines(family), converter, batch: batch)
      #expect(
        differences.isEmpty, "\(converter.options.mode) \(differences.count) lines differ: \(differences.prefix(6))")
    }
  }

  @Test("Each family's good lines take a cached path in terse output", arguments: families.filter(\.allCached))
  func cachedPathTaken(_ family: Family) {
    let converter = Self.converter(.terse)
    let batch = BatchConverter(converter: converter)
    let lines = Self.lines(family)
    var good = 0
    for line in lines {
      let number = String(line.prefix { $0 != " " })
      // Numbers before an evaluated expression (`m^2`) are admitted up to 60 bits, others up to 1,150.
      let bits = line.contains("^") ? ReadingTemplate.expressionNumberBits : ReadingTemplate.largestNumberBits
      if case .success? = Self.reference(line, converter),
        let value = ReadingTemplate.number(number, conventions: .standard),
        value.numerator.bitWidth <= bits, value.denominator.bitWidth <= bits
      {
        good += 1
      }
      _ = batch.convert(line: line)
    }
    let cached = batch.integerLineCount + batch.templateLineCount
    // Each shape's first two lines read their units (the second makes the shape); a line that fails
    // leaves the shape to a later one.
    let firstLines = family.shapes.count * (2 + BatchConverter.Shape.maximumRetries)
    #expect(cached >= good - firstLines, "\(cached) of \(good) good lines of admitted numbers cached")
  }

  @Test(
    "A failure on a word that names nothing is remembered for its rest, and only such a failure",
    arguments: [
      (" kilometr to mi", true), (" zqrfseua to km/h", true), (" mi to zork", true), (" cups flourr to g", true),
      (" zork^2 to m^2", true), (" °C to K", false), (" mi to kg", false), (" m/0 to ft", false),
    ])
  func failureRemembered(_ rest: String, remembered: Bool) {
    for mode in [OutputMode.terse, .human, .json] {
      let converter = Self.converter(mode)
      let batch = BatchConverter(converter: converter)
      let numbers = ["-500", "5", "0", "12.75", "-3", "999999999999999999", ".5", "-0.0", "7."]
      let lines = numbers.map { $0 + rest }
      #expect(Self.differences(lines, converter, batch: batch).isEmpty, "\(mode)")
      // The first line of a rest takes the exact path, the second makes its shape, the rest use it.
      #expect(batch.failureLineCount == (remembered ? numbers.count - 2 : 0), "\(mode)")
    }
  }

  @Test(
    "Evaluated quantities and fractions take the integer map",
    arguments: [
      "94 m^2 to ft^2", "3 kg*m/s^2 to lbf", "2.5 W/m^2 to BTU/(h*ft^2)", "983/148 mi to km", "-3/4 m^3 to L",
      "12 " + chain + " to " + chainTarget, "6 ft 2 in to cm", "1 h 30 min to s", "12 st 6 lb to kg",
      "2.5 lb 3 oz to g",
    ])
  func integerMapTaken(_ line: String) {
    for mode in [OutputMode.terse, .human] {
      let converter = Self.converter(mode)
      let batch = BatchConverter(converter: converter)
      let numberEnd = line.firstIndex(of: " ")!
      let again = "17" + line[numberEnd...]
      // The first line of a rest takes the exact path, the second makes its shape, the third uses it.
      _ = batch.convert(line: line)
      _ = batch.convert(line: line)
      #expect(batch.convert(line: again) == Self.reference(again, converter))
      #expect(batch.integerLineCount == 1, "\(mode)")
    }
  }

  @Test(
    "Numbers the lexer alone reads take the template",
    arguments: [
      "6548.2e300 mi to km", long300 + " J to eV", "1e-5 m^2 to ft^2", "22/7 kg*m/s^2 to lbf",
    ])
  func templateTaken(_ line: String) {
    let converter = Self.converter(.json)
    let batch = BatchConverter(converter: converter)
    let numberEnd = line.firstIndex(of: " ")!
    let again = "-1.5e7" + line[numberEnd...]
    _ = batch.convert(line: line)  // seen
    _ = batch.convert(line: line)  // makes the shape
    #expect(batch.convert(line: again) == Self.reference(again, converter))
    #expect(batch.templateLineCount == 1)
  }

  @Test(
    "Long decimals on the integer map give what the exact path gives",
    arguments: [
      " mi to km", " m^2 to ft^2", " °C to K", " °F to °C", " mpg to L/100km", " kg*m/s^2 to lbf", " J to eV",
      " B to GiB",
      " km/h to min/km", " ft to m",
    ])
  func longDecimals(_ shape: String) {
    let converter = Self.converter(.terse)
    let batch = BatchConverter(converter: converter)
    var random = BatchConverterTests.Random(state: 23)
    var differences: [String] = []
    for _ in 0..<300 {
      var digits = String(random.below(9) + 1)
      for _ in 0..<random.pick([0, 1, 5, 18, 19, 40, 120, 299, 339, 345]) { digits += String(random.below(10)) }
      if random.below(3) == 0 {
        digits.insert(".", at: digits.index(digits.startIndex, offsetBy: random.below(digits.count)))
      }
      let exponent = random.pick([0, 1, -1, 20, -20, 300, -300, 308, -320, 330, -345, 999])
      var number = (random.below(4) == 0 ? "-" : "") + digits
      if random.below(4) != 0 {
        number += random.pick(["e", "E"]) + (exponent >= 0 && random.below(2) == 0 ? "+" : "") + String(exponent)
      }
      let line = number + shape
      let fast = batch.convert(line: line)
      let exact = Self.reference(line, converter)
      if fast != exact { differences.append("\(line): \(String(describing: fast)) vs \(String(describing: exact))") }
    }
    #expect(differences.isEmpty, "\(differences.count) lines differ: \(differences.prefix(4))")
    // Before an evaluated expression (`m^2`), only numbers of up to 60 bits are admitted.
    #expect(
      batch.integerLineCount > (shape.contains("^") ? 10 : 50), "\(batch.integerLineCount) lines on the integer map")
  }

  @Test("An unreduced fraction rounds to the Double its value does")
  func unreducedNearestDouble() {
    var random = BatchConverterTests.Random(state: 5)
    for _ in 0..<2_000 {
      let n = BigInteger(random.next() >> random.below(64)) * BigInteger.tenToThe(random.below(60))
      let d = BigInteger(random.next() >> random.below(64) | 1) * BigInteger.tenToThe(random.below(60))
      let common = BigInteger(random.next() >> random.below(64) | 1).power(random.below(4))
      let sign = random.below(2) == 0 ? n : -n
      #expect(Rational.nearestDouble(sign * common, over: d * common) == Rational(sign, d).doubleValue)
    }
  }

  @Test("A long numerator over a divisor of 64 bits rounds as over a long divisor")
  func shortDivisorNearestDouble() {
    var random = BatchConverterTests.Random(state: 9)
    let scale = BigInteger(UInt64(9_223_372_036_854_775_783)).power(2)  // makes the divisor long
    for _ in 0..<2_000 {
      var n = BigInteger(random.next() | 1)
      for _ in 0..<random.below(40) { n = n * BigInteger(random.next() | 1) }
      if random.below(2) == 0 { n = -n }
      let d = BigInteger(random.next() >> random.below(64) | 1)
      #expect(Rational.nearestDouble(n, over: d) == Rational.nearestDouble(n * scale, over: d * scale))
    }
  }

  /// Human output options, for the lines the integer map writes back as typed (`94 m^2 = …`).
  static let humanVariants = ["ascii", "color", "digits=3", "digits=17", "fr_FR", "scientific", "plain"]

  @Test("Evaluated quantities and fractions in every human output style", arguments: humanVariants)
  func humanVariantsMatch(_ variant: String) {
    let converter = Converter(catalog: .builtin, options: BatchConverterTests.humanOptions(variant))
    let batch = BatchConverter(converter: converter)
    var lines: [String] = []
    for family in Self.families where ["compound", "exponent", "fraction", "20-factor chain"].contains(family.name) {
      lines += Self.lines(family)
    }
    let differences = Self.differences(lines + lines, converter, batch: batch)
    #expect(differences.isEmpty, "\(differences.count) lines differ: \(differences.prefix(6))")
    #expect(batch.integerLineCount + batch.templateLineCount > lines.count / 2)
  }
}
