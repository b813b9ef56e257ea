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
    let read: (text: String, invalidLines: [Int])?
    do {
      read = try FileSystem.readText(path)
    } catch {
      return .failure(CatalogLoadFailure(messages: [error.description]))
    }
    guard let read else {
      if let variable = environment.variables["CONV_UNITS"], !variable.isEmpty {
        return .failure(CatalogLoadFailure(messages: ["CONV_UNITS: no such file: \(path)"]))
      }
      return .success(Catalog.builtin)
    }
    let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: path, text: read.text)], base: .builtin)
    // Lines that are not UTF-8 are problems too, in line order with the others (never read silently).
    let problems =
      diagnostics.filter { !read.invalidLines.contains($0.line) }.map { ($0.line, $0.description) }
      + read.invalidLines.map { ($0, "\(path):\($0): " + FileSystem.invalidUTF8Message) }
    if !problems.isEmpty {
      return .failure(
        CatalogLoadFailure(
          messages: problems.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map(\.element.1)))
    }
    return .success(catalog)
  }

  /// The catalog the program loaded, held until it exits, which frees it whole: freed when the
  /// command returned, its caches were taken apart one by one (85 k instructions, a sixteenth of
  /// `conv 5 mi km`, most of it looking up the types of what was freed).
  nonisolated(unsafe) private static var inUse: Catalog?

  /// Loads the catalog or exits with status 2 after printing every problem (a file named by
  /// `$CONV_UNITS` that does not exist is one).
  static func loadOrExit(_ environment: Environment) -> Catalog {
    switch load(environment) {
    case .success(let catalog):
      let loaded = RatesCache.catalogFollowingCache(catalog, environment: environment)
      inUse = loaded
      return loaded
    case .failure(let failure):
      Output.problems(failure.messages)
      SystemCalls.exit(ExitStatus.fileError)
    }
  }

  /// The settings file: `$CONV_SETTINGS`, else `$XDG_CONFIG_HOME/conv/settings`. Exits with
  /// status 2 after printing every problem, or when `$CONV_SETTINGS` names a file that does not exist.
  static func settings(_ environment: Environment) -> Settings {
    let variable = environment.variables["CONV_SETTINGS"].flatMap { $0.isEmpty ? nil : $0 }
    if variable == nil && environment.configHome.isEmpty { return Settings() }
    let path = variable ?? environment.configHome + "/conv/settings"
    let read: (text: String, invalidLines: [Int])?
    do {
      read = try FileSystem.readText(path)
    } catch {
      Output.error(error.description)
      SystemCalls.exit(ExitStatus.fileError)
    }
    guard let read else {
      if variable != nil {
        Output.error("CONV_SETTINGS: no such file: \(path)")
        SystemCalls.exit(ExitStatus.fileError)
      }
      return Settings()
    }
    var (settings, problems) = Settings.parse(read.text, path: path)
    // Lines that are not UTF-8 are problems too, in line order with the others.
    problems.removeAll { read.invalidLines.contains($0.line) }
    problems += read.invalidLines.map { SettingsError(path: path, line: $0, message: FileSystem.invalidUTF8Message) }
    problems.sort { $0.line < $1.line }
    guard problems.allSatisfy(\.isWarning) else {
      Output.problems(problems.map(\.description))
      SystemCalls.exit(ExitStatus.fileError)
    }
    // Unknown keys are named, with the key meant, and the rest of the file applies.
    Output.problems(problems.map(\.description))
    return settings
  }
}

/// Problems found in the personal units file, one `PATH:LINE: message` each.
struct CatalogLoadFailure: Error {
  let messages: [String]
}
