import ConvApp
import ConvFormat
import ConvKit
import Testing

/// A small catalog of its own, so these tests do not depend on `Data/`.
private enum FavoritesTestCatalog {
  static let catalog: Catalog = {
    let (catalog, diagnostics) = CatalogLoader.load([
      CatalogSource(
        path: "length.units",
        text: """
          category: length
          title: Length
          dimension: length
          metre | metres | m | meter, meters | base | si, common | SI
          inch | inches | in | | 0.0254 m | common | NIST
          foot | feet | ft | | 12 in | common | NIST
          mile | miles | mi | | 5280 ft | common | NIST
          """),
      CatalogSource(
        path: "mass.units",
        text: """
          category: mass
          title: Mass
          dimension: mass
          kilogram | kilograms | kg | | base | common | SI
          pound | pounds | lb | | 0.45359237 kg | common | NIST
          short ton | short tons | ton | | 2000 lb | common | NIST
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
        path: "fuel.units",
        text: """
          category: fuel-economy
          title: Fuel economy
          dimension: length/length^3
          miles per gallon | miles per gallon | mpg | | mi/gal | common | definition
          category: fuel-consumption
          title: Fuel consumption
          dimension: length^3/length
          litre per 100 kilometres | litres per 100 kilometres | L/100km | | L/(100 km) | common | definition
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
    ])
    precondition(diagnostics.isEmpty, "\(diagnostics)")
    return catalog
  }()
}

@Suite("Favorites file")
struct FavoritesFileTests {
  let catalog = FavoritesTestCatalog.catalog

  // MARK: Parsing

  @Test(
    "Printing a parsed file gives back its bytes",
    arguments: [
      "",
      "\n",
      "mi -> km",
      "mi -> km\n",
      "# conv favorites v1\nmi -> km\n\n# weather\n°F → °C   # abroad\n",
      "  mi->km  \n\t\n#x\n",
      "mi -> km\r\nft -> m\r\n",
      "mi -> km\r\nft -> m",
      "\u{FEFF}# conv favorites v1\nshort ton -> kg\n\n\n",
      "garbage line\nmi -> mi\n",
    ])
  func roundTrip(text: String) {
    #expect(FavoritesFile(text).text == text)
    #expect(FavoritesFile(bytes: Array(text.utf8)).bytes == Array(text.utf8))
  }

  struct LineCase: Sendable, CustomTestStringConvertible {
    let line: String
    let content: FavoritesFormat.Content
    var testDescription: String { line }
  }

  @Test(
    "Reading one line",
    arguments: [
      LineCase(line: "", content: .blank),
      LineCase(line: "   \t", content: .blank),
      LineCase(line: "# a comment", content: .comment),
      LineCase(line: "   # indented comment -> with arrow", content: .comment),
      LineCase(line: "# conv favorites v1", content: .header(version: 1)),
      LineCase(line: "#conv  Favorites  V2", content: .header(version: 2)),
      LineCase(line: "# conv favorites version 1", content: .comment),
      LineCase(line: "mi -> km", content: .pair(FavoritePair(from: "mi", to: "km"))),
      LineCase(line: "mi->km", content: .pair(FavoritePair(from: "mi", to: "km"))),
      LineCase(line: "  short ton  ->  kg  ", content: .pair(FavoritePair(from: "short ton", to: "kg"))),
      LineCase(line: "°F → °C", content: .pair(FavoritePair(from: "°F", to: "°C"))),
      LineCase(line: "°F→°C", content: .pair(FavoritePair(from: "°F", to: "°C"))),
      LineCase(line: "L/100km -> mpg # car", content: .pair(FavoritePair(from: "L/100km", to: "mpg"))),
      LineCase(line: "m^-1 -> in^-1", content: .pair(FavoritePair(from: "m^-1", to: "in^-1"))),
      LineCase(line: "mi -> km\r", content: .pair(FavoritePair(from: "mi", to: "km"))),
    ])
  func readLine(_ test: LineCase) {
    #expect(FavoritesFormat.parseLine(test.line) == test.content)
  }

  @Test(
    "Lines that do not parse",
    arguments: [
      ("mi km", "expected 'FROM -> TO'"),
      ("mi -> km -> m", "expected one '->'"),
      ("-> km", "missing the unit before"),
      ("mi ->", "missing the unit after"),
      ("mi → # km", "missing the unit after"),
    ])
  func invalidLine(line: String, message: String) {
    guard case .invalid(let reason) = FavoritesFormat.parseLine(line) else {
      Issue.record("'\(line)' parsed")
      return
    }
    #expect(reason.contains(message))
  }

  @Test("Entries are numbered in file order, with their line numbers")
  func entries() {
    let file = FavoritesFile("# conv favorites v1\nmi -> km\n\n# x\n°F -> °C\nshort ton -> kg\n")
    #expect(
      file.entries == [
        .init(position: 1, line: 2, pair: FavoritePair(from: "mi", to: "km")),
        .init(position: 2, line: 5, pair: FavoritePair(from: "°F", to: "°C")),
        .init(position: 3, line: 6, pair: FavoritePair(from: "short ton", to: "kg")),
      ])
    #expect(file.version == 1)
    #expect(file.problems(in: catalog).isEmpty)
  }

  // MARK: Problems

  struct ProblemCase: Sendable, CustomTestStringConvertible {
    let text: String
    let problems: [(Int, String)]
    var testDescription: String { text.replacing("\n", with: "⏎") }
  }

  @Test(
    "Problems carry line numbers",
    arguments: [
      ProblemCase(text: "mi -> km\nfoo -> km\n", problems: [(2, "unknown unit 'foo'")]),
      ProblemCase(text: "# c\n\nmi -> kg\n", problems: [(3, "cannot convert mi to kg: length vs mass")]),
      ProblemCase(
        text: "mi -> mi\nmile -> miles\n",
        problems: [(1, "never converted to itself"), (2, "never converted to itself")]),
      ProblemCase(
        text: "mi -> km\nbad\nmile -> kilometre\n",
        problems: [(2, "expected 'FROM -> TO'"), (3, "repeats the favorite on line 1")]),
      ProblemCase(text: "# conv favorites v2\nmi -> km\n", problems: [(1, "favorites format v2")]),
      ProblemCase(text: "°C -> K\nL/100km -> mpg\nkm -> zz\n", problems: [(3, "unknown unit 'zz'")]),
    ])
  func problems(_ test: ProblemCase) {
    let problems = FavoritesFile(test.text).problems(in: catalog)
    #expect(problems.map(\.line) == test.problems.map(\.0))
    for (problem, expected) in zip(problems, test.problems) {
      #expect(problem.message.contains(expected.1), "\(problem.message)")
    }
  }

  @Test("Invalid UTF-8 is a problem on its line")
  func invalidUTF8() {
    let bytes = Array("mi -> km\n".utf8) + [0x66, 0xFF, 0x20, 0x2D, 0x3E, 0x20, 0x6D, 0x0A]
    let problems = FavoritesFile(bytes: bytes).problems(in: catalog)
    #expect(problems == [FavoritesProblem(line: 2, kind: .encoding, message: "the line is not valid UTF-8")])
    #expect(problems[0].described(path: "/x/favorites") == "/x/favorites:2: the line is not valid UTF-8")
  }

  // MARK: Editing

  struct EditCase: Sendable, CustomTestStringConvertible {
    let name: String
    let before: String
    let edit: @Sendable (inout FavoritesFile, Catalog) throws -> Void
    let after: String
    var testDescription: String { name }
  }

  @Test(
    "Edits keep every other line, comment and blank line",
    arguments: [
      EditCase(
        name: "add to a new file writes the header", before: "",
        edit: { try $0.add(FavoritePair(from: "mi", to: "km"), catalog: $1) },
        after: "# conv favorites v1\nmi -> km\n"),
      EditCase(
        name: "add appends after trailing comments", before: "# mine\nmi -> km\n\n# end",
        edit: { try $0.add(FavoritePair(from: "short ton", to: "kg"), catalog: $1) },
        after: "# mine\nmi -> km\n\n# end\nshort ton -> kg\n"),
      EditCase(
        name: "add keeps CRLF", before: "mi -> km\r\n",
        edit: { try $0.add(FavoritePair(from: "L/100km", to: "mpg"), catalog: $1) },
        after: "mi -> km\r\nL/100km -> mpg\r\n"),
      EditCase(
        name: "add to a CRLF file without a final line break", before: "# a\r\nmi -> km",
        edit: { try $0.add(FavoritePair(from: "°F", to: "°C"), catalog: $1) },
        after: "# a\r\nmi -> km\r\n°F -> °C\r\n"),
      EditCase(
        name: "remove by pair, spelled differently", before: "# a\nmi -> km # x\n# b\nft -> m\n",
        edit: { try $0.remove(FavoritePair(from: "mile", to: "kilometre"), catalog: $1) },
        after: "# a\n# b\nft -> m\n"),
      EditCase(
        name: "remove by position", before: "mi -> km\n\n  ft->m\n°F → °C\n",
        edit: { file, _ in try file.remove(position: 2) },
        after: "mi -> km\n\n°F → °C\n"),
      EditCase(
        name: "remove the last line of a file without a final line break", before: "mi -> km\nft -> m",
        edit: { file, _ in try file.remove(position: 2) },
        after: "mi -> km\n"),
      EditCase(
        name: "move up", before: "# h\nmi -> km\n# c\nft -> m\n\nlb -> kg\n",
        edit: { file, _ in try file.move(from: 3, to: 1) },
        after: "# h\nlb -> kg\nmi -> km\n# c\nft -> m\n\n"),
      EditCase(
        name: "move down", before: "# h\nmi -> km\n# c\nft -> m\nlb -> kg\n# end\n",
        edit: { file, _ in try file.move(from: 1, to: 2) },
        after: "# h\n# c\nft -> m\nmi -> km\nlb -> kg\n# end\n"),
      EditCase(
        name: "move with the heading right above", before: "# top\n\n# a\nmi -> km\n# b\nft -> m\nlb -> kg\n",
        edit: { file, _ in try file.move(from: 2, to: 1) },
        after: "# top\n\n# b\nft -> m\n# a\nmi -> km\nlb -> kg\n"),
      EditCase(
        name: "move to the end", before: "mi -> km\nft -> m\nlb -> kg\n# end\n",
        edit: { file, _ in try file.move(from: 1, to: 3) },
        after: "ft -> m\nlb -> kg\nmi -> km\n# end\n"),
      EditCase(
        name: "move the unterminated last line", before: "mi -> km\nft -> m",
        edit: { file, _ in try file.move(from: 2, to: 1) },
        after: "ft -> m\nmi -> km\n"),
      EditCase(
        name: "move to its own place changes nothing", before: "mi -> km\nft -> m",
        edit: { file, _ in try file.move(from: 2, to: 2) },
        after: "mi -> km\nft -> m"),
    ])
  func edit(_ test: EditCase) throws {
    var file = FavoritesFile(test.before)
    try test.edit(&file, catalog)
    #expect(file.text == test.after)
    #expect(FavoritesFile(file.text).problems(in: catalog).isEmpty)
  }

  struct RefusalCase: Sendable, CustomTestStringConvertible {
    let name: String
    let edit: @Sendable (inout FavoritesFile, Catalog) throws -> Void
    let message: String
    var testDescription: String { name }
  }

  @Test(
    "Refused edits leave the file as it was",
    arguments: [
      RefusalCase(
        name: "duplicate", edit: { try $0.add(FavoritePair(from: "mi", to: "km"), catalog: $1) },
        message: "mi -> km is already favorite 1"),
      RefusalCase(
        name: "duplicate spelled differently",
        edit: { try $0.add(FavoritePair(from: "miles", to: "kilometre"), catalog: $1) },
        message: "is already favorite 1"),
      RefusalCase(
        name: "unknown unit", edit: { try $0.add(FavoritePair(from: "smoot", to: "m"), catalog: $1) },
        message: "unknown unit 'smoot'"),
      RefusalCase(
        name: "non-conformable", edit: { try $0.add(FavoritePair(from: "kg", to: "L"), catalog: $1) },
        message: "cannot convert kg to L"),
      RefusalCase(
        name: "to itself", edit: { try $0.add(FavoritePair(from: "ft", to: "foot"), catalog: $1) },
        message: "never converted to itself"),
      RefusalCase(
        name: "a '#' in a unit", edit: { try $0.add(FavoritePair(from: "m#", to: "ft"), catalog: $1) },
        message: "cannot contain '#'"),
      RefusalCase(
        name: "a line break in a unit", edit: { try $0.add(FavoritePair(from: "m\nx", to: "ft"), catalog: $1) },
        message: "line break"),
      RefusalCase(
        name: "remove a missing pair", edit: { try $0.remove(FavoritePair(from: "ft", to: "m"), catalog: $1) },
        message: "ft -> m is not a favorite"),
      RefusalCase(
        name: "remove position 0", edit: { file, _ in try file.remove(position: 0) },
        message: "no favorite 0: there is only 1"),
      RefusalCase(
        name: "move beyond the end", edit: { file, _ in try file.move(from: 1, to: 3) },
        message: "no favorite 3"),
    ])
  func refusal(_ test: RefusalCase) {
    let text = "# conv favorites v1\nmi -> km\n"
    var file = FavoritesFile(text)
    do {
      try test.edit(&file, catalog)
      Issue.record("edit was accepted")
    } catch let error as FavoritesEditError {
      #expect(error.message.contains(test.message), "\(error.message)")
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(file.text == text)
  }

  // MARK: Command-line words

  @Test(
    "Reading a pair from command-line words",
    arguments: [
      (["mi", "km"], FavoritePair(from: "mi", to: "km")),
      (["short ton", "kg"], FavoritePair(from: "short ton", to: "kg")),
      (["short", "ton", "kg"], FavoritePair(from: "short ton", to: "kg")),
      (["kg", "short", "ton"], FavoritePair(from: "kg", to: "short ton")),
      (["short", "ton", "->", "kg"], FavoritePair(from: "short ton", to: "kg")),
      (["mi", "to", "km"], FavoritePair(from: "mi", to: "km")),
      (["°F → °C"], FavoritePair(from: "°F", to: "°C")),
      (["L/100km", "mpg"], FavoritePair(from: "L/100km", to: "mpg")),
    ])
  func arguments(words: [String], pair: FavoritePair) throws {
    #expect(try FavoritePair.parse(arguments: words, catalog: catalog) == pair)
  }

  @Test("One word is not a pair")
  func oneWord() {
    #expect(throws: FavoritesEditError.self) { try FavoritePair.parse(arguments: ["mi"], catalog: catalog) }
  }

  @Test("A quantity among the words is refused, its control characters escaped")
  func quantityWithControlCharacter() {
    do {
      _ = try FavoritePair.parse(arguments: ["5\u{0B}mi", "km"], catalog: catalog)
      Issue.record("a quantity was kept as a favorite")
    } catch {
      #expect(!error.message.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(error.message)")
      #expect(error.message.hasPrefix("cannot keep"), "\(error.message)")
    }
  }

  // MARK: Listing

  @Test("Listing aligns the numbers and numbers the favorites")
  func listing() throws {
    let file = FavoritesFile("mi -> km\n°F -> °C\nshort ton -> kg\nmpg -> L/100km\n")
    #expect(file.problems(in: catalog).isEmpty)
    var options = OutputOptions()
    options.digits = 6
    let presenter = FavoritesPresenter(converter: Converter(catalog: catalog, options: options))
    let output = presenter.lines(file.resolved(in: catalog), value: Rational(1), valueText: "1")
    #expect(!output.failed)
    #expect(output.lines.count == 4)
    let numbers = ["1.60934", "17.2222", "907.185", "235.215"]
    let columns = zip(output.lines, numbers).map { line, number in
      line.firstRange(of: number).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }
    #expect(columns.allSatisfy { $0 != nil }, "\(output.lines)")
    // Decimal separators line up.
    let separators = zip(columns, numbers).map { column, number in
      column! + number.distance(from: number.startIndex, to: number.firstIndex(of: ".")!)
    }
    #expect(Set(separators).count == 1, "\(output.lines)")
    #expect(output.lines[0].hasPrefix("1  1 mi"))
    #expect(output.lines[2].hasPrefix("3  1 short ton ≈ 907.185"))
  }

  @Test("Listing in terse and JSON modes")
  func listingModes() {
    let file = FavoritesFile("mi -> km\nL/100km -> mpg\n")
    var options = OutputOptions()
    options.mode = .terse
    let terse = FavoritesPresenter(converter: Converter(catalog: catalog, options: options))
    let lines = terse.lines(file.resolved(in: catalog), value: Rational(5), valueText: "5").lines
    #expect(lines.first == "8.04672")
    options.mode = .json
    let json = FavoritesPresenter(converter: Converter(catalog: catalog, options: options))
    let output = json.lines(file.resolved(in: catalog), value: Rational(0), valueText: "0")
    #expect(output.failed)  // 0 L/100km has no mpg equivalent
    #expect(output.lines.count == 1)
    #expect(output.lines[0].hasPrefix("[{\"position\":1,\"from\":\"mi\",\"to\":\"km\""))
    #expect(output.lines[0].contains("\"error\":"))
  }

  @Test("Values must be plain numbers")
  func values() throws {
    let presenter = FavoritesPresenter(converter: Converter(catalog: catalog, options: OutputOptions()))
    #expect(try presenter.value("-40") == Rational(-40))
    #expect(try presenter.value("1/4") == Rational(1) / Rational(4))
    #expect(throws: ConvError.self) { try presenter.value("5 mi") }
    #expect(throws: ConvError.self) { try presenter.value("abc") }
  }
}
