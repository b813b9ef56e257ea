import ConvApp
import ConvKit
import Testing

@Suite("REPL command parsing")
struct ReplInputTests {
  @Test(
    "lines are classified",
    arguments: [
      ("", ReplInput.nothing),
      ("   ", .nothing),
      ("quit", .quit),
      ("exit", .quit),
      ("QUIT", .quit),
      ("help", .help),
      ("?", .help),
      ("length", .category("length")),
      ("Length", .category("Length")),
      ("cat length", .category("length")),
      ("category mass", .category("mass")),
      ("cat", .categories),
      ("cats", .categories),
      ("cat nothing", .category("nothing")),
      ("/nau", .filter("nau")),
      ("/", .filter("")),
      ("/ sq ft ", .filter("sq ft")),
      ("  /Å", .filter("Å")),
      ("from mi", .from("mi")),
      ("from   nautical mile ", .from("nautical mile")),
      ("to km", .to("km")),
      ("to °C", .to("°C")),
      ("from", .invalid("from needs a unit: from mi")),
      ("to", .invalid("to needs a unit: to km")),
      ("swap", .swap),
      ("show", .show),
      ("fav", .toggleFavorite),
      ("favs", .favorites),
      ("favorites", .favorites),
      ("5", .value(Rational(5))),
      ("-40", .value(Rational(-40))),
      ("1/3", .value(Rational(BigInteger(1), BigInteger(3)))),
      ("2.5e3", .value(Rational(2500))),
      ("5 mi to km", .expression("5 mi to km")),
      ("5 mi", .expression("5 mi")),
      ("mi", .expression("mi")),
      ("100 °F °C", .expression("100 °F °C")),
      ("quit now", .expression("quit now")),
      ("help me", .expression("help me")),
    ])
  func parse(_ line: String, _ expected: ReplInput) {
    #expect(ReplInput.parse(line, catalog: ReplTestCatalog.catalog) == expected)
  }
}
