import Testing

@testable import ConvKit

/// The catalog's memo of found (and recently unknown) spellings changes no reading: requests read
/// after many others give what they give in a catalog that has read nothing, and the memo keeps
/// only what it may.
@Suite("Reading memo")
struct ReadingMemoTests {
  /// A fresh built-in catalog: the same compiled tables, an empty memo.
  static func freshCatalog() -> Catalog {
    Catalog(
      storage: CatalogStorage(
        tables: .shared, categories: [], units: [],
        rates: RatesInUse(snapshot: { BuiltinTables.exchangeRates })))
  }

  /// Requests with ambiguous spellings (read by the other side), prefixes, claimed spellings,
  /// abbreviations with a period, currency signs, compounds and unknown words.
  static let lines = [
    "5 mi to km", "1 pt to mm", "1 pt to L", "100 C to F", "5 C/kg to mC/kg", "3 ft. to m", "45' to °",
    "6' to m", "1 a to m²", "1 a to d", "$5 to EUR", "5 kmm to m", "5 KM to mi", "5 Km to m", "5 zq to m",
    "kg*m/s^2 to lbf", "5 in in cm", "1 in cm", "5 mil to mm", "5 mil to rad", "5 mph to km/h", "4/0 AWG to mm",
    "5 ºC to K", "5 Ki to B", "8 KiB to bit", "2 lb to N", "9 oz to g", "5 As to C", "5 AS to mA",
    // Claimed and ambiguous spellings inside expressions that are no catalog spelling.
    "2 C*V to J", "5 C/s to A", "3 F*V to C", "1 pt*s to L*s", "2 F*K to J",
    // Unknown words read several times on one line (no `to`: split, whole, then read).
    "5 zq", "5 zq km", "5 km zq", "zq", "5 zq zr", "5 zq*m to m", "5 m to zq/s", "5 zqm",
  ]

  static func outcome(_ catalog: Catalog, _ line: String) -> String {
    let request = ConversionRequest.parse(line: line, catalog: catalog)
    do {
      let reading = try catalog.read(request)
      let units = ([reading.quantity.unit?.text ?? "-"] + reading.targets.map(\.text)).joined(separator: "|")
      return "\(units) \(reading.quantity.dimension.formula) \(reading.notes)"
    } catch {
      return error.message
    }
  }

  @Test("Readings after a warm memo equal readings in a fresh catalog", arguments: lines)
  func warmEqualsFresh(line: String) {
    let warm = Self.freshCatalog()
    // Every other line first, in both orders, so that the memo holds their spellings.
    for other in Self.lines + Self.lines.reversed() { _ = Self.outcome(warm, other) }
    #expect(Self.outcome(warm, line) == Self.outcome(Self.freshCatalog(), line))
  }

  @Test(
    "The memo keeps found ASCII spellings of units that do not follow the rates, up to its capacity, and the last unknown ones"
  )
  func keepsWhatItMay() throws {
    let memo = ReadingMemo()
    let catalog = Catalog.builtin
    let metre = try #require(catalog.unit(named: "m"))
    let euro = try #require(catalog.unit(named: "EUR"))
    let micrometre = try #require(catalog.unit(named: "µm"))
    memo.remember([metre], of: "m", standalone: true)
    memo.remember([euro], of: "EUR", standalone: true)
    memo.remember([micrometre], of: "µm", standalone: true)
    memo.remember([], of: "zq", standalone: true)
    #expect(memo.readings(of: "m", standalone: true) == [metre])
    #expect(memo.readings(of: "m", standalone: false) == nil)
    #expect(memo.readings(of: "EUR", standalone: true) == nil)
    #expect(memo.readings(of: "µm", standalone: true) == nil)
    #expect(memo.readings(of: "zq", standalone: true) == [])
    #expect(memo.readings(of: "zq", standalone: false) == nil)
    // The last few unknown spellings only.
    for number in 0..<ReadingMemo.recentUnknowns { memo.remember([], of: "zq\(number)", standalone: true) }
    #expect(memo.readings(of: "zq", standalone: true) == nil)
    #expect(memo.readings(of: "zq0", standalone: true) == [])
    memo.remember([], of: "µq", standalone: true)
    #expect(memo.readings(of: "µq", standalone: true) == nil)
    for number in 0..<(ReadingMemo.capacity + 10) { memo.remember([metre], of: "m\(number)", standalone: false) }
    #expect(memo.readings(of: "m\(ReadingMemo.capacity - 1)", standalone: false) != nil)
    #expect(memo.readings(of: "m\(ReadingMemo.capacity + 5)", standalone: false) == nil)
  }
}
