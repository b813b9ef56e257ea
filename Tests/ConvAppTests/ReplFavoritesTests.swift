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
}
