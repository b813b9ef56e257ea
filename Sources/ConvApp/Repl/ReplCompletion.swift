import ConvFormat
import ConvKit

/// Tab completion for the REPL, in context: command words and category names at the start of a
/// line, categories after `cat`, units after `from`, `to` (of the current category), `/` and
/// inside conversions.
package struct ReplCompletion: Sendable {
  struct Spelling: Sendable {
    let text: String
    let folded: String
    let category: String
  }

  private let categories: [Spelling]
  /// Units are completed by the one matcher the shells use too.
  private let matcher: UnitMatcher

  /// Indexes a catalog's category names and unit symbols and names.
  package init(catalog: Catalog) {
    categories = catalog.categories.map {
      Spelling(text: $0.identifier, folded: TextFolding.fold($0.identifier), category: $0.identifier)
    }
    matcher = UnitMatcher(catalog: catalog)
  }

  /// The replacements for `word`, the text readline is completing, which ends `lineBeforeCursor`.
  ///
  /// CatalogUnit names may hold spaces (`nautical mile`): the argument is everything after the command
  /// word, and each candidate is cut to the part that replaces `word`. Units of `category` come first.
  /// After `to`, the units `source` (the current value) converts into; after a quantity and `to`
  /// on the line (`20 °C to `), the units that quantity converts into; never the source's own.
  package func candidates(
    lineBeforeCursor line: String, word: String, category: String?,
    source: Quantity? = nil
  ) -> [String] {
    let wordStart = line.count - word.count
    guard wordStart >= 0 else { return [] }
    let characters = Array(line)
    let head = String(characters[0..<wordStart])
    let trimmedHead = head.replTrimmed
    let firstWord = trimmedHead.splitFirstWord().0.lowercased()
    var pool: [Spelling] = []
    var completesUnits = false
    var argumentStart: Int
    if trimmedHead.isEmpty {
      if word.hasPrefix("/") {
        completesUnits = true
        argumentStart = wordStart + 1
      } else {
        let commands = ReplCommands.words.map { Spelling(text: $0, folded: $0, category: "") }
        pool = commands + categories
        argumentStart = wordStart
      }
    } else if line.hasPrefix("/") {
      completesUnits = true
      argumentStart = 1
    } else if firstWord == "cat" || firstWord == "category" {
      pool = categories
      argumentStart = ReplCompletion.argumentStart(characters)
    } else if firstWord == "from" || firstWord == "to" {
      completesUnits = true
      argumentStart = ReplCompletion.argumentStart(characters)
    } else {
      completesUnits = true
      argumentStart = wordStart
    }
    argumentStart = min(argumentStart, characters.count)
    let argument = TextFolding.fold(String(characters[argumentStart...]))
    // The quantity the completed unit is a target of: the current value after `to`, or the
    // quantity typed before `to` on a conversion line.
    var from: Quantity? = firstWord == "to" ? source : nil
    if completesUnits, firstWord != "to", firstWord != "from", !line.hasPrefix("/") {
      let words = trimmedHead.split(separator: " ").map(String.init)
      if let last = words.last, ConversionRequest.separators.contains(last), words.count > 1 {
        from = try? matcher.catalog.parseQuantity(words.dropLast().joined(separator: " "))
      }
    }
    let typed = String(characters[argumentStart...])
    let units = from.map { matcher.completions(of: typed, convertingFrom: $0) } ?? matcher.completions(of: typed)
    var matches =
      completesUnits
      ? units.map { Spelling(text: $0.text, folded: "", category: $0.unit.categoryIdentifier) }
      : pool.filter { $0.folded.hasPrefix(argument) }
    if let category {
      let inCategory = matches.filter { $0.category == category }
      // `to` takes a unit of the current category (`from` may change it): others only when the
      // category has none that fits.
      matches =
        firstWord == "to" && !inCategory.isEmpty
        ? inCategory : inCategory + matches.filter { $0.category != category }
    }
    var results: [String] = []
    var seen = Set<String>()
    for match in matches {
      let text: String
      if wordStart <= argumentStart {
        text = String(characters[wordStart..<argumentStart]) + match.text
      } else {
        // The candidate shares the argument's words before `word`: keep only what replaces `word`.
        let before = wordStart - argumentStart
        guard match.text.count >= before else { continue }
        text = String(match.text.dropFirst(before))
      }
      if seen.insert(text).inserted { results.append(text) }
    }
    return results
  }

  /// Where the argument after the first word starts (after the spaces that follow it).
  static func argumentStart(_ characters: [Character]) -> Int {
    var index = 0
    while index < characters.count && characters[index].isWhitespace { index += 1 }
    while index < characters.count && !characters[index].isWhitespace { index += 1 }
    while index < characters.count && characters[index].isWhitespace { index += 1 }
    return index
  }

  /// The longest common prefix of the candidates (what readline inserts when several match).
  package static func commonPrefix(_ candidates: [String]) -> String {
    guard var prefix = candidates.first.map(Array.init) else { return "" }
    for candidate in candidates.dropFirst() {
      let characters = Array(candidate)
      var count = 0
      while count < prefix.count && count < characters.count && prefix[count] == characters[count] { count += 1 }
      prefix.removeSubrange(count...)
    }
    return String(prefix)
  }
}
