import ConvKit
import Testing

@testable import ConvApp

/// Issue 16: a few hundred conversions through one-shot, batch, JSON, the REPL's pipe mode and
/// favorites give the same value or the same refusal everywhere (in process: the same functions
/// the front ends call).
@Suite("Every front end, one answer")
struct DifferentialTests {
  /// A value, a source unit and a target unit.
  struct Case: CustomTestStringConvertible, Sendable {
    let value: String
    let from: String
    let to: String
    var testDescription: String { "\(value) \(from) to \(to)" }
  }

  /// Pairs from every category (its first common units, and its first and last units) at several
  /// values, and inputs of the kinds the issues name.
  static let cases: [Case] = {
    let catalog = Catalog.builtin
    var cases: [Case] = []
    for category in catalog.categories {
      let units = catalog.units(in: category)
      let common = units.filter(\.isCommon)
      var pairs: [(CatalogUnit, CatalogUnit)] = []
      if common.count >= 2 { pairs.append((common[0], common[1])) }
      if units.count >= 2 { pairs.append((units[0], units[units.count - 1])) }
      for (from, to) in pairs {
        for value in ["1", "2.5", "-3", "1/3"] {
          cases.append(Case(value: value, from: from.symbols.first ?? from.name, to: to.symbols.first ?? to.name))
        }
      }
    }
    let issueStyle: [(String, String, String)] = [
      ("-500", "°C", "K"), ("-40", "°F", "°C"), ("-1", "K", "°C"), ("0", "mpg", "L/100km"), ("30", "mpg", "L/100km"),
      ("1e-4000", "m", "km"), ("1e400", "km", "m"), ("12", "pt", "mm"), ("1", "Ah", "C"), ("100", "rad", "Gy"),
      ("6400", "mil", "°"), ("2", "s", "Hz"), ("1", "Ω", "S"), ("5", "min/km", "km/h"), ("1 1/2", "cup", "mL"),
      ("¾", "cup", "tbsp"), ("10", "nmi", "km"), ("1", "ly", "km"), ("3", "kg*m/s^2", "lbf"), ("94", "m^2", "ft^2"),
      ("983/148", "mi", "km"), ("1", "farad-90", "F"), ("1", "OC-3", "Mbit/s"), ("8", "oz", "mL"), ("100", "lb", "N"),
      ("20", "°c", "°F"), ("1", "sqft", "m²"), ("100", "kmh", "mph"), ("-459.67", "°F", "K"), ("1", "xyzzy", "m"),
      ("5", "mi", "kg"), ("1", "in", "cm"), ("1", "mi", "ft"),
      // Nonlinear scales: values, both directions, domain errors, gauge numbers.
      ("20", "dBm", "mW"), ("100", "mW", "dBm"), ("0", "W", "dBm"), ("-10", "dBm", "dBW"), ("0", "dBu", "V"),
      ("94", "dBSPL", "Pa"), ("3", "dB", "%"), ("1", "Np", "dB"), ("12", "AWG", "mm"), ("2", "mm", "AWG"),
      ("41", "AWG", "mm"), ("57", "AWG", "mm"), ("1", "m", "AWG"), ("10", "SWG", "in"), ("4/0", "AWG", "mm"),
      ("0000", "AWG", "in"), ("10", "°API", "kg/m^3"), ("0.85", "SG", "°API"), ("4", "gas mark", "°C"),
      ("180", "°C", "gas mark"), ("7", "pH", "mol/L"), ("1e-3", "mol/L", "pH"), ("5", "pH", "nH"),
      ("12", "Bft", "km/h"),
      ("-1", "Bft", "m/s"), ("100", "km/h", "Bft"), ("1", "octave", "cent"), ("1", "octave", "dB"),
      ("500", "kcmil", "mm²"),
    ]
    for (value, from, to) in issueStyle { cases.append(Case(value: value, from: from, to: to)) }
    return cases
  }()

  /// One search index for every REPL session of the test (building it is most of a session's start).
  static let search = UnitSearch(catalog: .builtin)

  static func converter(_ mode: OutputMode) -> Converter {
    var options = OutputOptions()
    options.mode = mode
    return Converter(catalog: .builtin, options: options)
  }

  /// What a front end gave: its number (terse form), or that it refused.
  enum Answer: Equatable {
    case value(String)
    case refused
  }

  @Test("At least two hundred conversions")
  func enough() { #expect(Self.cases.count >= 200) }

  @Test("Same value or same refusal in one-shot, batch, JSON, the REPL and favorites", arguments: cases)
  func sameAnswer(_ test: Case) throws {
    let terse = Self.converter(.terse)
    let line = "\(test.value) \(test.from) to \(test.to)"
    var answers: [(String, Answer)] = []

    switch terse.convert(terse.request(arguments: [test.value, test.from, test.to])) {
    case .success(let output):
      answers.append(("one-shot", output.lines.count == 1 ? .value(output.lines[0]) : .refused))
    case .failure: answers.append(("one-shot", .refused))
    }

    switch BatchConverter(converter: terse).convert(line: line) {
    case .success(let lines)?: answers.append(("batch", lines.count == 1 ? .value(lines[0]) : .refused))
    default: answers.append(("batch", .refused))
    }

    let json = Self.converter(.json)
    switch json.convert(json.request(line: line)) {
    case .success(let output):
      let text = output.lines.first ?? ""
      // A value beyond binary64 is the same terse text as a JSON string (`"1e403"`).
      let value = text.split(separator: ",").first { $0.hasPrefix("\"result\":") }
        .map { member in
          let text = member.dropFirst(9)
          return String(
            text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? text.dropFirst().dropLast() : text)
        }
      answers.append(("json", value.map(Answer.value) ?? .refused))
    case .failure: answers.append(("json", .refused))
    }

    var session = try #require(ReplSession(converter: terse, mode: .script, search: Self.search))
    let outcome = session.handle(line)
    answers.append(("repl", outcome.errors.isEmpty && outcome.output.count == 1 ? .value(outcome.output[0]) : .refused))

    // Favorites: the pair kept, then the value converted through it.
    let presenter = FavoritesPresenter(converter: terse)
    // The value typed alone: a number, or nil for a gauge number read per favorite (`4/0`).
    var value: Rational? = nil
    var valueRead = true
    do { value = try presenter.value(test.value) } catch { valueRead = false }
    if let favorite = try? ResolvedFavorite(FavoritePair(from: test.from, to: test.to), catalog: .builtin), valueRead {
      let entry = FavoritesFile.Entry(position: 1, line: 1, pair: favorite.pair)
      let result = presenter.lines([(entry, favorite)], value: value, valueText: test.value)
      answers.append(("favorites", result.failed || result.lines.count != 1 ? .refused : .value(result.lines[0])))
    } else {
      answers.append(("favorites", .refused))
    }

    let first = answers[0].1
    for (name, answer) in answers.dropFirst() {
      #expect(answer == first, "\(line): one-shot \(first), \(name) \(answer)")
    }
  }
}
