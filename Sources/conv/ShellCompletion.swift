import ConvApp
import ConvKit

/// Dynamic shell completion (bash, zsh, fish) of unit spellings and category identifiers.
///
/// The scripts from `conv --generate-completion-script SHELL` call back into `conv`
/// (`conv ---complete INDEX WORD…`), so the candidates come from the catalog in use, personal
/// units included. Shells keep only candidates that start with the typed text, so every candidate
/// does: symbols match case-sensitively; names and aliases case-insensitively, and then keep the
/// case as typed.
enum ShellCompletion {
  /// Prints the candidates for `words[index]`, one a line, exactly as they are; `described`, each
  /// followed by a tab and its description (fish shows it: a unit's name, a command's abstract).
  static func complete(words: [String], index: Int, described: Bool = false) {
    let candidates: [String]
    var describe: (String) -> String? = { _ in nil }
    switch CompletionContext(words: words, index: index) {
    case .words(let fixed):
      candidates = fixed
      describe = { CompletionDescriptions.of($0) }
    case .dynamic(.units, let prefix):
      let catalog = catalog()
      // A word typed with quotes or backslashes (`nautical\ m`, `"short t`) is matched as written out.
      let typed = unquoted(prefix.hasPrefix("\"") || prefix.hasPrefix("'") ? prefix + String(prefix.first!) : prefix)
      let matcher = UnitMatcher(catalog: catalog)
      // After a quantity, only the targets it converts into (never its own unit).
      let context = contextQuantity(words: words, index: index, catalog: catalog)
      let found = context.map { matcher.completions(of: typed, convertingFrom: $0) } ?? matcher.completions(of: typed)
      // After a quantity, substances too (`conv 1 cup fl<Tab>`: flour).
      candidates = found.map(\.text) + substanceCandidates(prefix: typed, after: context?.dimension)
      if described {
        let names = Dictionary(found.map { ($0.text, $0.unit) }, uniquingKeysWith: { first, _ in first })
        describe = { text in
          guard let unit = names[text] else { return nil }
          // The prefixed unit a symbol names (`km`: kilometre), else the unit matched.
          let name = catalog.unit(named: text).map(\.name) ?? unit.name
          let category = catalog.category(named: unit.categoryIdentifier)?.title.lowercased()
          return name + (category.map { " (" + $0 + ")" } ?? "")
        }
      }
    case .dynamic(.categories, let prefix):
      let catalog = catalog()
      candidates = categoryCandidates(prefix: prefix, catalog: catalog)
      describe = { text in catalog.category(named: text.lowercased())?.title }
    case .dynamic(.favorites, let prefix):
      let found = favoriteCandidates(words: words, index: index, prefix: prefix)
      candidates = found.map(\.text)
      let descriptions = Dictionary(found.map { ($0.text, $0.description) }, uniquingKeysWith: { first, _ in first })
      describe = { descriptions[$0] ?? nil }
    case .dynamic(.none, _): candidates = []
    }
    // One a line: a candidate with a line break (or, described, a tab) in it (a hostile units
    // file) is left out.
    for candidate in candidates where !candidate.contains("\n") && !(described && candidate.contains("\t")) {
      Output.verbatim((described ? CompletionDescriptions.line(candidate, describe(candidate)) : candidate) + "\n")
    }
    Output.flush()
  }

  /// For `conv fav rm`: the favorites' positions, and the source units of the favorites (then,
  /// after one, that favorite's target), not every unit of the catalog.
  static func favoriteCandidates(words: [String], index: Int, prefix: String) -> [(text: String, description: String?)]
  {
    let catalog = catalog()
    guard let file = try? FavoritesStore(environment: Environment.current).load(catalog: catalog).file else {
      return []
    }
    let entries = file.entries
    // The words typed after `rm`, before the one being completed.
    let upTo = min(max(index, 0), words.count)
    let typed = Array(words[..<upTo].drop { $0 != "rm" && $0 != "remove" }.dropFirst())
    if let from = typed.first.map(unquoted) {
      return entries.filter { $0.pair.from == from && $0.pair.to.hasPrefix(prefix) }.map {
        ($0.pair.to, $0.pair.description)
      }
    }
    let positions = entries.map { (String($0.position), Optional($0.pair.description)) }
    var sources: [(String, String?)] = []
    for entry in entries where !sources.contains(where: { $0.0 == entry.pair.from }) {
      sources.append((entry.pair.from, "favorite"))
    }
    return (positions + sources).filter { $0.0.hasPrefix(prefix) }
  }

  /// The catalog in use: the built-in one plus personal units (built-in alone if they do not load).
  static func catalog() -> Catalog {
    if case .success(let catalog) = CatalogLoading.load(Environment.current) { return catalog }
    return .builtin
  }

  /// Options of the conversion commands that take a value (the word after them is not a unit).
  static let optionsWithValue = Set(ConvCommands.outputOptions.filter(\.takesValue).map(\.longSpelling))

  /// Words of the command line that are not a unit or quantity: subcommand names.
  static let commandWords: Set<String> = [
    "convert", "fav", "favorites", "favourites", "add", "rm", "remove", "info", "list",
  ]

  /// After a quantity (`conv 1 cup <Tab>`), the names of substances that start with `prefix`
  /// (case-insensitively, keeping the typed case); names of one word only, as shells split them.
  static func substanceCandidates(prefix: String, after context: PhysicalDimension?) -> [String] {
    guard let context, !prefix.isEmpty, SubstanceCompletion.follows(context) else { return [] }
    return SubstanceCompletion.names(startingWith: prefix, in: .builtin)
  }

  /// Category identifiers that start with `prefix` (case-insensitively, keeping the typed case).
  static func categoryCandidates(prefix: String, catalog: Catalog) -> [String] {
    let folded = prefix.lowercased()
    return catalog.categories.map(\.identifier).filter { $0.hasPrefix(folded) }.map {
      prefix + String($0.dropFirst(prefix.count))
    }
  }

  /// The quantity or unit already typed before the word being completed
  /// (`5 mi` in `conv convert 5 mi <Tab>`, `mi` in `conv fav add mi <Tab>`), if any.
  static func contextQuantity(words: [String], index: Int, catalog: Catalog) -> Quantity? {
    guard index > 1, index <= words.count else { return nil }
    var previous: [String] = []
    var skipNext = false
    for word in words[1..<index] {
      if skipNext {
        skipNext = false
        continue
      }
      if optionsWithValue.contains(word) {
        skipNext = true
        continue
      }
      if word.hasPrefix("-") && word.count > 1 && !(word.dropFirst().first?.isNumber ?? false) { continue }
      if previous.isEmpty && commandWords.contains(word) { continue }
      previous.append(unquoted(word))
    }
    if let separator = previous.lastIndex(where: { ConversionRequest.separators.contains($0) }) {
      previous = Array(previous[..<separator])
    }
    guard !previous.isEmpty else { return nil }
    let text = previous.joined(separator: " ")
    guard let quantity = try? catalog.parseQuantity(text), !quantity.dimension.isNone else { return nil }
    return quantity
  }

  /// A shell word without the quotes around it (`"short ton"` → `short ton`).
  static func unquoted(_ word: String) -> String {
    guard word.count >= 2, let first = word.first, first == word.last, first == "\"" || first == "'" else {
      return word.replacingBackslashEscapes()
    }
    return String(word.dropFirst().dropLast())
  }
}

extension String {
  /// The text with `\ ` and other backslash escapes replaced by the escaped character.
  fileprivate func replacingBackslashEscapes() -> String {
    guard contains("\\") else { return self }
    var out = ""
    var escaped = false
    for character in self {
      if escaped || character != "\\" {
        out.append(character)
        escaped = false
      } else {
        escaped = true
      }
    }
    return out
  }
}
