import ConvFormat

/// conv's command line as data: every command, option and word, with its help.
///
/// The one source of the parser, `--help`, the shell completion scripts and the command tree that
/// the man page's test reads (`conv --experimental-dump-help`).
package enum ConvCommands {
  /// The version shown by `conv --version`.
  package static let version = "0.1.0"

  /// The options of the commands that print values (convert, fav, repl, rates), in help order.
  package static let outputOptions: [OptionSpec] = [
    OptionSpec(
      "terse", short: "t", help: "Print only the number (ASCII, '.' decimal point, shortest round-trip form)."),
    OptionSpec("json", help: "Print JSON (one object per result)."),
    OptionSpec(
      "digits", value: "n",
      help: "Significant digits for human output (1-40, default \(OutputOptions.defaultDigits))."),
    OptionSpec("exact", help: "Show the exact value: a terminating decimal or a fraction."),
    OptionSpec(
      "notation", value: "notation", values: NumberNotation.names, synonyms: ["automatic"],
      help: "Number notation: auto, plain or scientific."),
    OptionSpec("ascii", help: "Only ASCII in output (8e15 instead of 8 × 10¹⁵)."),
    OptionSpec(
      "color", value: "when", values: ColorPolicy.Option.allCases.map(\.rawValue),
      help: "Colour: auto, always or never."),
    OptionSpec("long", short: "l", help: "Unit names instead of symbols (1 mile, 5 miles)."),
    OptionSpec("verbose", short: "v", help: "Say how a conversion was made (reciprocal, offsets)."),
    OptionSpec(
      "reciprocal",
      help: "Allow reciprocal conversions the catalog does not declare (2 s to Hz) in -t and --json output."),
    OptionSpec("all", short: "a", help: "The whole column with every unit of the category, not only the common ones."),
  ]

  /// `--json` and `--ascii` of the catalog commands (list, info, search, categories).
  static func catalogOptions(json: String) -> [OptionSpec] {
    [OptionSpec("json", help: json), OptionSpec("ascii", help: "Only ASCII in output.")]
  }

  /// The whole tree, `conv` at its root.
  package static let root = CommandSpec(
    "conv",
    abstract: "Convert units exactly: conv 5 mi km",
    usage: """
      conv [options] QUANTITY [to] TARGET
        conv [options] QUANTITY               (the whole column)
        conv [options] < requests.txt         (batch)
        conv [options] <subcommand>
      """,
    discussion: """
      OPTIONS (before or after any subcommand):
        -t, --terse            The number only (ASCII, shortest round-trip form).
        --json                 JSON output.
        --digits <n>           Significant digits for people (1-40, default 8).
        --exact                The exact value: a terminating decimal or fraction.
        --notation <notation>  auto, plain or scientific.
        --ascii                ASCII only.
        --color <when>         auto, always or never.
        -l, --long             Unit names instead of symbols.
        -v, --verbose          Say how a conversion was made.
        -a, --all              The whole column with every unit.
        --reciprocal           Undeclared reciprocals in -t and --json output.
        --                     End of options (a quantity may start with -).

      EXAMPLES:
        conv 5 mi km                 5 mi = 8.04672 km
        conv 100 °F °C               100 °F ≈ 37.777778 °C
        conv 30 mpg L/100km          reciprocal units convert automatically
        conv 1.8 m "ft;in"           5 ft 10.866142 in
        conv 5 mi                    the whole column: the length units you reach for
        conv -t 1 PB bit             8e15 (terse, for scripts)
        echo "5 mi to km" | conv     batch: one conversion per input line
        conv search angstrom         find units by name, symbol or alias
        conv fav add mi km           keep a favorite pair
        conv 100 EUR USD             currencies, at the ECB's rates (conv rates update)

      EXIT STATUS:
        0   success
        1   a conversion failed
        2   a settings, favorites or units file is invalid, missing or cannot be
            written, or the output cannot be written
        64  usage error
      """,
    subcommands: [convert, list, categories, info, search, favorites, repl, rates],
    defaultSubcommand: "convert"
  )

  static let convert = CommandSpec(
    "convert",
    abstract: "Convert a quantity (the default command).",
    discussion: """
      With a target, prints one conversion. Without one, converts into every other unit of the \
      category (the whole column). With no quantity and standard input not a terminal (or with \
      '-'), reads one 'QUANTITY to TARGET' per line. With no arguments on a terminal, starts the REPL.
      """,
    options: outputOptions,
    arguments: [
      ArgumentSpec(
        "quantity [to] target", help: "The quantity and the target: 5 mi km, \"5 mi\" to km, 100 °F °C.",
        completion: .units, keepsUnknownOptions: true)
    ]
  )

  static let list = CommandSpec(
    "list", abstract: "List units by category, in display order (common units marked *).",
    options: catalogOptions(json: "Print a JSON array."),
    arguments: [
      ArgumentSpec("category", help: "A category (see 'conv categories'); all when omitted.", completion: .categories)
    ]
  )

  static let categories = CommandSpec(
    "categories", abstract: "List the categories.", options: catalogOptions(json: "Print a JSON array."))

  static let info = CommandSpec(
    "info", abstract: "Show a unit's definition, factor and source.",
    options: catalogOptions(json: "Print a JSON object."),
    arguments: [
      ArgumentSpec(
        "unit", help: "A unit symbol, name or alias (prefixes allowed).", count: .oneOrMore,
        completion: .units)
    ]
  )

  static let search = CommandSpec(
    "search", abstract: "Find units by name, symbol or alias (case and accents ignored).",
    options: [OptionSpec("limit", value: "limit", help: "At most this many results. (default: 20)")]
      + catalogOptions(json: "Print a JSON array."),
    arguments: [ArgumentSpec("text", help: "What to look for: angstrom, sq ft, micro …", count: .oneOrMore)]
  )

  static let repl = CommandSpec(
    "repl",
    abstract: "Start the interactive converter (also 'conv' alone on a terminal).",
    discussion: """
      On a terminal: the category's units on the left, the other units on the right with the value \
      converted, the current pair highlighted. Type a category name, '/TEXT' to filter both columns, \
      'from UNIT', 'to UNIT', a number, or a conversion such as '5 mi to km'; 'fav' and 'favs' for \
      favorites; 'help' for the full list; 'quit' or Ctrl-D to leave. Tab completes; history is kept \
      in $XDG_STATE_HOME/conv/history.

      With standard input or output not a terminal (or TERM=dumb), reads the same commands one per \
      line and prints only their results (no prompt, no escape codes): a number or a filter prints \
      the destination column, 'to' the pair, 'favs' and 'help' their lists. Errors go to standard error \
      and the rest still runs; the exit status is 1 if any command failed.
      """,
    options: outputOptions
  )

  static let rates = CommandSpec(
    "rates",
    abstract: "Show the exchange rates in use (source, date, age, currencies).",
    discussion: """
      conv converts currencies at the European Central Bank's euro reference rates: a snapshot \
      built into conv, or a newer file that 'conv rates update' downloads into \
      $XDG_CACHE_HOME/conv/eurofxref-daily.xml (CONV_RATES_URL overrides the address).
      """,
    options: outputOptions,
    subcommands: [
      CommandSpec("update", abstract: "Download the ECB's latest rates (CONV_RATES_URL overrides the address).")
    ]
  )
}
