import ArgumentParser
import ConvApp
import ConvKit

/// The `conv` command: converts by default, with subcommands for the catalog, favorites and the REPL.
/// The program starts in `ConvMain` (QuickStart.swift), which hands all but plain conversions to it.
struct Conv: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conv",
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
    version: ConvVersion.string,
    subcommands: [
      ConvertCommand.self, ListCommand.self, CategoriesCommand.self, InfoCommand.self, SearchCommand.self,
      FavoritesCommand.self, ReplCommand.self, RatesCommand.self,
    ],
    defaultSubcommand: ConvertCommand.self
  )
}

/// The version shown by `conv --version`.
enum ConvVersion {
  static let string = "0.1.0"
}
