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
  /// A missing file is no personal units, unless `$CONV_UNITS` names it.
  static func load(_ environment: Environment) -> Result<Catalog, CatalogLoadFailure> {
    let path = personalUnitsPath(environment)
    // No home folder and no `$CONV_UNITS`: there is no default file to read.
    if path.hasPrefix("/conv/") && environment.configHome.isEmpty { return .success(Catalog.builtin) }
    let text: String?
    do {
      text = try FileSystem.readText(path)
    } catch {
      return .failure(CatalogLoadFailure(messages: [error.description]))
    }
    guard let text else {
      if let variable = environment.variables["CONV_UNITS"], !variable.isEmpty {
        return .failure(CatalogLoadFailure(messages: ["CONV_UNITS: no such file: \(path)"]))
      }
      return .success(Catalog.builtin)
    }
    let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: path, text: text)], base: .builtin)
    if !diagnostics.isEmpty { return .failure(CatalogLoadFailure(messages: diagnostics.map(\.description))) }
    return .success(catalog)
  }

  /// Loads the catalog or exits with status 2 after printing every problem (a file named by
  /// `$CONV_UNITS` that does not exist is one).
  static func loadOrExit(_ environment: Environment) -> Catalog {
    switch load(environment) {
    case .success(let catalog): return RatesCache.catalogFollowingCache(catalog, environment: environment)
    case .failure(let failure):
      Output.problems(failure.messages)
      exit(ExitStatus.fileError)
    }
  }

  /// The settings file: `$CONV_SETTINGS`, else `$XDG_CONFIG_HOME/conv/settings`. Exits with
  /// status 2 after printing every problem, or when `$CONV_SETTINGS` names a file that does not exist.
  static func settings(_ environment: Environment) -> Settings {
    let variable = environment.variables["CONV_SETTINGS"].flatMap { $0.isEmpty ? nil : $0 }
    if variable == nil && environment.configHome.isEmpty { return Settings() }
    let path = variable ?? environment.configHome + "/conv/settings"
    let text: String?
    do {
      text = try FileSystem.readText(path)
    } catch {
      Output.error(error.description)
      exit(ExitStatus.fileError)
    }
    guard let text else {
      if variable != nil {
        Output.error("CONV_SETTINGS: no such file: \(path)")
        exit(ExitStatus.fileError)
      }
      return Settings()
    }
    let (settings, problems) = Settings.parse(text, path: path)
    guard problems.allSatisfy(\.isWarning) else {
      Output.problems(problems.map(\.description))
      exit(ExitStatus.fileError)
    }
    // Unknown keys are named, with the key meant, and the rest of the file applies.
    Output.problems(problems.map(\.description))
    return settings
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
