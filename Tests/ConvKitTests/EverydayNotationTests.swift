import Testing

@testable import ConvKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 33, everyday notation: pace and times written with colons (`5:30 min/km`), scales whose
/// name comes first (`gas mark 4`), wire gauges by cross-section (`12 AWG mm2`), the trades'
/// abbreviations (`mb`, `mcg`, `klick`, `kiloton`, `Jy`, `kBtu`) and the ones refused with the
/// reason or the choices (`psig`, `MBtu`, `mb` beside data); and the data fixes that came with
/// them (the Bavarian foot, CODATA 2022).
@Suite("Everyday notation (issue 33)")
struct EverydayNotationTests {
  static let catalog = Catalog.builtin

  /// The value of `quantity` in `target`, as every front end reads it.
  static func value(_ quantity: String, _ target: String) throws -> Double {
    try catalog.convert(quantity, to: target).doubleValue
  }

  /// The notes of a line read as one-shot and batch read it.
  static func notes(_ line: String) throws -> [String] {
    try catalog.read(ConversionRequest.parse(line: line, catalog: catalog)).notes
  }

  static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
  }

  /// The message a request is refused with; nil when it is not.
  static func refusal(_ quantity: String, _ target: String) -> String? {
    do {
      _ = try catalog.convert(quantity, to: target)
      return nil
    } catch {
      return error.message
    }
  }

  // MARK: Times with colons

  static let colonTimes: [(String, String, Double)] = [
    ("5:30 min/km", "km/h", 60 / 5.5),
    ("5:30 min/km", "min/mi", 5.5 * 1.609344),
    ("5:30 min/km", "s/km", 330),
    ("4:00 min/km", "km/h", 15),
    ("7:15 min/mi", "min/km", 7.25 / 1.609344),
    ("12:00 min/mi", "mph", 5),
    ("6:00 min/mi", "km/h", 1.609344 * 10),
    ("3:59.4 min/mi", "s/mi", 239.4),
    ("0:45 min/100m", "s/100m", 45),
    ("1:45 min/500m", "s/500m", 105),
    ("1:45 min/100yd", "s/100yd", 105),
    ("5:30 minutes per kilometre", "km/h", 60 / 5.5),
    ("8:05 min per mile", "s/mi", 485),
    ("1:30:00 h", "min", 90),
    ("2:05:30 h", "s", 7530),
    ("1:30 h", "min", 90),
    ("0:45 hours", "min", 45),
    ("3:59:59.5 h", "s", 14399.5),
    ("10:00 min", "s", 600),
    ("0:30 min", "s", 30),
    ("5:30/km", "km/h", 60 / 5.5),
    ("5:30 /mi", "min/mi", 5.5),
    ("5:30min/km", "km/h", 60 / 5.5),
    ("4:45 per km", "min/km", 4.75),
    ("1:05:30h", "min", 65.5),
    ("2:10/500m", "s/500m", 130),
    ("1:30:00", "min", 90),
    ("2:01:09", "s", 7269),
    ("0:00:30.5", "s", 30.5),
  ]

  @Test("A time written m:ss, h:mm or h:mm:ss before minutes or hours", arguments: colonTimes)
  func colonTime(_ quantity: String, _ target: String, _ expected: Double) throws {
    let value = try Self.value(quantity, target)
    #expect(Self.close(value, expected), "\(quantity) → \(value) \(target), expected \(expected)")
    let word = String(quantity.prefix { $0.isNumber || $0 == ":" || $0 == "." })
    #expect(try Self.notes("\(quantity) \(target)").contains { $0.hasPrefix("note: \(word) read as ") })
  }

  @Test("The reading of a time with colons is exact where the decimal is")
  func colonTimeExact() throws {
    let result = try Self.catalog.convert("5:30 min/km", to: "s/km")
    #expect(result.isExact && result.rational == Rational(330))
    #expect(try Self.notes("5:30 min/km km/h") == ["note: 5:30 read as 5 min 30 s"])
    #expect(try Self.notes("1:30:00 h min") == ["note: 1:30:00 read as 1 h 30 min 0 s"])
    #expect(try Self.notes("5:30/km km/h") == ["note: 5:30 read as 5 min 30 s (min/km)"])
    // Echoed as typed: the quantity's text, no single number before a unit.
    let quantity = try Self.catalog.read(ConversionRequest.parse(line: "5:20 min/km km/h", catalog: Self.catalog))
      .quantity
    #expect(quantity.text == "5:20 min/km" && quantity.number == nil)
  }

  @Test("Two fields alone are refused with both readings", arguments: ["5:30", "2:05", "0:45", "12:00"])
  func twoFieldsAlone(_ time: String) {
    let message = Self.refusal(time, "s")
    #expect(message?.contains("m:ss") == true && message?.contains("h:mm") == true, "\(message ?? "accepted")")
  }

  static let colonRefused: [(String, String)] = [
    ("5:30", "km/h"), ("5:30 km", "m"), ("5:30 km/h", "mph"), ("5:30 s/km", "km/h"), ("5:30 s", "min"),
    ("1:30:00 min", "s"), ("1:30:00 min/km", "km/h"), ("5:75 min/km", "km/h"), ("5:3 min/km", "km/h"),
    ("5:300 min/km", "km/h"), ("5::30 min/km", "km/h"), (":30 min/km", "km/h"), ("5: min/km", "km/h"),
    ("1:2:3:4 h", "s"), ("-5:30 min/km", "km/h"), ("5:30.5.5 min/km", "km/h"), ("5.5:30 min/km", "km/h"),
    ("12:30 kg", "g"), ("1:100 m", "cm"), ("3:2 1", "1"), ("5:30 d", "h"), ("5:30 ms", "s"),
    ("1:30 ks", "s"), ("5:30 min/kg", "s/kg"), ("5:30km", "km/h"), ("1:30:00/km", "km/h"), ("5:30/kg", "s/kg"),
  ]

  @Test("A colon anywhere else is refused with what it may be", arguments: colonRefused)
  func colonRefusal(_ quantity: String, _ target: String) {
    let message = Self.refusal(quantity, target)
    #expect(message != nil, "\(quantity) → \(target) was accepted")
    #expect(
      message?.contains("m:ss") == true || message?.contains("h:mm") == true || message?.contains("colon") == true,
      "\(message ?? "")")
  }

  // MARK: Name first

  static let nameFirst: [(String, String, String, Double)] = [
    ("gas mark 4", "4 gas mark", "°F", 350), ("gas mark 4", "4 gas mark", "°C", 1060.0 / 6),
    ("gas mark 1/2", "1/2 gas mark", "°F", 250), ("gas mark ½", "½ gas mark", "°F", 250),
    ("gas mark 1/4", "1/4 gas mark", "°F", 225), ("gas mark 0.25", "0.25 gas mark", "°F", 225),
    ("Gas Mark 7", "7 gas mark", "°F", 425), ("GAS MARK 9", "9 gas mark", "°F", 475),
    ("gas mark 10", "10 gas mark", "°F", 500), ("gasmark 6", "6 gasmark", "°F", 400),
    ("Regulo 5", "5 Regulo", "°F", 375), ("regulo mark 3", "3 regulo mark", "°F", 325),
    ("gas marks 2", "2 gas marks", "°F", 300), ("gas mark 1 1/2", "1 1/2 gas mark", "°F", 287.5),
    ("gas mark 2.5", "2.5 gas mark", "K", (312.5 + 459.67) * 5 / 9),
    ("regulo 3", "3 regulo", "°F", 325), ("Gas Marks 8", "8 gas marks", "°F", 450),
  ]

  @Test("A scale flagged name-first reads the number after its name", arguments: nameFirst)
  func nameFirstReading(_ quantity: String, _ numberFirst: String, _ target: String, _ expected: Double) throws {
    let value = try Self.value(quantity, target)
    #expect(Self.close(value, expected), "\(quantity) → \(value), expected \(expected)")
    #expect(try Self.value(numberFirst, target) == value)
  }

  @Test("A scale flagged name-first is read so on every path (one-shot words, a line)")
  func nameFirstSplits() throws {
    let words = try Self.catalog.read(
      ConversionRequest.parse(arguments: ["gas", "mark", "4", "°C"], catalog: Self.catalog))
    #expect(words.quantity.number == Rational(4) && words.targets.first?.text == "°C")
    let line = try Self.catalog.read(ConversionRequest.parse(line: "gas mark 4 to °F", catalog: Self.catalog))
    #expect(line.quantity.number == Rational(4))
    #expect(Self.catalog.unit(named: "gas mark")?.unit.scale?.takesNameFirst == true)
    #expect(Self.catalog.unit(named: "dBm")?.unit.scale?.takesNameFirst == false)
  }

  static let nameFirstRefused: [(String, String)] = [
    ("gas mark 11", "°C"), ("gas mark 0", "°C"), ("gas mark -1", "°C"), ("gas mark 4 5", "°C"),
    ("gas mark 4 gas mark", "°C"), ("dBm 20", "W"), ("AWG 12", "mm"), ("pH 7", "mol/L"), ("Bft 6", "m/s"),
    ("SWG 10", "mm"), ("dB 3", "1"), ("mi 5", "km"), ("gas mark x", "°C"), ("gas mark 4 * 2", "°C"),
  ]

  @Test("Only scales flagged name-first take their number after the name", arguments: nameFirstRefused)
  func nameFirstRefusal(_ quantity: String, _ target: String) {
    #expect(Self.refusal(quantity, target) != nil, "\(quantity) → \(target) was accepted")
  }

  // MARK: Gauges by cross-section

  /// The diameter of AWG n in inches (ASTM B258: d = 0.005 in × 92^((36 − n)/39)).
  static func awgInches(_ n: Double) -> Double { 0.005 * pow(92, (36 - n) / 39) }
  /// π/4 d² of AWG n in mm².
  static func awgArea(_ n: Double) -> Double {
    let d = awgInches(n) * 25.4
    return Double.pi / 4 * d * d
  }
  /// The AWG of a round wire of cross-section `mm2`.
  static func awg(mm2: Double) -> Double {
    let inches = (4 * mm2 / Double.pi).squareRoot() / 25.4
    return 36 - 39 * log(200 * inches) / log(92)
  }

  static let crossSections: [(String, String, Double)] = [
    ("12 AWG", "mm2", 3.3087729), ("12 AWG", "mm^2", awgArea(12)), ("10 AWG", "mm²", awgArea(10)),
    ("14 AWG", "mm2", awgArea(14)), ("24 AWG", "mm2", awgArea(24)), ("0 AWG", "mm2", awgArea(0)),
    ("0000 AWG", "kcmil", 211.6), ("4/0 AWG", "kcmil", 211.6),
    ("00 AWG", "kcmil", awgInches(-1) * awgInches(-1) * 1000),
    ("12 AWG", "kcmil", 6.529946), ("12 AWG", "cmil", 6529.946), ("12 AWG", "in^2", awgArea(12) / 645.16),
    ("10 SWG", "mm2", Double.pi / 4 * (0.128 * 25.4) * (0.128 * 25.4)),
    ("2.5 mm2", "AWG", awg(mm2: 2.5)), ("3.3087729 mm2", "AWG", 12), ("211.6 kcmil", "AWG", -3),
    ("6.529946 kcmil", "AWG", 12), ("1 mm²", "AWG", awg(mm2: 1)), ("1.5 mm^2", "AWG", awg(mm2: 1.5)),
    ("6529.946 cmil", "AWG", 12), ("8.302 mm2", "SWG", 10),
  ]

  @Test("A gauge and an area convert through the round wire's cross-section", arguments: crossSections)
  func crossSection(_ quantity: String, _ target: String, _ expected: Double) throws {
    let value = try Self.value(quantity, target)
    #expect(Self.close(value, expected, 1e-4), "\(quantity) → \(value) \(target), expected \(expected)")
    #expect(try Self.notes("\(quantity) \(target)").contains { $0.contains("cross-section of a round wire") })
  }

  @Test("Gauge to area and back is the gauge", arguments: [-3.0, -1, 0, 1, 4, 8, 12, 14, 18, 22, 30, 40, 56])
  func crossSectionRoundTrip(_ gauge: Double) throws {
    let area = try Self.value("\(gauge) AWG", "mm2")
    #expect(Self.close(try Self.value("\(area) mm2", "AWG"), gauge, 1e-6))
  }

  static let crossSectionRefused: [(String, String)] = [
    ("250 kcmil", "AWG"), ("1000 mm2", "AWG"), ("-1 mm2", "AWG"), ("0 mm2", "AWG"), ("1e-9 mm2", "AWG"),
    ("12 AWG", "m^3"), ("12 AWG", "kg"), ("12 AWG", "mm2/s"), ("1 m2", "dBm"), ("1 m2", "gas mark"),
    ("12 AWG", "ha/s"), ("60 AWG", "mm2"), ("1 mm2", "pH"), ("1 mm3", "AWG"), ("1 mm", "kcmil"),
  ]

  @Test(
    "No cross-section where the other side is no area or the gauge has no such wire",
    arguments: crossSectionRefused)
  func crossSectionRefusal(_ quantity: String, _ target: String) {
    #expect(Self.refusal(quantity, target) != nil, "\(quantity) → \(target) was accepted")
  }

  @Test("A gauge to a length stays a diameter, with no note")
  func diameterStays() throws {
    #expect(Self.close(try Self.value("12 AWG", "mm"), 2.0525254, 1e-6))
    #expect(try Self.notes("12 AWG mm").isEmpty)
  }

  // MARK: Abbreviations

  static let abbreviations: [(String, String, Double)] = [
    ("1013 mb", "hPa", 1013), ("1 mb", "Pa", 100), ("1000 mb", "bar", 1), ("29.92 inHg", "mb", 1013.2075),
    ("500 mcg", "mg", 0.5), ("1 mg", "mcg", 1000), ("400 mcg", "µg", 400), ("1 g", "mcg", 1e6),
    ("1 klick", "m", 1000), ("3 klicks", "km", 3), ("5 klicks", "mi", 5 / 1.609344),
    ("1 kiloton", "GJ", 4184), ("20 kilotons", "TJ", 83.68), ("1 megaton", "J", 4.184e15),
    ("2 megatons", "PJ", 8.368), ("15 kilotons", "kWh", 15 * 4.184e12 / 3.6e6), ("1 megaton", "kiloton", 1000),
    ("1 Jy", "W/(m^2*Hz)", 1e-26), ("5 mJy", "Jy", 0.005), ("1 MJy", "Jy", 1e6), ("3 µJy", "mJy", 0.003),
    ("1 jansky", "W/(m^2*Hz)", 1e-26), ("1 kBtu", "BTU", 1000), ("1 MMBtu", "kBtu", 1000),
    ("1 kBtu", "kJ", 1055.05585262), ("100 psia", "psi", 100),
  ]

  @Test("The trades' abbreviations", arguments: abbreviations)
  func abbreviation(_ quantity: String, _ target: String, _ expected: Double) throws {
    let value = try Self.value(quantity, target)
    #expect(Self.close(value, expected, 1e-6), "\(quantity) → \(value) \(target), expected \(expected)")
  }

  @Test(
    "mb, kiloton and megaton are read with a note",
    arguments: [
      ("1013 mb hPa", "note: mb read as millibar"), ("1 kiloton TJ", "note: kiloton read as kiloton of TNT"),
      ("2 megatons PJ", "note: megatons read as megaton of TNT"), ("1 atm mb", "note: mb read as millibar"),
    ])
  func abbreviationNote(_ line: String, _ note: String) throws {
    let notes = try Self.notes(line)
    #expect(notes.contains { $0.hasPrefix(note) }, "\(notes)")
  }

  static let abbreviationsRefused: [(String, String, [String])] = [
    ("5 mb", "MB", ["millibar", "megabit", "megabyte"]), ("5 mb", "Mb", ["megabit", "megabyte"]),
    ("5 mb", "kB", ["megabyte"]), ("1 MB", "mb", ["megabit", "megabyte"]), ("8 mb", "bit", ["megabit"]),
    ("1 MBtu", "J", ["1000 BTU", "10⁶ BTU"]), ("1 MBTU", "kWh", ["1000 BTU", "10⁶ BTU"]),
    ("1 Mbtu", "BTU", ["1000 BTU", "10⁶ BTU"]), ("1 GJ", "MBtu", ["1000 BTU", "10⁶ BTU"]),
    ("30 psig", "kPa", ["gauge pressure", "psi", "1 atm"]), ("1 psi", "psig", ["gauge pressure"]),
    ("2 barg", "bar", ["gauge pressure", "bar"]), ("200 kPag", "kPa", ["gauge pressure"]),
    ("30 psig", "psi", ["gauge pressure"]), ("1 megaton", "kg", ["energy", "mass"]),
  ]

  @Test("Spellings with two readings or none are refused with them", arguments: abbreviationsRefused)
  func abbreviationRefusal(_ quantity: String, _ target: String, _ words: [String]) {
    let message = Self.refusal(quantity, target)
    #expect(message != nil, "\(quantity) → \(target) was accepted")
    for word in words { #expect(message?.contains(word) == true, "\(message ?? "") lacks \(word)") }
  }

  // MARK: Data

  @Test("The Bavarian foot is exactly the Bavarian Klafter (1.751155 m) over 6")
  func bavarianFoot() throws {
    let result = try Self.catalog.convert("6 Bavarian feet", to: "m")
    #expect(result.isExact && result.rational == Rational(decimalLiteral: "1.751155")!)
  }

  /// CODATA 2022 values (Mohr et al., arXiv:2409.03787; physics.nist.gov/cuu/Constants).
  static let codata2022: [(String, String, Double)] = [
    ("bohr", "m", 5.29177210544e-11), ("hartree", "J", 4.3597447222060e-18),
    ("electron mass", "kg", 9.1093837139e-31), ("atomic unit of time", "s", 2.4188843265864e-17),
    ("atomic unit of velocity", "m/s", 2.18769126216e6), ("atomic unit of force", "N", 8.2387235038e-8),
    ("atomic unit of electric field", "V/m", 5.14220675112e11),
    ("atomic unit of electric potential", "V", 27.211386245981),
    ("atomic unit of current", "A", 6.6236182375082e-3),
    ("atomic unit of magnetic flux density", "T", 2.35051757077e5),
    ("atomic unit of momentum", "kg*m/s", 1.99285191545e-24),
    (
      "atomic unit of pressure", "Pa", 4.3597447222060e-18 / (5.29177210544e-11 * 5.29177210544e-11 * 5.29177210544e-11)
    ),
    ("rydberg", "J", 2.1798723611030e-18), ("dalton", "kg", 1.66053906892e-27),
    ("proton mass", "kg", 1.67262192595e-27), ("neutron mass", "kg", 1.67492750056e-27),
    ("muon mass", "kg", 1.883531627e-28), ("classical electron radius", "m", 2.8179403205e-15),
    ("natural unit of time", "s", 1.28808866644e-21), ("Planck length", "m", 1.616255e-35),
    ("Planck time", "s", 5.391247e-44), ("Planck mass", "kg", 2.176434e-8),
  ]

  @Test("Atomic and particle units are CODATA 2022", arguments: codata2022)
  func codata(_ unit: String, _ target: String, _ expected: Double) throws {
    #expect(Self.close(try Self.value("1 " + unit, target), expected, 1e-12))
  }

  @Test("No unit cites CODATA 2018 any more")
  func oneEdition() {
    for unit in Self.catalog.units where unit.source.contains("CODATA") {
      #expect(!unit.source.contains("CODATA 2018"), "\(unit.name): \(unit.source)")
    }
  }
}
