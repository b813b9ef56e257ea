import Testing

@testable import ConvKit

/// Issue 15 at the engine level: numbers by locale, mixed numbers, marks, and the other side
/// deciding between readings of one spelling.
@Suite("Reading quantities")
struct ReadingTests {
  static let german = NumberConventions(decimalMark: ",", groupingMark: ".")
  static let french = NumberConventions(decimalMark: ",", groupingMark: "\u{202F}")
  static let swiss = NumberConventions(decimalMark: ".", groupingMark: "’")

  /// A number typed before `m`, the conventions, and its exact value (nil: refused).
  static let numbers: [(String, NumberConventions, Rational?)] = [
    ("1 1/2", .standard, (Rational(3) / Rational(2))),
    ("2 3/4", .standard, (Rational(11) / Rational(4))),
    ("1-1/2", .standard, (Rational(3) / Rational(2))),
    ("-1 1/2", .standard, (Rational(-3) / Rational(2))),
    ("½", .standard, (Rational(1) / Rational(2))),
    ("1¾", .standard, (Rational(7) / Rational(4))),
    ("1 ¾", .standard, (Rational(7) / Rational(4))),
    ("⅛", .standard, (Rational(1) / Rational(8))),
    ("1⁄2", .standard, (Rational(1) / Rational(2))),
    ("1,000,000", .standard, Rational(1_000_000)),
    ("1,234.5", .standard, (Rational(12345) / Rational(10))),
    ("1.5", .standard, (Rational(3) / Rational(2))),
    ("1\u{2009}000", .standard, Rational(1000)),
    ("1\u{00A0}000", .standard, Rational(1000)),
    ("1_000", .standard, Rational(1000)),
    ("1,5", .standard, nil),
    ("1,50", .standard, nil),
    ("1 000", .standard, nil),
    ("1 2", .standard, nil),
    ("2 5/4", .standard, nil),
    ("1.2.3", .standard, nil),
    ("1'000", .standard, nil),
    ("1,5", german, (Rational(3) / Rational(2))),
    ("1.234,5", german, (Rational(12345) / Rational(10))),
    ("1.000.000", german, Rational(1_000_000)),
    ("1.5", german, (Rational(3) / Rational(2))),
    ("1.500", german, nil),
    ("1,500", german, (Rational(3) / Rational(2))),
    ("1 000 000", french, Rational(1_000_000)),
    ("1 234,5", french, (Rational(12345) / Rational(10))),
    ("3,75", french, (Rational(15) / Rational(4))),
    ("1'000", swiss, Rational(1000)),
    ("1’000’000.5", swiss, (Rational(2_000_001) / Rational(2))),
  ]

  @Test("Numbers: mixed, vulgar, grouped and decimal as the locale writes them", arguments: numbers.indices)
  func number(_ index: Int) {
    let (text, conventions, expected) = Self.numbers[index]
    let quantity = try? Catalog.builtin.parseQuantity(text + " m", conventions: conventions)
    #expect(quantity?.number == expected, "\(text): \(String(describing: quantity?.number))")
  }

  /// A quantity, a target, the unit the quantity's symbol is read as, and the note (if any).
  static let choices: [(String, String, String, String?)] = [
    ("1 Ah", "C", "ampere-hour", "note: C read as coulomb"),
    ("1 C", "K", "degree Celsius", nil),
    ("1 C", "A*s", "coulomb", "note: C read as coulomb"),
    ("1 F", "µF", "farad", "note: F read as farad"),
    ("1 F", "°C", "degree Fahrenheit", nil),
    ("12 pt", "mm", "point", "note: pt read as point"),
    ("1 pt", "mL", "pint", nil),
    ("100 rad", "Gy", "radiation absorbed dose", "note: rad read as radiation absorbed dose"),
    ("1 rad", "°", "radian", nil),
    ("6400 mil", "°", "NATO mil", "note: mil read as NATO mil"),
    ("1 mil", "mm", "thou", nil),
    ("8 oz", "mL", "fluid ounce", "note: oz read as fluid ounce"),
    ("8 oz", "g", "ounce", nil),
    ("100 lb", "N", "pound-force", "note: lb read as pound-force"),
    ("1 a", "m²", "are", "note: a read as are"),
    ("1 a", "d", "year", nil),
    ("45'", "°", "arcminute", "note: ' read as arcminute"),
    ("6'", "m", "foot", nil),
  ]

  @Test("The other side decides between readings, and says so", arguments: choices.indices)
  func otherSide(_ index: Int) throws {
    let (quantity, target, unit, note) = Self.choices[index]
    let request = ConversionRequest(
      quantity: quantity, targets: [target], source: quantity + " " + target,
      quantityOffset: 0, targetOffset: quantity.count + 1)
    let reading = try Catalog.builtin.read(request)
    let names = [reading.quantity.unit?.singleUnit?.unit.name, reading.targets.first?.singleUnit?.unit.name]
    #expect(names.contains(unit), "\(quantity) → \(target): \(names)")
    #expect(reading.notes == (note.map { [$0] } ?? []))
  }

  @Test("Without a reading that converts, the default reading's error stands")
  func noReadingFits() {
    let request = ConversionRequest(
      quantity: "1 pt", targets: ["kg"], source: "1 pt kg", quantityOffset: 0,
      targetOffset: 5)
    #expect(throws: ConvError.self) { try Catalog.builtin.read(request) }
    do {
      _ = try Catalog.builtin.read(request)
    } catch {
      #expect(error.message.contains("cannot convert pt to kg"), "\(error.message)")
    }
  }
}
