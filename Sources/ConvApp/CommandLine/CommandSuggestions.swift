import ConvKit

/// "Did you mean" for mistyped options and commands (`--jsno`, `conv lst length`, `conv fav delete 1`),
/// by edit distance among the words conv knows, not among units.
package enum CommandSuggestions {
  /// Every option of conv's commands (from the command table).
  package static var options: [String] {
    var spellings = ["--help", "--version", "--generate-completion-script"]
    func collect(_ command: CommandSpec) {
      for spelling in command.options.flatMap(\.spellings) where !spellings.contains(spelling) { spellings.append(spelling) }
      command.subcommands.forEach(collect)
    }
    collect(ConvCommands.root)
    return spellings
  }
  /// The top-level commands, with their aliases, and `help`.
  package static var commands: [String] { names(of: ConvCommands.root) + ["help"] }
  /// The favorites subcommands (with their aliases).
  package static var favoriteCommands: [String] { names(of: ConvCommands.favorites) }

  /// The names and aliases of a command's subcommands.
  static func names(of command: CommandSpec) -> [String] {
    command.subcommands.flatMap { [$0.name] + $0.aliases }
  }

  /// The nearest of `candidates` to `word` within two edits (one for words of up to four letters).
  package static func nearest(_ word: String, in candidates: [String]) -> String? {
    let bound = word.count <= 4 ? 1 : 2
    let scored = candidates.compactMap { candidate -> (Int, String)? in
      guard let distance = distance(word.lowercased(), candidate), distance <= bound, distance > 0 else { return nil }
      return (distance, candidate)
    }
    return scored.min { ($0.0, $0.1) < ($1.0, $1.1) }?.1
  }

  /// `unknown option '--jsno'; did you mean '--json'?`
  package static func unknownOption(_ option: String) -> String {
    let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
    let hint = nearest(name, in: options).map { "; did you mean '\($0)'?" } ?? " (see 'conv --help')"
    return "unknown option '\(ConvError.printable(option))'" + hint
  }

  /// Damerau–Levenshtein distance of short words.
  package static func distance(_ a: String, _ b: String) -> Int? {
    let x = Array(a), y = Array(b)
    guard x.count <= 40, y.count <= 40 else { return nil }
    var previous = Array(0...y.count)
    var previousPrevious = previous
    for i in 1...max(1, x.count) where !x.isEmpty {
      var current = [i] + Array(repeating: 0, count: y.count)
      for j in 1...max(1, y.count) where !y.isEmpty {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      previousPrevious = previous
      previous = current
    }
    return x.isEmpty ? y.count : previous[y.count]
  }
}
