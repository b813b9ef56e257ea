import ArgumentParser
import ConvApp
import ConvKit

/// The `conv` command: converts by default, with subcommands for the catalog, favorites and the REPL.
/// The program starts in `ConvMain` (QuickStart.swift), which hands all but plain conversions to it.
struct Conv: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conv",
    abstract: "Convert units exactly: conv 5 mi km",
    discussion: """
      EXAMPLES:
        conv 5 mi km                 5 mi = 8.04672 km
        conv 100 °F °C               100 °F ≈ 37.777778 °C
        conv 30 mpg L/100km          reciprocal units convert automatically
        conv 1.8 m "ft;in"           5 ft 10.866142 in
        conv 5 mi                    the whole column: every other length unit
        conv -t 1 PB bit             8e15 (terse, for scripts)
        echo "5 mi to km" | conv     batch: one conversion per input line
        conv search angstrom         find units by name, symbol or alias
        conv fav add mi km           keep a favorite pair

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
      FavoritesCommand.self, ReplCommand.self,
    ],
    defaultSubcommand: ConvertCommand.self
  )
}

/// The version shown by `conv --version`.
enum ConvVersion {
  static let string = "0.1.0"
}
