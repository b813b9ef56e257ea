import ConvApp
import ConvKit

/// Loads the catalog in use: the built-in one plus the user's personal units, if any.
enum CatalogLoading {
  /// Where personal units live: `$CONV_UNITS`, else `$XDG_CONFIG_HOME/conv/units`.
  static func personalUnitsPath(_ environment: Environment) -> String {
    if let path = environment.variables["CONV_UNITS"], !path.isEmpty { return path }
    return environment.configHome + "/conv/units"
  }

  /// The built-in catalog with personal units added, or the errors as `PATH:LINE: message` lines.
  static func load(_ environment: Environment) -> Result<Catalog, CatalogLoadFailure> {
    let path = personalUnitsPath(environment)
    let text: String?
    do {
      text = try FileSystem.read(path)
    } catch {
      return .failure(CatalogLoadFailure(messages: [error.description]))
    }
    guard let text else { return .success(Catalog.builtin) }
    let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: path, text: text)], base: .builtin)
    if !diagnostics.isEmpty { return .failure(CatalogLoadFailure(messages: diagnostics.map(\.description))) }
    return .success(catalog)
  }

  /// Loads the catalog or exits with status 2 after printing every problem.
  static func loadOrExit(_ environment: Environment) -> Catalog {
    switch load(environment) {
    case .success(let catalog): return catalog
    case .failure(let failure):
      for message in failure.messages { Output.error(message) }
      exit(ExitStatus.fileError)
    }
  }

  /// The settings file: `$CONV_SETTINGS`, else `$XDG_CONFIG_HOME/conv/settings`.
  static func settings(_ environment: Environment) -> Settings {
    let path = environment.variables["CONV_SETTINGS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment.configHome + "/conv/settings"
    do {
      guard let text = try FileSystem.read(path) else { return Settings() }
      return try Settings.parse(text, path: path)
    } catch let error as SettingsError {
      Output.error(error.description)
      exit(ExitStatus.fileError)
    } catch {
      Output.error("\(error)")
      exit(ExitStatus.fileError)
    }
  }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Problems found in the personal units file, one `PATH:LINE: message` each.
struct CatalogLoadFailure: Error {
  let messages: [String]
}
