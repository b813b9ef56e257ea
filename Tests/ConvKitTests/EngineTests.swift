import Testing

@testable import ConvKit

/// Conversions whose expected values are worked by hand from the definitions.
@Suite("Engine on a small catalog")
struct EngineTests {
  let catalog = MiniCatalog.catalog

  struct Case: Sendable, CustomTestStringConvertible {
    let quantity: String, target: String, exact: String
    var testDescription: String { "\(quantity) → \(target)" }
  }

  @Test(
    "Exact results",
    arguments: [
      Case(quantity: "0.1 ft", target: "m", exact: "381/12500"),  // 0.03048
      Case(quantity: "1 mi", target: "km", exact: "201168/125000"),  // 1.609344
      Case(quantity: "100 km/h", target: "m/s", exact: "250/9"),
      Case(quantity: "100 °F", target: "°C", exact: "340/9"),  // (100 − 32) × 5/9
      Case(quantity: "-40 °C", target: "°F", exact: "-40"),
      Case(quantity: "0 °C", target: "K", exact: "5463/20"),  // 273.15
      Case(quantity: "3000 rpm", target: "Hz", exact: "50"),
      Case(quantity: "1 Hz", target: "rpm", exact: "60"),
      Case(quantity: "3/4 gal", target: "in^3", exact: "693/4"),
      Case(quantity: "6 ft 2 in", target: "in", exact: "74"),
      Case(quantity: "5 ft + 3 in", target: "in", exact: "63"),
      Case(quantity: "1 KiB", target: "bit", exact: "8192"),
      Case(quantity: "1 kilometre", target: "m", exact: "1000"),
      Case(quantity: "2 µm", target: "m", exact: "1/500000"),
      Case(quantity: "2 μm", target: "um", exact: "2"),
      Case(quantity: "1 kg m^2/s^2", target: "J", exact: "1"),
      Case(quantity: "1 kg*m/s^2*m", target: "J", exact: "1"),
      Case(quantity: "10 Δ°C", target: "Δ°F", exact: "18"),
      Case(quantity: "1.5e3 m", target: "km", exact: "3/2"),
      Case(quantity: "1 ton", target: "kg", exact: "45359237/50000"),
      Case(quantity: "1 short ton", target: "lb", exact: "2000"),
      Case(quantity: "360 °", target: "rev", exact: "1"),
      Case(quantity: "100 C", target: "F", exact: "212"),
      Case(quantity: "1 m²", target: "ft²", exact: "1562500/145161"),  // 1 / 0.3048²
    ])
  func exactResults(_ c: Case) throws {
    let result = try catalog.convert(c.quantity, to: c.target)
    #expect(result.isExact)
    let parts = c.exact.split(separator: "/")
    let expected =
      parts.count == 2
      ? Rational(decimalLiteral: parts[0].replacingOccurrences("-", ""))! / Rational(decimalLiteral: parts[1])!
      : Rational(decimalLiteral: parts[0].replacingOccurrences("-", ""))!
    #expect(result.value.rational == (c.exact.hasPrefix("-") ? -expected : expected))
  }

  @Test("Reciprocal conversions: 30 mpg ↔ L/100km")
  func reciprocal() throws {
    let result = try catalog.convert("30 mpg", to: "L/100km")
    #expect(result.kind == .reciprocal)
    // 100 km / (30 mi/gal) in litres: 100000 m × 3.785411784 L / (30 × 1609.344 m)
    let expected = Rational(decimalLiteral: "378541.1784")! / Rational(decimalLiteral: "48280.32")!
    #expect(result.value.rational == expected)
    #expect(result.value.rational.rounded(significantDigits: 15).plainString == "7.84048611111111")
    let back = try catalog.convert("7.84048611111111 L/100km", to: "mpg")
    #expect(abs(back.doubleValue - 30) < 1e-12)
  }

  @Test("Rotation keeps π exact until the end: 3000 rpm = 100π rad/s")
  func rotation() throws {
    let result = try catalog.convert("3000 rpm", to: "rad/s")
    #expect(result.value == Magnitude(Rational(100), piPower: 1))
    #expect(!result.isExact)
    #expect(result.rational.rounded(significantDigits: 9).plainString == "314.159265")
  }

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    let quantity: String, target: String, span: SourceSpan?, contains: String
    var testDescription: String { "\(quantity) → \(target)" }
  }

  @Test(
    "Errors name the problem and point at it",
    arguments: [
      ErrorCase(
        quantity: "3 furlongz", target: "m", span: SourceSpan(start: 2, length: 8), contains: "unknown unit 'furlongz'"),
      ErrorCase(quantity: "5 mi", target: "kg", span: nil, contains: "length vs mass"),
      ErrorCase(
        quantity: "5 °C + 2 K", target: "K", span: SourceSpan(start: 5, length: 1),
        contains: "use the difference unit Δ°C"),
      ErrorCase(quantity: "10 °C", target: "Δ°F", span: nil, contains: "absolute temperature"),
      ErrorCase(quantity: "0 mpg", target: "L/100km", span: nil, contains: "reciprocal of zero"),
      ErrorCase(quantity: "5 m^99999", target: "m", span: SourceSpan(start: 4, length: 5), contains: "exponent"),
      ErrorCase(quantity: "(((5 m)", target: "m", span: SourceSpan(start: 1, length: 1), contains: "missing ')'"),
      ErrorCase(quantity: "5 m +", target: "m", span: SourceSpan(start: 5, length: 1), contains: "ends too early"),
      ErrorCase(
        quantity: "1e999999999 m", target: "m", span: SourceSpan(start: 0, length: 11), contains: "out of range"),
      ErrorCase(
        quantity: "5 mi", target: "m + s", span: SourceSpan(start: 2, length: 1), contains: "cannot add length and time"
      ),
    ])
  func errors(_ c: ErrorCase) {
    do {
      _ = try catalog.convert(c.quantity, to: c.target)
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains(c.contains), "\(error.message)")
      if let span = c.span { #expect(error.span == span) }
    }
  }

  @Test("Did you mean")
  func suggestions() {
    #expect(catalog.suggestions(for: "mille").contains("mile"))
    #expect(catalog.suggestions(for: "KM").isEmpty == false || catalog.unit(named: "KM") == nil)
  }

  @Test("Lookup rules: symbols are case-sensitive, names are not, claimed names win")
  func lookupRules() {
    #expect(catalog.unit(named: "F")?.unit.name == "degree Fahrenheit")
    #expect(catalog.unit(named: "µF")?.unit.name == "farad")
    #expect(catalog.unit(named: "MILES")?.unit.name == "mile")
    #expect(catalog.unit(named: "B")?.unit.name == "byte")
    #expect(catalog.unit(named: "b")?.unit.name == "bit")
    #expect(catalog.unit(named: "Mm")?.prefix?.name == "mega")
    #expect(catalog.unit(named: "mm")?.prefix?.name == "milli")
    #expect(catalog.unit(named: "h")?.unit.name == "hour")
    #expect(catalog.unit(named: "GiB")?.prefix?.name == "gibi")
    #expect(catalog.unit(named: "kibibytes")?.unit.name == "byte")
    // Data takes binary prefixes and SI multiples, never SI fractions (`dB` is no decibyte).
    #expect(catalog.unit(named: "kB")?.prefix?.name == "kilo")
    #expect(catalog.unit(named: "dB") == nil)
    #expect(catalog.unit(named: "mbit") == nil)
    #expect(catalog.unit(named: "hB") == nil)
    #expect(catalog.unit(named: "millibytes") == nil)
  }

  @Test("The whole column puts featured prefixed forms among the common units, by magnitude")
  func columnUnits() throws {
    let length = try #require(catalog.category(named: "length"))
    #expect(catalog.columnUnits(in: length).map(\.symbol) == ["cm", "in", "ft", "m", "km", "mi"])
    let volume = try #require(catalog.category(named: "volume"))
    #expect(catalog.columnUnits(in: volume).map(\.symbol) == ["L", "gal"])
  }

  @Test(
    "'featured:' names prefixed units of its own category",
    arguments: [
      ("featured: km, mi", "featured 'mi' is not a prefixed unit of category 'length'"),
      ("featured: kL", "featured 'kL' is not a prefixed unit of category 'length'"),
      ("featured: kzorg", "featured 'kzorg' is not a prefixed unit of category 'length'"),
    ])
  func featuredIsChecked(header: String, message: String) {
    let text =
      "category: length\ndimension: length\n\(header)\nmetre | metres | m | | base | si | SI\n"
      + "mile | miles | mi | | 1609.344 m | | NIST\n"
      + "category: volume\ndimension: length^3\nlitre | litres | L | | 0.001 m^3 | si | SI\n"
    let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: "test.units", text: text)])
    #expect(diagnostics.map(\.message) == [message])
    #expect(diagnostics.first?.line == 3)
    // The rest of the header still counts: the column shows what resolved.
    let length = catalog.category(named: "length")
    #expect(length.map { catalog.columnUnits(in: $0).contains { $0.prefix != nil && $0.symbol != "km" } } == false)
  }

  @Test("'featured:' is refused where a category is only extended")
  func featuredOnExtension() {
    let text = "category: length\nfeatured: mm\nfurlong | furlongs | fur | | 660 ft | | NIST\n"
    let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: "mine.units", text: text)], base: catalog)
    #expect(
      diagnostics.map(\.message) == ["'featured:' belongs where category 'length' is defined, not where it is extended"]
    )
    #expect(catalog.unit(named: "furlong") != nil)
  }
}

extension StringProtocol {
  func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
    String(self.map { $0 == target ? replacement : String($0) }.joined())
  }
}
