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

  /// The ranking without the length filter: every candidate measured.
  static func measuredOneByOne(_ word: String, in candidates: [String]) -> [String] {
    let key = word.lowercased()
    let bound = NearWords.bound(for: key)
    let scored = candidates.compactMap { candidate -> (Int, String)? in
      guard let distance = EditDistance.between(key, candidate.lowercased(), bound: bound), distance > 0 else {
        return nil
      }
      return (distance, candidate)
    }
    var seen: Set<String> = []
    return Array(scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1).filter { seen.insert($0).inserted }.prefix(3))
  }

  @Test("The length filter leaves the ranking as measuring every candidate gives it")
  func lengthFilterKeepsRanking() {
    var generator = SplitMix(seed: 0x4EA2)
    // Letters whose lower case is longer (İ) or that are not ASCII (é, ß) beside ASCII ones.
    let letters: [String] = ["a", "b", "c", "A", "é", "İ", "ß", "-"]
    func random(_ length: Int) -> String {
      (0..<length).map { _ in letters[Int(generator.next() % UInt64(letters.count))] }.joined()
    }
    var found = 0
    for _ in 0..<3000 {
      let word = random(1 + Int(generator.next() % 7))
      let candidates = (0..<12).map { _ in random(Int(generator.next() % 9)) }
      let expected = Self.measuredOneByOne(word, in: candidates)
      found += expected.count
      #expect(NearWords.nearest(word, in: candidates) == expected, "\(word) in \(candidates)")
    }
    #expect(found > 1000)
  }
}
