import Foundation
import Testing

/// One input of the reading table: a line, and the terse result every front end must give for it
/// (nil: every front end refuses it; empty: any result, as long as all agree).
struct ReadingCase: CustomTestStringConvertible, Sendable {
  let line: String
  let expected: String?
  let locale: String

  init(_ line: String, _ expected: String?, locale: String = "C.UTF-8") {
    self.line = line
    self.expected = expected
    self.locale = locale
  }

  var testDescription: String { locale == "C.UTF-8" ? line : "\(line) [\(locale)]" }
}

/// Issue 15: what people type is read one way, by one-shot, batch and the REPL's pipe mode alike:
/// mixed numbers and vulgar fractions, digit grouping and decimal commas by locale, feet and inches,
/// keywords, negative values, ambiguous symbols decided by the other side, every catalog spelling.
@Suite("Reading what people type, the same through every front end")
struct ReadingTableTests {
  static let cases: [ReadingCase] = [
    ReadingCase("1 1/2 cup to mL", "354.88235475"),
    ReadingCase("2 3/4 in to mm", "69.85"),
    ReadingCase("1 1/4 mi to km", "2.01168"),
    ReadingCase("3 1/3 ft to in", "40"),
    ReadingCase("10 1/2 lb to kg", "4.762719885"),
    ReadingCase("2 1/2 tbsp to tsp", "7.5"),
    ReadingCase("1 7/8 in to mm", "47.625"),
    ReadingCase("½ cup to mL", "118.29411825"),
    ReadingCase("¾ cup to tbsp", "12"),
    ReadingCase("⅓ cup to tsp", "16"),
    ReadingCase("1¾ in to mm", "44.45"),
    ReadingCase("2½ mi to km", "4.02336"),
    ReadingCase("1 ¼ ft to in", "15"),
    ReadingCase("⅛ in to mm", "3.175"),
    ReadingCase("5⅝ in to mm", "142.875"),
    ReadingCase("-1 1/2 cup to mL", "-354.88235475"),
    ReadingCase("−2½ ft to in", "-30"),
    ReadingCase("1 1/2 cups in mL", "354.88235475"),
    ReadingCase("3/4 cup to mL", "177.441177375"),
    ReadingCase("1⁄2 in to mm", "12.7"),
    ReadingCase("4 1/2 ft to m", "1.3716"),
    ReadingCase("1 1/2 h to min", "90"),
    ReadingCase("2 2/3 yd to ft", "8"),
    ReadingCase("6 ft 2 in to cm", "187.96"),
    ReadingCase("1 2 m to cm", nil),
    ReadingCase("1 2/3 4 m to cm", nil),
    ReadingCase("3 4 ft to in", nil),
    ReadingCase("2 5/4 in to mm", nil),
    ReadingCase("1,000,000 m to km", "1000"),
    ReadingCase("1,234.5 m to km", "1.2345"),
    ReadingCase("12,345 ft to mi", "2.3380681818181817"),
    ReadingCase("1 000 000 m to km", nil),
    ReadingCase("1 000 m to km", "1"),
    ReadingCase("1 000 m to km", "1"),
    ReadingCase("2 500 m to km", "2.5"),
    ReadingCase("1,5 km to m", nil),
    ReadingCase("1,50 km to m", nil),
    ReadingCase("1.5 km to m", "1500"),
    ReadingCase("1,5 km to m", "1500", locale: "de_DE.UTF-8"),
    ReadingCase("1.234,5 m to km", "1.2345", locale: "de_DE.UTF-8"),
    ReadingCase("1.000.000 m to km", "1000", locale: "de_DE.UTF-8"),
    ReadingCase("1.500 m to km", nil, locale: "de_DE.UTF-8"),
    ReadingCase("1.5 km to m", "1500", locale: "de_DE.UTF-8"),
    ReadingCase("2,25 mi to km", "3.621024", locale: "de_DE.UTF-8"),
    ReadingCase("0,5 cup to mL", "118.29411825", locale: "de_DE.UTF-8"),
    ReadingCase("1 000 000 m to km", "1000", locale: "fr_FR.UTF-8"),
    ReadingCase("1 234,5 m to km", "1.2345", locale: "fr_FR.UTF-8"),
    ReadingCase("3,75 ft to in", "45", locale: "fr_FR.UTF-8"),
    ReadingCase("1,5 km to m", "1500", locale: "es_ES.UTF-8"),
    ReadingCase("1.000,5 m to km", "1.0005", locale: "es_ES.UTF-8"),
    ReadingCase("1,000.5 m to km", "1.0005", locale: "en_US.UTF-8"),
    ReadingCase("1,5 m to cm", nil, locale: "en_US.UTF-8"),
    ReadingCase("1 1/2 cup to mL", "354.88235475", locale: "de_DE.UTF-8"),
    ReadingCase("1.2.3 m to cm", nil),
    ReadingCase("1,00,000 m to km", nil),
    ReadingCase("10,000 lb to kg", "4535.9237"),
    ReadingCase("5'11\" to cm", "180.34"),
    ReadingCase("5′11″ to cm", "180.34"),
    ReadingCase("5ft11in to cm", "180.34"),
    ReadingCase("5 ft 11 in to cm", "180.34"),
    ReadingCase("6' to m", "1.8288"),
    ReadingCase("11\" to cm", "27.94"),
    ReadingCase("6'2\" to m", "1.8796"),
    ReadingCase("5' 6\" to in", "66"),
    ReadingCase("30°15' to °", "30.25"),
    ReadingCase("10°30'36\" to °", "10.51"),
    ReadingCase("45' to °", "0.75"),
    ReadingCase("90\" to arcmin", "1.5"),
    ReadingCase("1m80cm to cm", "180"),
    ReadingCase("2ft6in to in", "30"),
    ReadingCase("60 mph in km/h", "96.56064"),
    ReadingCase("60 mph to km/h", "96.56064"),
    ReadingCase("60 mph -> km/h", "96.56064"),
    ReadingCase("60 mph → km/h", "96.56064"),
    ReadingCase("60 mph => km/h", "96.56064"),
    ReadingCase("100 km/h as mph", "62.1371192237334"),
    ReadingCase("5 in in cm", "12.7"),
    ReadingCase("1 in cm", "2.54"),
    ReadingCase("12 in to ft", "1"),
    ReadingCase("3 ft in in", "36"),
    ReadingCase("2 m in in", "78.74015748031496"),
    ReadingCase("10 as in fs", "0.01"),
    ReadingCase("5 m as ft", "16.404199475065617"),
    ReadingCase("1 mi in m", "1609.344"),
    ReadingCase("1 in to mm", "25.4"),
    ReadingCase("7 in", ""),
    ReadingCase("1 l in ml", "1000"),
    ReadingCase("20 kn in km/h", "37.04"),
    ReadingCase("5 kg in lb", "11.023113109243878"),
    ReadingCase("2 cups in mL", "473.176473"),
    ReadingCase("-40 °F to °C", "-40"),
    ReadingCase("-40 fahrenheit to celsius", "-40"),
    ReadingCase("-10 lb to kg", "-4.5359237"),
    ReadingCase("−5 m to ft", "-16.404199475065617"),
    ReadingCase("-3.5 in to cm", "-8.89"),
    ReadingCase("-500 °C to K", nil),
    ReadingCase("-1 K to °C", nil),
    ReadingCase("-459.67 °F to K", "0"),
    ReadingCase("-273.15 °C to °F", "-459.67"),
    ReadingCase("- 4 m to cm", "-400"),
    ReadingCase("1 Ah to C", "3600"),
    ReadingCase("1 F to µF", "1000000"),
    ReadingCase("1 F to nF", "1000000000"),
    ReadingCase("2 C to mAh", "0.5555555555555556"),
    ReadingCase("12 pt to mm", "4.233333333333333"),
    ReadingCase("72 pt to in", "1"),
    ReadingCase("1 pt to mL", "473.176473"),
    ReadingCase("100 rad to Gy", "1"),
    ReadingCase("1 rad to °", "57.29577951308232"),
    ReadingCase("6400 mil to °", "360"),
    ReadingCase("1 mil to mm", "0.0254"),
    ReadingCase("100 lb to N", "444.82216152605"),
    ReadingCase("1 lb to kg", "0.45359237"),
    ReadingCase("8 oz to mL", "236.5882365"),
    ReadingCase("8 oz to g", "226.796185"),
    ReadingCase("1 a to m²", "100"),
    ReadingCase("5 G to m/s²", "49.03325"),
    ReadingCase("1 C to K", "274.15"),
    ReadingCase("98.6 F to C", "37"),
    ReadingCase("1 C to A*s", "1"),
    ReadingCase("1 F to °C", "-17.22222222222222"),
    ReadingCase("2 ounces to mL", "59.147059125"),
    ReadingCase("1 farad-90 to F", ""),
    ReadingCase("1 OC-3 to Mbit/s", "155.52"),
    ReadingCase("1 STM-1 to Mbit/s", "155.52"),
    ReadingCase("2 OC-12 to Mbit/s", "1244.16"),
    ReadingCase("1 T1 to kbit/s", "1544"),
    ReadingCase("1 E1 to kbit/s", "2048"),
    ReadingCase("1 DS-3 to Mbit/s", "44.736"),
    ReadingCase("1 light-year to km", ""),
    ReadingCase("1 ampere-hour to C", "3600"),
    ReadingCase("1 foot-pound to J", "1.3558179483314003"),
    ReadingCase("1 kilogram-force to N", "9.80665"),
    ReadingCase("1 pound-force to N", "4.4482216152605"),
    ReadingCase("1 in w.c. to Pa", ""),
    ReadingCase("1 B.A. unit to Ω", ""),
    ReadingCase("1 M☉ to kg", ""),
    ReadingCase("2 R⊕ to km", "12756.2"),
    ReadingCase("1 ℥ to g", "31.1034768"),
    ReadingCase("3 acre-feet to m³", ""),
    ReadingCase("1 newton-metre to J", "1"),
    ReadingCase("1 watt-hour to J", "3600"),
    ReadingCase("1 horsepower-hour to kWh", ""),
    ReadingCase("1 gram-force to N", "0.00980665"),
    ReadingCase("20 °c to °F", "68"),
    ReadingCase("68 °f to °C", "20"),
    ReadingCase("300 °k to K", "300"),
    ReadingCase("1 sqft to m²", "0.09290304"),
    ReadingCase("1 sqm to ft²", "10.763910416709722"),
    ReadingCase("1 sqin to cm²", "6.4516"),
    ReadingCase("1 cuft to L", "28.316846592"),
    ReadingCase("1 cuin to mL", "16.387064"),
    ReadingCase("100 kmh to m/s", "27.77777777777778"),
    ReadingCase("100 kph to mph", "62.1371192237334"),
    ReadingCase("1 sqmi to km²", "2.589988110336"),
    ReadingCase("1 cuyd to m³", "0.764554857984"),
    ReadingCase("5 mi to kg", nil),
    ReadingCase("5 xyzzy to km", nil),
    ReadingCase("1 ft to", nil),
    ReadingCase("to km", nil),
    ReadingCase("1.5.5 m to cm", nil),
    ReadingCase("5 m to ft in", nil),
    ReadingCase("1-1/2 in to mm", "38.1"),
    ReadingCase("2-3/4 in to mm", "69.85"),
    ReadingCase("5 ft. 11 in. to cm", "180.34"),
    ReadingCase("3 lbs. to kg", "1.36077711"),
    ReadingCase("2 tbsp. to mL", "29.5735295625"),
    ReadingCase("1'000 m to km", nil),
    ReadingCase("1'000 m to km", "1", locale: "de_CH.UTF-8"),
    ReadingCase("5mi->km", "8.04672"),
    ReadingCase("5 mi→km", "8.04672"),
    ReadingCase("5 mi TO km", "8.04672"),
    ReadingCase("20 ºC to °F", "68"),
    ReadingCase("20 ˚C to °F", "68"),
    ReadingCase("60 kmph to mph", "37.28227153424004"),
    ReadingCase("1 sq. ft. to m²", "0.09290304"),
    ReadingCase("10 Miles In km", "16.09344"),
    ReadingCase("5'11.5\" to cm", "181.61"),
  ]

  @Test("At least 150 cases")
  func enoughCases() {
    #expect(Self.cases.count >= 150)
  }

  @Test("One-shot, batch and the REPL's pipe mode give the same answer or the same refusal", arguments: cases)
  func sameEverywhere(_ reading: ReadingCase) async throws {
    let environment = ConvProcess.isolatedEnvironment(["LANG": reading.locale, "LC_ALL": reading.locale])
    let oneShot = try await ConvProcess.run(["-t", reading.line], environment: environment)
    let batch = try await ConvProcess.run(["-t"], stdin: reading.line + "\n", environment: environment)
    var outcomes = [("one-shot", oneShot)]
    if oneShot.status == 0 && oneShot.lines.count > 1 {
      // A whole column: batch -t answers each line with one line, so it refuses the line (issue 33).
      #expect(batch.status == 1 && batch.lines == [""] && batch.stderr.contains("no target unit"), "\(batch.stderr)")
    } else {
      outcomes.append(("batch", batch))
    }
    // The REPL reads `to km`, `from mi` and `in` at the start of a line as its own commands.
    if let first = reading.line.split(separator: " ").first, !["to", "from", "in"].contains(String(first)) {
      outcomes.append(
        ("repl", try await ConvProcess.run(["repl", "-t"], stdin: reading.line + "\n", environment: environment)))
    }
    for (name, outcome) in outcomes {
      #expect(outcome.exited, "\(name) crashed")
      if let expected = reading.expected {
        #expect(outcome.status == 0, "\(name): exit \(outcome.status): \(outcome.stderr)")
        if !expected.isEmpty {
          #expect(outcome.lines == [expected], "\(name): \(outcome.stdout)")
        }
        #expect(outcome.stdout == oneShot.stdout, "\(name) differs from one-shot")
      } else {
        #expect(outcome.status == 1, "\(name): exit \(outcome.status), output \(outcome.stdout)")
        // (Terse batch output keeps an empty line for a failed request.)
        #expect(outcome.stdout.isEmpty || (name == "batch" && outcome.stdout == "\n"), "\(name): \(outcome.stdout)")
        #expect(!outcome.stderr.isEmpty, "\(name): no message")
      }
    }
    if reading.expected == nil {
      // The same message everywhere (batch prefixes its line number).
      let message = oneShot.errorLines.first ?? ""
      #expect(batch.errorLines.first?.replacingOccurrences(of: "conv: line 1: ", with: "conv: ") == message)
    }
  }
}
