import Testing

@testable import ConvKit

/// "Did you mean" for categories, commands and options: one distance (`EditDistance`), one ranking
/// (`NearWords`), so that every front end suggests the same words.
@Suite("Near words")
struct NearWordsTests {
  /// A mistyped category and the identifier suggested first (nil: nothing is near enough).
  static let categories: [(String, String?)] = [
    ("elngth", "length"), ("lenght", "length"), ("legnth", "length"), ("Length", nil), ("lngth", "length"),
    ("mas", "mass"), ("masss", "mass"), ("temprature", "temperature"), ("presure", "pressure"),
    ("enrgy", "energy"), ("voluem", "volume"), ("spede", "speed"), ("tiem", "time"), ("xyzzy", nil),
    ("Fuel Economy", "fuel-economy"), ("fuel econmy", "fuel-economy"),
  ]

  @Test("A mistyped category suggests the category meant", arguments: categories)
  func category(_ typed: String, _ expected: String?) {
    let suggestions = Catalog.builtin.suggestedCategories(for: typed)
    if let expected {
      #expect(suggestions.first == expected, "\(typed): \(suggestions)")
    } else if Catalog.builtin.category(named: typed) == nil {
      #expect(suggestions.isEmpty, "\(typed): \(suggestions)")
    }
  }

  /// A word, candidates, and the ranking expected.
  static let rankings: [(String, [String], [String])] = [
    ("swpa", ["swap", "show", "quit"], ["swap"]),
    ("fsv", ["fav", "favs", "from"], ["fav"]),
    ("lst", ["list", "last", "lost"], ["last", "list", "lost"]),
    ("--jsno", ["--json", "--jobs", "--ascii"], ["--json"]),
    ("list", ["list", "lists"], ["lists"]),
    ("ab", ["abc", "abcd"], ["abc"]),
    ("LIST", ["list"], []),
  ]

  @Test("Nearest first, ties alphabetical, never the word itself, short words one edit", arguments: rankings)
  func ranking(_ word: String, _ candidates: [String], _ expected: [String]) {
    #expect(NearWords.nearest(word, in: candidates) == expected)
  }
}
