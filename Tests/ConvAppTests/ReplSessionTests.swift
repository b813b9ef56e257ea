import ConvApp
import ConvFormat
import ConvKit
import Testing

/// A small catalog for the REPL tests, independent of `Data/`.
enum ReplTestCatalog {
  static let catalog: Catalog = {
    let (catalog, diagnostics) = CatalogLoader.load([
      CatalogSource(
        path: "length.units",
        text: """
          category: length
          title: Length
          dimension: length
          ångström | ångströms | Å | angstrom, angstroms | 1e-10 m | | SI
          inch | inches | in | | 0.0254 m | common | NIST
          foot | feet | ft | | 12 in | common | NIST
          yard | yards | yd | | 3 ft | | NIST
          metre | metres | m | meter, meters | base | si, common | SI
          fathom | fathoms | | | 6 ft | | NIST
          mile | miles | mi | | 5280 ft | common | NIST
          nautical mile | nautical miles | nmi, NM | | 1852 m | | SI
          """),
      CatalogSource(
        path: "mass.units",
        text: """
          category: mass
          title: Mass
          dimension: mass
          gram | grams | g | | 0.001 kg | si, common | SI
          kilogram | kilograms | kg | | base | common | SI
          pound | pounds | lb | | 0.45359237 kg | common | NIST
          """),
      CatalogSource(
        path: "temperature.units",
        text: """
          category: temperature
          title: Temperature
          dimension: temperature
          kelvin | kelvins | K | | base | si, abs, common | SI
          degree Celsius | degrees Celsius | °C | celsius | K | offset=273.15, common | SI
          degree Fahrenheit | degrees Fahrenheit | °F | fahrenheit | 5/9 K | offset=459.67, common | NIST
          """),
      CatalogSource(
        path: "volume.units",
        text: """
          category: volume
          title: Volume
          dimension: length^3
          litre | litres | L, l | liter, liters | 0.001 m^3 | si, common | SI
          US gallon | US gallons | gal | gallon, gallons | 231 in^3 | common | NIST
          """),
      CatalogSource(
        path: "solo.units",
        text: """
          category: solo
          title: Solo
          dimension: current
          ampere | amperes | A | | base | si, common | SI
          """),
    ])
    precondition(diagnostics.isEmpty, "\(diagnostics)")
    return catalog
  }()

  static func options(color: Bool = false, ascii: Bool = false) -> OutputOptions {
    var options = OutputOptions()
    options.color = color
    options.ascii = ascii
    return options
  }

  static func session(
    _ mode: ReplSession.Mode = .screen, color: Bool = false, ascii: Bool = false,
    favorites: (any ReplFavoritesStore)? = nil
  ) -> ReplSession {
    ReplSession(
      converter: Converter(catalog: catalog, options: options(color: color, ascii: ascii)), mode: mode,
      favorites: favorites)!
  }

  /// Runs lines and returns the session and the last outcome.
  static func run(
    _ lines: [String], _ mode: ReplSession.Mode = .screen, color: Bool = false,
    favorites: (any ReplFavoritesStore)? = nil
  ) -> (ReplSession, ReplOutcome) {
    var session = session(mode, color: color, favorites: favorites)
    var outcome = ReplOutcome()
    for line in lines { outcome = session.handle(line) }
    return (session, outcome)
  }
}

@Suite("REPL session")
struct ReplSessionTests {
  struct PairCase: Sendable, CustomTestStringConvertible {
    let lines: [String]
    let category: String
    let source: String
    let target: String?
    var testDescription: String { lines.joined(separator: " / ") }
  }

  @Test(
    "commands move the pair; picking the other unit of the pair swaps it",
    arguments: [
      PairCase(lines: [], category: "length", source: "in", target: "ft"),
      PairCase(lines: ["from mi"], category: "length", source: "mi", target: "ft"),
      PairCase(lines: ["from mi", "to km"], category: "length", source: "mi", target: "km"),
      PairCase(lines: ["from mi", "to mi"], category: "length", source: "ft", target: "mi"),
      PairCase(lines: ["from mi", "to nmi", "from nmi"], category: "length", source: "nmi", target: "mi"),
      PairCase(lines: ["from mi", "to km", "swap"], category: "length", source: "km", target: "mi"),
      PairCase(lines: ["mass"], category: "mass", source: "g", target: "kg"),
      PairCase(lines: ["cat temperature"], category: "temperature", source: "K", target: "°C"),
      PairCase(lines: ["from °F"], category: "temperature", source: "°F", target: "K"),
      // `to` a unit the value cannot convert into is refused: the pair stays.
      PairCase(lines: ["to lb"], category: "length", source: "in", target: "ft"),
      PairCase(lines: ["from nautical mile"], category: "length", source: "nmi", target: "ft"),
      PairCase(lines: ["5 mi to km"], category: "length", source: "mi", target: "km"),
      PairCase(lines: ["mass", "3 ft to m"], category: "length", source: "ft", target: "m"),
      PairCase(lines: ["from mi", "to km", "2 km to mi"], category: "length", source: "km", target: "mi"),
      PairCase(lines: ["solo"], category: "solo", source: "A", target: nil),
      PairCase(lines: ["from nonsense"], category: "length", source: "in", target: "ft"),
    ])
  func pairs(_ test: PairCase) {
    let (session, _) = ReplTestCatalog.run(test.lines)
    #expect(session.state.category.identifier == test.category)
    #expect(session.state.source.symbol == test.source)
    #expect(session.state.target?.symbol == test.target)
  }

  @Test("a bare number sets the value; an expression sets value and pair")
  func values() {
    var session = ReplTestCatalog.session()
    _ = session.handle("from mi")
    _ = session.handle("2.5")
    #expect(session.state.value == Rational(BigInteger(5), BigInteger(2)))
    _ = session.handle("-40")
    #expect(session.state.value == Rational(-40))
    _ = session.handle("3 kg to lb")
    #expect(session.state.value == Rational(3))
    #expect(session.state.category.identifier == "mass")
    #expect(session.pairText == "3 kg ≈ 6.6138679 lb")
  }

  @Test(
    "an expression gives exactly what the command line gives",
    arguments: [
      "5 mi to km", "5 mi km", "100 °F to °C", "1 ft + 2 in to in", "5 mi", "2 L to gal", "3 ft to kg",
      "1.8 m to ft;in", "5 furlongs to m",
    ])
  func expressions(_ line: String) {
    let converter = Converter(catalog: ReplTestCatalog.catalog, options: ReplTestCatalog.options())
    let (_, outcome) = ReplTestCatalog.run([line], .script)
    switch converter.run(ConversionRequest.parse(line: line, catalog: ReplTestCatalog.catalog)) {
    case .success(let lines):
      #expect(outcome.output == lines)
      #expect(outcome.errors.isEmpty)
    case .failure(let failure):
      #expect(outcome.output.isEmpty)
      #expect(outcome.errors == [failure.message] + failure.caretLines)
    }
  }

  @Test(
    "errors are reported and the session goes on",
    arguments: [
      "from furlong", "to", "cat nothing", "5 mi to kg", "5 bogus", "to A",
    ])
  func errors(_ line: String) {
    var session = ReplTestCatalog.session(.script)
    _ = session.handle("from mi")
    let outcome = session.handle(line)
    #expect(!outcome.errors.isEmpty)
    #expect(!outcome.quit)
    // The session goes on with its pair: a number prints it as the command line does.
    let pair = "2 mi to " + (session.state.target?.symbol ?? "")
    let converter = Converter(catalog: ReplTestCatalog.catalog, options: ReplTestCatalog.options())
    #expect(session.handle("2").output == (try? converter.run(converter.request(line: pair)).get()))
  }

  @Test(
    "quit and exit end the session; nothing else does",
    arguments: [
      ("quit", true), ("exit", true), ("  quit  ", true), ("quit now", false), ("help", false), ("", false),
    ])
  func quit(_ line: String, _ quits: Bool) {
    var session = ReplTestCatalog.session()
    #expect(session.handle(line).quit == quits)
  }

  @Test("in a script, show prints the destination column without the source, filtered")
  func scriptColumn() {
    let (_, outcome) = ReplTestCatalog.run(["length", "from mi", "5", "show"], .script)
    #expect(outcome.output.first == "5 mi (length) is")
    #expect(outcome.output.contains { $0.contains(" km ") } == false)
    #expect(
      !outcome.output.dropFirst().contains { $0.contains(" mi ") || $0.hasSuffix(" miles") && !$0.contains("nautical") }
    )
    #expect(outcome.output.contains { $0.hasPrefix("  = ") && $0.contains("8,046.72") && $0.hasSuffix(" metres") })
    let (_, filtered) = ReplTestCatalog.run(["from mi", "/nau", "5", "show"], .script)
    #expect(filtered.output == ["5 mi (length) is", "  ≈ 4.3448812 nmi  nautical miles"])
    #expect(!filtered.output.joined().contains("\u{1B}"))
    // The filter itself prints the filtered column, at the current value.
    let (_, filter) = ReplTestCatalog.run(["from mi", "5", "/nau"], .script)
    #expect(filter.output == ["5 mi (length) is", "  ≈ 4.3448812 nmi  nautical miles"])
  }

  @Test("help, categories and favorites print in a script and switch the view on a screen")
  func views() {
    let (script, help) = ReplTestCatalog.run(["help"], .script)
    #expect(help.output.contains { $0.hasPrefix("/TEXT ") })
    #expect(script.state.view == .help)
    for command in ["from", "to", "fav", "favs", "quit", "help", "cat NAME", "NUMBER", "5 mi to km"] {
      #expect(help.output.contains { $0.contains(command) }, "help mentions \(command)")
    }
    let (_, categories) = ReplTestCatalog.run(["cat"], .script)
    #expect(categories.output.contains { $0.contains("Temperature (3 units)") })
    let (screen, quiet) = ReplTestCatalog.run(["help"], .screen)
    #expect(quiet.output.isEmpty)
    #expect(screen.state.view == .help)
    #expect(screen.screen(width: 80, height: 20).joined().contains("the value, read in the source unit"))
    var back = screen
    _ = back.handle("5")
    #expect(back.state.view == .columns)
  }
}
