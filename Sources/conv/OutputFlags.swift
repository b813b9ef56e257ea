import ConvApp
import ConvFormat
import ConvKit

/// The output options of a command line (`-t`, `--json`, `--digits 3`…), checked.
struct OutputFlags {
  var terse = false
  var json = false
  var digits: Int? = nil
  var exact = false
  var notation: NumberNotation? = nil
  var ascii = false
  var color: ColorPolicy.Option? = nil
  var long = false
  var verbose = false
  var reciprocal = false
  var all = false

  /// Whether output is ASCII only for a command that has only `--ascii` (list, info, search): the
  /// same resolution as every other command (flag, locale, settings file).
  static func resolvedASCII(_ ascii: Bool, environment: Environment) -> Bool {
    OutputFlags(ascii: ascii).resolve(environment: environment, settings: CatalogLoading.settings(environment)).ascii
  }

  /// Resolves the options against the environment, the terminal and the settings file.
  func resolve(environment: Environment, settings: Settings) -> OutputOptions {
    var options = OutputOptions()
    options.mode = terse ? .terse : json ? .json : .human
    options.digits = digits ?? settings.digits ?? OutputOptions.defaultDigits
    options.exact = exact
    options.notation = notation ?? settings.notation ?? .automatic
    let (locale, isUTF8) = LocaleResolver.resolve(environment: environment.variables)
    options.locale = locale
    options.ascii = ascii || !isUTF8 || (settings.ascii ?? false)
    options.color = ColorPolicy.resolve(
      option: color ?? settings.color ?? .auto, environment: environment.variables,
      isTerminal: environment.stdoutIsTerminal)
    options.longNames = long
    options.verbose = verbose
    options.allowsReciprocal = reciprocal
    options.allUnits = all
    // The settings file's system, else the measurement locale's (LC_ALL, LC_MEASUREMENT, LANG),
    // which may differ from the numbers' (LC_NUMERIC).
    options.measurementSystem =
      settings.system
      ?? MeasurementSystem.of(locale: LocaleResolver.measurementLocale(environment: environment.variables))
    options.columnUnits = settings.columns
    return options
  }
}

extension OutputFlags {
  /// The options of a parsed command; refuses `-t` with `--json` and digits outside 1-40.
  init(_ parsed: ParsedCommand) throws(CommandLineError) {
    terse = parsed.has("terse")
    json = parsed.has("json")
    if terse && json { throw CommandLineError("choose one of -t/--terse and --json") }
    if let text = parsed.values["digits"] {
      guard let value = Int(text), (1...40).contains(value) else {
        throw CommandLineError("--digits must be a whole number between 1 and 40, not '\(ConvError.printable(text))'")
      }
      digits = value
    }
    exact = parsed.has("exact")
    // The parser has checked the names against the table's lists of values.
    notation = parsed.values["notation"].flatMap(NumberNotation.init(name:))
    ascii = parsed.has("ascii")
    color = parsed.values["color"].flatMap(ColorPolicy.Option.init(rawValue:))
    long = parsed.has("long")
    verbose = parsed.has("verbose")
    reciprocal = parsed.has("reciprocal")
    all = parsed.has("all")
  }
}
