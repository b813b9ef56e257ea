import ConvApp

/// Runs the command a parsed command line names.
enum CommandRunner {
  /// Runs the command at `parsed.path` with its options and words; throws `ExitCode` for a
  /// failure already reported, `CommandLineError` for a usage error.
  static func run(_ parsed: ParsedCommand) throws {
    switch parsed.path {
    case ["convert"]: try ConvertCommand(parsed).run()
    case ["list"]: try ListCommand(parsed).run()
    case ["categories"]: try CategoriesCommand(parsed).run()
    case ["info"]: try InfoCommand(parsed).run()
    case ["search"]: try SearchCommand(parsed).run()
    case ["fav", "list"]: try FavoritesListCommand(parsed).run()
    case ["fav", "add"]: try FavoritesAddCommand(parsed).run()
    case ["fav", "rm"]: try FavoritesRemoveCommand(parsed).run()
    case ["fav", "mv"]: try FavoritesMoveCommand(parsed).run()
    case ["fav", "path"]: FavoritesPathCommand().run()
    case ["repl"]: try ReplCommand(parsed).run()
    case ["rates"]: try RatesCommand(parsed).run()
    case ["rates", "update"]: try RatesUpdateCommand().run()
    default: throw CommandLineError("no command 'conv \(parsed.path.joined(separator: " "))' (see 'conv --help')")
    }
  }
}
