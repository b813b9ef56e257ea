import Testing

@testable import ConvKit

/// Issue 33: readings that gave a wrong answer with exit 0. Values on nonlinear scales keep their
/// number in parentheses and refuse arithmetic; scale edges are computed from the rational; a
/// bare number after a unit is its conventional partner or refused; `KB` is refused with both
/// sizes.
@Suite("Silent misreadings (issue 33)")
struct SilentMisreadingTests {
  static let catalog = Catalog.builtin

  /// The value of `quantity` in `target` through `Catalog.read`, as every front end reads it.
  static func value(_ quantity: String, _ target: String) throws -> Double {
    try catalog.convert(quantity, to: target).doubleValue
  }

  // MARK: Scales in parentheses

  /// A scale value alone and in parentheses (one or more levels) into a linear target.
  static let parenthesized: [(String, String)] = [
    ("20 dBm", "W"), ("-3 dBm", "mW"), ("12 AWG", "mm"), ("0000 AWG", "in"), ("4 gas mark", "°F"),
    ("7 pH", "mol/L"), ("3.5 pH", "mol/L"), ("6 Bft", "m/s"), ("10 dBW", "kW"), ("40 dBSPL", "Pa"),
    ("10 SWG", "mm"), ("1 octave", "frequency ratio"), ("60 dBµV", "V"), ("2 Np", "power ratio"),
    ("20 °C", "°F"), ("-40 °F", "°C"), ("300 K", "°C"), ("10 °API", "kg/m^3"), ("3 semitone", "cent"),
  ]

  @Test("A scale value in parentheses keeps its number", arguments: parenthesized)
  func parentheses(_ quantity: String, _ target: String) throws {
    let plain = try Self.value(quantity, target)
    #expect(try Self.value("(" + quantity + ")", target) == plain)
    #expect(try Self.value("((" + quantity + "))", target) == plain)
  }

  /// Arithmetic on a scale value or unit, for every scale family and operator.
  static let arithmetic: [(String, String)] = [
    ("3 dBm*2", "W"), ("3 dBm * 2", "W"), ("3 AWG*2", "mm"), ("7 pH*2", "mol/L"), ("2*(3 dBm)", "W"),
    ("2*3 dBm", "W"), ("3 dBm/2", "W"), ("(3 dBm)/2", "W"), ("3 dBm + 1 W", "W"), ("1 W + 3 dBm", "W"),
    ("3 dBm - 1 dBm", "W"), ("-(3 dBm)", "W"), ("2 (3 dBm)", "W"), ("(3 dBm)^2", "W^2"), ("dBm*2", "W"),
    ("4 gas mark * 2", "°F"), ("(4 gas mark)/2", "°F"), ("2*(6 Bft)", "m/s"), ("3 dB*3 dB", "1"),
    ("((3 dBm))*2", "W"), ("2*((3 dBm))", "W"), ("1 octave*2", "cent"), ("12 SWG/2", "mm"),
    ("20 dBSPL*2", "Pa"), ("3 dBm·2", "W"), ("3 dBm×2", "W"), ("3 dBm 2", "W"),
  ]

  @Test("Arithmetic on a scale is refused", arguments: arithmetic)
  func arithmeticRefused(_ quantity: String, _ target: String) {
    #expect(throws: ConvError.self, "\(quantity)") { try Self.catalog.convert(quantity, to: target) }
  }

  @Test("The refusal of arithmetic on a scale names the scale")
  func arithmeticMessage() {
    do {
      _ = try Self.catalog.convert("3 dBm*2", to: "W")
      Issue.record("accepted")
    } catch {
      guard case .scaleInCompound(let unit, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(unit == "dBm")
      #expect(error.message.contains("multiplied"))
    }
  }

  /// Numbers written before a scale unit that stay values on it.
  static let written: [(String, String, Double)] = [
    ("3/4 dB", "bel", 0.075), ("1 1/2 dB", "bel", 0.15), ("(2+1) dBm", "dBW", -27), ("-20 dBm", "dBW", -50),
    ("1e1 dBm", "dBW", -20),
  ]

  @Test("A number before a scale unit is its value", arguments: written)
  func writtenNumbers(_ quantity: String, _ target: String, _ expected: Double) throws {
    #expect(try Self.value(quantity, target) == expected)
  }

  /// Targets that hold a value.
  static let valueTargets: [(String, String)] = [
    ("1 W", "2 dBm"), ("1 W", "(2 dBm)"), ("68 °F", "2 °C"), ("68 °F", "(2 °C)"), ("1 mm", "3 AWG"),
    ("300 K", "2 K"),
  ]

  @Test("A value is refused as a target", arguments: valueTargets)
  func valueTarget(_ quantity: String, _ target: String) {
    #expect(throws: ConvError.self, "\(quantity) → \(target)") { try Self.catalog.convert(quantity, to: target) }
  }

  // MARK: Edges

  /// Values beyond a Double's range or precision, computed from the rational.
  static let edges: [(String, String, String)] = [
    ("1e400 W", "dBm", "4030"), ("1e-320 W", "dBW", "-3200"), ("1e-320", "dB", "-3200"),
    ("1e-400", "dB", "-4000"), ("1e500 mW", "dBm", "5000"), ("-5000 dBm", "W", "1e-503"),
    ("5000 dBm", "W", "1e497"), ("-4000 dB", "1", "1e-400"), ("1e-400 mol/L", "pH", "400"),
    ("400 pH", "mol/L", "1e-400"), ("1e-330 W", "dBW", "-3300"), ("-3100 dBW", "W", "1e-310"),
    ("1e-320 V", "dBV", "-6400"),
  ]

  @Test("Scale edges are exact", arguments: edges)
  func edge(_ quantity: String, _ target: String, _ expected: String) throws {
    let result = try Self.catalog.convert(quantity, to: target)
    let magnitude = try #require(
      Rational(decimalLiteral: expected.hasPrefix("-") ? String(expected.dropFirst()) : expected))
    #expect(
      result.rational == (expected.hasPrefix("-") ? -magnitude : magnitude),
      "\(quantity) → \(target): \(result.rational)")
  }

  /// Results through a scale: the shortest round-trip decimal of the computed double.
  static let shortest: [(String, String)] = [
    ("1 dBm", "W"), ("(21 dBm)", "W"), ("12 AWG", "mm"), ("3.3 pH", "mol/L"), ("1 mm", "AWG"), ("5 Bft", "km/h"),
  ]

  @Test("Scale results keep every digit of the double, not 15", arguments: shortest)
  func shortestForm(_ quantity: String, _ target: String) throws {
    let result = try Self.catalog.convert(quantity, to: target)
    let digits = result.rational.terminatingDecimal?.digits ?? ""
    #expect(digits.count > 15, "\(quantity) → \(target): \(result.rational)")
    #expect(
      Rational(shortestDecimal: result.doubleValue)!.rounded(significantDigits: 15).rational
        == result.rational.rounded(significantDigits: 15).rational)
  }

  @Test("1 dBm is the double 10^-0.3 / 1000 W, not 15 digits of it")
  func oneDBm() throws {
    #expect(try Self.value("1 dBm", "W") == 0.0012589254117941673)
  }

  /// Scale to scale: on logarithms, no noise.
  static let scaleToScale: [(String, String, Double)] = [
    ("3 dB", "bel", 0.3), ("20 dBm", "dBW", -10), ("20 dBm", "dBk", -40), ("1 octave", "cent", 1200),
    ("7 semitone", "cent", 700), ("-5000 dBm", "dBW", -5030), ("30 dBW", "dBm", 60),
  ]

  @Test("Scale to scale keeps round numbers", arguments: scaleToScale)
  func scaleToScaleRound(_ quantity: String, _ target: String, _ expected: Double) throws {
    #expect(try Self.value(quantity, target) == expected)
  }

  // MARK: Bare number after a unit

  /// Lines whose bare number after a unit is the conventional smaller unit, with the note.
  static let partners: [(String, Double, String)] = [
    ("5 ft 11 cm", 180.34, "11 after ft read as 11 in"), ("5ft11 cm", 180.34, "11 after ft read as 11 in"),
    ("6 ft 2 m", 1.8796, "2 after ft read as 2 in"), ("1 st 4 kg", 8.16466266, "4 after st read as 4 lb"),
    ("1 lb 4 g", 566.9904625, "4 after lb read as 4 oz"), ("2 lb 3 kg", 0.992233309375, "3 after lb read as 3 oz"),
    ("2 yd 1 m", 2.1336, "1 after yd read as 1 ft"), ("1 m 80 ft", 5.905511811, "80 after m read as 80 cm"),
    ("5 ft 4 mm", 1625.6, "4 after ft read as 4 in"), ("12 st 6 kg", 78.92507238, "6 after st read as 6 lb"),
  ]

  @Test("A bare number after a unit is its smaller partner, noted", arguments: partners)
  func partner(_ line: String, _ expected: Double, _ note: String) throws {
    let request = ConversionRequest.parse(line: line, catalog: Self.catalog)
    let reading = try Self.catalog.read(request)
    #expect(reading.notes.contains("note: " + note), "\(line): \(reading.notes)")
    let result = try Self.catalog.convert(reading.quantity, to: reading.targets[0])
    #expect(abs(result.doubleValue - expected) <= 1e-8 * expected, "\(line): \(result.doubleValue)")
  }

  /// Lines that read whole as a sum of one system: no partner reading.
  static let sums: [String] = [
    "5 ft 11 in", "6 ft 2 in", "1 h 30 s", "1 h 30 min", "1 m 80 cm", "2 t 300 kg", "1 mi 200 yd", "1 st 4 lb",
    "5'11\"", "5ft11in", "1 kg 200 g",
  ]

  @Test("A conventional sum stays a sum", arguments: sums)
  func conventionalSum(_ line: String) throws {
    let request = ConversionRequest.parse(line: line, catalog: Self.catalog)
    #expect(request.targets.isEmpty, "\(line): \(request.targets)")
    let reading = try Self.catalog.read(request)
    #expect(reading.notes.isEmpty, "\(line): \(reading.notes)")
  }

  /// A sign before a quantity written in parts applies to every part (a latitude south, a time
  /// before): line, target, value, the note (nil: no note, the sign is on one part only).
  static let signedParts: [(String, String, Double, String?)] = [
    ("-6 ft 2 in", "cm", -187.96, "the minus sign applies to all of '-6 ft 2 in'"),
    ("-33° 52′", "deg", -33.866666666666667, "the minus sign applies to all of '-33° 52′'"),
    ("-1 h 30 min", "min", -90, "the minus sign applies to all of '-1 h 30 min'"),
    ("-1 h 30 min 30 s", "s", -5430, "the minus sign applies to all of '-1 h 30 min 30 s'"),
    ("-5 ft 11", "cm", -180.34, "the minus sign applies to all of '-5 ft 11'"),
    ("-12 st 6 lb", "kg", -78.92507238, "the minus sign applies to all of '-12 st 6 lb'"),
    ("--6 ft 2 in", "cm", 187.96, nil),
    ("-(6 ft 2 in)", "cm", -187.96, nil),
    ("-6 ft + 2 in", "cm", -177.8, nil),
    ("-6 ft - 2 in", "cm", -187.96, nil),
    ("6 ft 2 in", "cm", 187.96, nil),
    ("−2 lb 4 oz", "g", -1020.58283, "the minus sign applies to all of '−2 lb 4 oz'"),
  ]

  @Test("A minus sign before a quantity in parts applies to every part, noted", arguments: signedParts)
  func signedPartsRead(_ quantity: String, _ target: String, _ expected: Double, _ note: String?) throws {
    let request = ConversionRequest.parse(line: quantity + " to " + target, catalog: Self.catalog)
    let reading = try Self.catalog.read(request)
    let result = try Self.catalog.convert(reading.quantity, to: reading.targets[0])
    #expect(abs(result.doubleValue - expected) <= 1e-8 * abs(expected), "\(quantity): \(result.doubleValue)")
    let signNotes = reading.notes.filter { $0.contains("minus sign") }
    #expect(signNotes == (note.map { ["note: " + $0] } ?? []), "\(quantity): \(reading.notes)")
  }

  /// Quantities that join two systems without `+`, or a bare number after a unit without a partner.
  static let mixed: [(String, String)] = [
    ("5 ft 11 cm", "m"), ("1 st 4 kg", "lb"), ("6 ft 2 m", "cm"), ("1 gal 2 L", "mL"), ("1 lb 4 g", "kg"),
    ("1 m 2 ft", "in"), ("5 kg 3", "g"), ("1 gal 2", "L"), ("3 mi 2 km", "m"),
  ]

  @Test("Sums of two systems without '+' are refused", arguments: mixed)
  func mixedRefused(_ quantity: String, _ target: String) {
    #expect(throws: ConvError.self, "\(quantity)") { try Self.catalog.convert(quantity, to: target) }
  }

  @Test("An explicit '+' still sums units of two systems")
  func explicitSum() throws {
    #expect(try Self.value("5 ft + 11 cm", "m") == 1.634)
  }

  @Test(
    "Digits above 3 run into ft are inches; 2 and 3 stay a power",
    arguments: [
      ("5ft2", "m^2", 0.4645152), ("5ft10", "cm", 177.8), ("2ft3", "m^3", 0.056633693184),
      ("6ft4", "m", 1.9304), ("1st7", "kg", 9.52543977),
    ])
  func runTogether(_ quantity: String, _ target: String, _ expected: Double) throws {
    let value = try Self.value(quantity, target)
    #expect(abs(value - expected) <= 1e-8 * expected, "\(quantity): \(value)")
  }

  // MARK: Double-valued spellings and suggestions

  @Test("KB and Kb are refused with both sizes", arguments: ["KB", "Kb", "Kbyte", "Kbits"])
  func doubleValued(_ spelling: String) {
    for (quantity, target) in [("1 " + spelling, "B"), ("1 MB", spelling), ("1 " + spelling + "/s", "B/s")] {
      do {
        _ = try Self.catalog.convert(quantity, to: target)
        Issue.record("\(quantity) → \(target) accepted")
      } catch {
        guard case .ambiguousReading(_, let readings, _) = error else {
          Issue.record("\(error)")
          continue
        }
        #expect(readings.count == 2 && readings[0].contains("1000") && readings[1].contains("1024"), "\(readings)")
      }
    }
  }

  /// An unknown spelling beside a unit: the suggestion first offered. (`mb` is no longer unknown:
  /// it is meteorology's millibar, and beside data it is refused with the megabit and the
  /// megabyte; `EverydayNotationTests`.)
  static let suggestions: [(String, String, String)] = [
    ("1 gb", "MB", "GB"), ("1 tb", "GiB", "TB"), ("1 gb", "Mb", "Gb"), ("1 pb", "TB", "PB"),
    ("1 KM", "m", "km"),
  ]

  @Test("Suggestions beside a unit offer its prefixed forms first", arguments: suggestions)
  func suggestion(_ quantity: String, _ target: String, _ first: String) {
    do {
      _ = try Self.catalog.convert(quantity, to: target)
      Issue.record("accepted")
    } catch {
      guard case .unknownUnit(_, _, let suggestions) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(suggestions.first == first, "\(quantity) → \(target): \(suggestions)")
    }
  }

  // MARK: Refusals where references convert

  /// °F and °C inside compound units: their intervals, noted.
  static let intervals: [(String, String, Double)] = [
    ("1 BTU/(h·ft²·°F)", "W/(m²·K)", 5.678263337), ("1 J/(g·°C)", "J/(kg·K)", 1000), ("5 °C/km", "K/m", 0.005),
    ("1 /°C", "1/K", 1), ("1 /°F", "1/K", 1.8), ("2 W/(m·°C)", "W/(m·K)", 2), ("9 °F/s", "K/s", 5),
    ("1 BTU/(lb·°F)", "J/(kg·K)", 4186.8), ("1 °C·m", "K·m", 1), ("1 °F^2", "K^2", 0.308641975308642),
  ]

  @Test("°F and °C in a compound are intervals, noted", arguments: intervals)
  func interval(_ quantity: String, _ target: String, _ expected: Double) throws {
    let request = ConversionRequest(
      quantity: quantity, targets: [target], source: quantity + " to " + target,
      quantityOffset: 0, targetOffset: quantity.count + 4)
    let reading = try Self.catalog.read(request)
    #expect(reading.notes.contains { $0.contains("a temperature difference") }, "\(reading.notes)")
    let value = try Self.catalog.convert(reading.quantity, to: reading.targets[0]).doubleValue
    #expect(abs(value - expected) <= 1e-9 * abs(expected), "\(quantity) → \(target): \(value)")
  }

  @Test(
    "An absolute temperature alone and in sums stays absolute",
    arguments: [("20 °C", "°F", 68.0), ("(20 °C)", "°F", 68.0), ("-40 °C", "°F", -40.0), ("2*(10 °C)", "°F", 68.0)])
  func absoluteAlone(_ quantity: String, _ target: String, _ expected: Double) throws {
    #expect(try Self.value(quantity, target) == expected)
  }

  @Test(
    "A number before a reciprocal unit written 1/UNIT",
    arguments: [
      ("1 1/s", "Hz", 1.0), ("5 1/min", "Hz", 1.0 / 12), ("2 1/m", "1/cm", 0.02), ("3 1/(m^2)", "1/m^2", 3.0),
    ])
  func reciprocalUnit(_ quantity: String, _ target: String, _ expected: Double) throws {
    let value = try Self.value(quantity, target)
    #expect(abs(value - expected) <= 1e-12 * expected, "\(quantity): \(value)")
  }

  /// Lines whose last word makes no target: the reading that converts, noted.
  static let otherSplits: [(String, String, [String], String)] = [
    ("10 ft lbf N m", "10 ft lbf", ["N m"], "read as '10 ft lbf' to 'N m'"),
    ("2 kW * 3 h", "2 kW * 3 h", [], "read as one quantity"),
    ("1 mile per hour", "1 mile per hour", [], "read as one quantity"),
    ("5 kg m/s^2 N", "5 kg m/s^2", ["N"], ""),
    ("3 ft lbf J", "3 ft lbf", ["J"], ""),
  ]

  @Test("When the last word makes no target, the reading that converts", arguments: otherSplits)
  func otherSplit(_ line: String, _ quantity: String, _ targets: [String], _ note: String) throws {
    let request = ConversionRequest.parse(line: line, catalog: Self.catalog)
    let reading = try Self.catalog.read(request)
    #expect(reading.quantity.text == quantity, "\(line): \(reading.quantity.text)")
    #expect(reading.targets.map(\.text) == targets, "\(line)")
    if !note.isEmpty { #expect(reading.notes.contains { $0.contains(note) }, "\(line): \(reading.notes)") }
  }

  @Test("A split with 'to' is not second-guessed")
  func separatorStands() {
    let request = ConversionRequest.parse(line: "10 ft lbf N to m", catalog: Self.catalog)
    #expect(throws: ConvError.self) { try Self.catalog.read(request) }
  }
}
