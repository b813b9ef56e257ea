import ConvApp
import ConvKit

/// The favorites file as the REPL uses it: the same file, lock and atomic writes as `conv fav`,
/// read afresh on every `fav` and `favs`.
struct ReplFavorites: ReplFavoritesStore {
  let store: FavoritesStore
  let catalog: Catalog

  /// The store for the configured favorites file (`$CONV_FAVORITES`, else the XDG path).
  static func store(_ environment: Environment, catalog: Catalog) -> ReplFavorites {
    ReplFavorites(store: FavoritesStore(environment: environment), catalog: catalog)
  }

  func load() throws -> FavoritesFile {
    do throws(FavoritesFailure) {
      return try store.load(catalog: catalog).file
    } catch {
      throw Problem(error)
    }
  }

  func problems(in file: FavoritesFile) -> [String] {
    store.messages(file.problems(in: catalog))
  }

  func toggle(_ pair: FavoritePair) throws -> Bool {
    do throws(FavoritesFailure) {
      return try store.update(catalog: catalog, create: true) { (file) throws(FavoritesFailure) in
        do throws(FavoritesEditError) {
          try file.remove(pair, catalog: catalog)
          return false
        } catch .notFound {
          do throws(FavoritesEditError) {
            try file.add(pair, catalog: catalog)
            return true
          } catch {
            throw FavoritesFailure(error.message, status: ExitStatus.fileError)
          }
        } catch {
          throw FavoritesFailure(error.message, status: ExitStatus.fileError)
        }
      }
    } catch {
      throw Problem(error)
    }
  }

  /// A favorites failure as one message for the REPL: the first problem, and how many more
  /// there are (`conv fav` lists them).
  struct Problem: Error, CustomStringConvertible {
    let description: String

    init(_ failure: FavoritesFailure) {
      let more = failure.messages.count - 1
      description = (failure.messages.first ?? "") + (more > 0 ? " (and more problems: see 'conv fav')" : "")
    }
  }
}
