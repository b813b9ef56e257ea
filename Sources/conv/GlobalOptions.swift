import ArgumentParser
import ConvApp
import ConvFormat

/// Output options shared by every subcommand that prints values.
struct GlobalOptions: ParsableArguments {
  @Flag(name: [.customShort("t"), .long], help: "Print only the number (ASCII, '.' decimal point, shortest round-trip form).")
  var terse = false

  @Flag(name: .long, help: "Print JSON (one object per result).")
  var json = false

  @Option(name: .long, help: ArgumentHelp("Significant digits for human output (1-40, default \(OutputOptions.defaultDigits)).", valueName: "n"))
  var digits: Int?

  @Flag(name: .long, help: "Show the exact value: a terminating decimal or a fraction.")
  var exact = false

  @Option(name: .long, help: ArgumentHelp("Number notation: auto, plain or scientific.", valueName: "notation"))
  var notation: NumberNotation?

  @Flag(name: .long, help: "Only ASCII in output (8e15 instead of 8 × 10¹⁵).")
  var ascii = false

  @Option(name: .long, help: ArgumentHelp("Colour: auto, always or never.", valueName: "when"))
  var color: ColorPolicy.Option?

  @Flag(name: [.customShort("l"), .long], help: "Unit names instead of symbols (1 mile, 5 miles).")
  var long = false

  @Flag(name: [.customShort("v"), .long], help: "Say how a conversion was made (reciprocal, offsets).")
  var verbose = false

  @Flag(name: .long, help: "Allow reciprocal conversions the catalog does not declare (2 s to Hz) in -t and --json output.")
  var reciprocal = false

  @Flag(name: [.customShort("a"), .long], help: "The whole column with every unit of the category, not only the common ones.")
  var all = false

  func validate() throws {
    if terse && json { throw ValidationError("choose one of -t/--terse and --json") }
    if let digits, !(1...40).contains(digits) { throw ValidationError("--digits must be between 1 and 40") }
  }

  /// The flags as plain values.
  var flags: OutputFlags {
    OutputFlags(terse: terse, json: json, digits: digits, exact: exact, notation: notation, ascii: ascii,
                color: color, long: long, verbose: verbose, reciprocal: reciprocal, all: all)
  }

  /// Resolves the options against the environment, the terminal and the settings file.
  func resolve(environment: Environment, settings: Settings) -> OutputOptions {
    flags.resolve(environment: environment, settings: settings)
  }
}

/// The values of `GlobalOptions`, without ArgumentParser (`QuickStart` fills them in directly).
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
    options.color = ColorPolicy.resolve(option: color ?? settings.color ?? .auto, environment: environment.variables,
                                        isTerminal: environment.stdoutIsTerminal)
    options.longNames = long
    options.verbose = verbose
    options.allowsReciprocal = reciprocal
    options.allUnits = all
    return options
  }
}

extension NumberNotation: ExpressibleByArgument {
  /// `auto` (or `automatic`), `plain` or `scientific`, as in the settings file.
  public init?(argument: String) { self.init(name: argument) }
  /// The names `--help`, errors and shell completion offer: auto, plain, scientific.
  public static var allValueStrings: [String] { names }
}
extension ColorPolicy.Option: ExpressibleByArgument {}
