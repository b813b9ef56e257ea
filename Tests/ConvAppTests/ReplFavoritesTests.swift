import ConvApp
import ConvKit
import Testing

/// Favorites kept in memory as file text, so a test can edit "the file" behind the session's back.
final class MemoryFavorites: ReplFavoritesStore, @unchecked Sendable {
  var text: String

  init(_ pairs: [String]) {
    text = pairs.isEmpty ? "" : (["# conv favorites v1"] + pairs).joined(separator: "\n") + "\n"
  }

  func load() throws -> FavoritesFile {
    FavoritesFile(text)
  }

  func toggle(_ pair: FavoritePair) throws -> Bool {
    var file = FavoritesFile(text)
    let catalog = ReplTestCatalog.catalog
    do throws(FavoritesEditError) {
      try file.remove(pair, catalog: catalog)
      text = file.text
      return false
    } catch .notFound {
      try file.add(pair, catalog: catalog)
      text = file.text
      return true
    }
  }
}

@Suite("REPL favorites")
struct ReplFavoritesTests {
  @Test("fav adds the current pair, and removes it the second time")
  func toggle() {
    let store = MemoryFavorites([])
    var session = ReplTestCatalog.session(.script, favorites: store)
    _ = session.handle("from mi")
    _ = session.handle("to km")
    #expect(session.handle("fav").output == ["added mi -> km to favorites"])
    #expect(store.text == "# conv favorites v1\nmi -> km\n")
    _ = session.handle("from lb")
    #expect(session.handle("fav").output == ["added lb -> g to favorites"])
    _ = session.handle("from mi")
    _ = session.handle("to km")
    #expect(session.handle("fav").output == ["removed mi -> km from favorites"])
    #expect(store.text == "# conv favorites v1\nlb -> g\n")
  }

  @Test("favs converts the current value with every favorite, as conv fav VALUE does")
  func list() {
    let store = MemoryFavorites(["mi -> km", "kg -> lb"])
    var session = ReplTestCatalog.session(.script, favorites: store)
    _ = session.handle("2")
    let lines = session.handle("favs").output
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("1  2 mi = 3.218688"))
    #expect(lines[1].hasPrefix("2  2 kg ≈ 4.4092452"))
  }

  @Test("edits made to the file by another process are seen on the next command")
  func freshRead() {
    let store = MemoryFavorites(["mi -> km"])
    var session = ReplTestCatalog.session(.script, favorites: store)
    #expect(session.handle("favs").output.count == 1)
    store.text += "°F -> °C\n"
    #expect(session.handle("favs").output.count == 2)
    // A pair added elsewhere is removed, not added twice, by fav.
    _ = session.handle("from °F")
    _ = session.handle("to °C")
    #expect(session.handle("fav").output == ["removed °F -> °C from favorites"])
  }

  @Test("without a favorites store, fav and favs report an error and the session goes on")
  func missing() {
    var session = ReplTestCatalog.session(.script)
    #expect(session.handle("fav").errors == ["favorites are not available"])
    #expect(session.handle("favs").errors == ["favorites are not available"])
    #expect(session.handle("5").errors.isEmpty)
  }

  @Test("a one-unit category has no pair to keep")
  func onlyOne() {
    var session = ReplTestCatalog.session(.script, favorites: MemoryFavorites([]))
    _ = session.handle("solo")
    #expect(session.handle("fav").errors == ["Solo has only one unit"])
  }

  struct FilterCase: Sendable, CustomTestStringConvertible {
    /// The filter typed.
    let filter: String
    /// The favorites it leaves, by their position in the file.
    let shown: [Int]
    var testDescription: String { "/\(filter) → \(shown)" }
  }

  static let four = ["mi -> km", "lb -> kg", "°F -> °C", "ft -> m"]

  @Test(
    "a / line filters the favorites as it does the categories: symbols and names (kilogram has an m), case ignored",
    arguments: [
      FilterCase(filter: "mi", shown: [1]), FilterCase(filter: "k", shown: [1, 2]),
      FilterCase(filter: "DEGREE", shown: [3]), FilterCase(filter: "foot", shown: [4]),
      FilterCase(filter: "m", shown: [1, 2, 4]), FilterCase(filter: "", shown: [1, 2, 3, 4]),
      FilterCase(filter: "zzz", shown: []),
    ])
  func filter(_ test: FilterCase) throws {
    // A line ended with Enter that leaves the filter as it was opens the highlighted favorite.
    for typed in test.filter.isEmpty ? [true] : [true, false] {
      var session = ReplTestCatalog.session(favorites: MemoryFavorites(Self.four))
      _ = session.handle("favs")
      // As typed (the live filter, at each key) or as a line ended with Enter.
      if typed { session.edit(line: "/" + test.filter) } else { _ = session.handle("/" + test.filter) }
      let screen = session.screen(width: 80, height: 12).map(ReplText.plain)
      let listed = screen.dropFirst().compactMap { line in
        Int(line.dropFirst(2).prefix { $0.isNumber })
      }
      #expect(listed == test.shown, "\(screen)")
      if !test.filter.isEmpty {
        #expect(screen[0].contains("/\(test.filter): \(test.shown.count) of 4"), "\(screen[0])")
      }
      if test.shown.isEmpty {
        #expect(screen.contains { $0.contains("no favorite matches 'zzz'") }, "\(screen)")
        continue
      }
      // Down moves among the shown ones only; Enter on an empty line opens the highlighted one.
      session.perform(.source(.last), page: 3)
      _ = session.handle("")
      let sides = Self.four[try #require(test.shown.last) - 1].components(separatedBy: " -> ")
      #expect(session.state.view == .columns)
      #expect([session.state.source.symbol, session.state.target?.symbol] == sides, "/\(test.filter)")
    }
  }
}
