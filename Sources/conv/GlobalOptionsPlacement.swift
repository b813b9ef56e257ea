/// Global options written before a subcommand (`conv -t fav`, `conv --json list length`,
/// `conv --color never fav`): ArgumentParser reads options for the command they follow, so they
/// are moved after the subcommand's words, where the subcommand reads them.
enum GlobalOptionsPlacement {
  /// Flags without a value.
  static let flags: Set<String> = [
    "-t", "--terse", "--json", "--exact", "--ascii", "-l", "--long", "-v", "--verbose", "--reciprocal", "-a", "--all",
  ]
  /// Options followed by a value.
  static let options: Set<String> = ["--digits", "--notation", "--color"]

  /// The arguments with leading global options moved after the rest when a subcommand follows them.
  static func arrange(_ arguments: [String]) -> [String] {
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if flags.contains(word) {
        index += 1
      } else if options.contains(word) {
        index += 2
      } else if let equals = word.firstIndex(of: "="), options.contains(String(word[..<equals])) {
        index += 1
      } else {
        break
      }
    }
    guard index > 0, index < arguments.count, QuickStart.isSubcommand(arguments[index]),
          arguments[index] != "help" else { return arguments }
    let moved = Array(arguments[..<index])
    var rest = Array(arguments[index...])
    // Before a `--` that ends the options, if there is one.
    let end = rest.firstIndex(of: "--") ?? rest.count
    rest.insert(contentsOf: moved, at: end)
    return rest
  }
}
