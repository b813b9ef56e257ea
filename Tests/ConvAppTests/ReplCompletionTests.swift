import ConvApp
import Testing

@Suite("REPL completion")
struct ReplCompletionTests {
  static let completion = ReplCompletion(catalog: ReplTestCatalog.catalog)

  @Test(
    "candidates depend on the context",
    arguments: [
      // line before the cursor, the word readline completes, candidates
      ("fr", "fr", ["from"]),
      ("fa", "fa", ["fav", "favs"]),
      ("le", "le", ["length"]),
      ("te", "te", ["temperature"]),
      ("cat m", "m", ["mass"]),
      ("cat ", "", ["length", "mass", "temperature", "volume", "solo"]),
      ("from nm", "nm", ["nmi", "NM", "nm"]),  // nm: the nanometre
      ("from naut", "naut", ["nautical mile"]),
      ("from nautical m", "m", ["mile"]),
      ("to °", "°", ["°C", "°F"]),
      ("to ANG", "ANG", ["ångström", "angstrom", "angstroms"]),
      ("/nau", "/nau", ["/nautical mile"]),
      ("/nautical m", "m", ["mile"]),
      ("5 lb to kilo", "kilo", ["kilogram"]),
      // Only targets the quantity converts into (issue 34): no kilogram after miles.
      ("5 mi to kilog", "kilog", []),
      ("from zzz", "zzz", []),
    ])
  func candidates(_ line: String, _ word: String, _ expected: [String]) {
    #expect(Set(Self.completion.candidates(lineBeforeCursor: line, word: word, category: "length")) == Set(expected))
  }

  @Test("units of the current category come first")
  func order() {
    let candidates = Self.completion.candidates(lineBeforeCursor: "from m", word: "m", category: "length")
    #expect(candidates.first == "m")
    #expect(candidates.contains("mile"))
    #expect(candidates.contains("metre"))
    let lengthFirst = candidates.firstIndex(of: "mile")!
    #expect(candidates.prefix(lengthFirst).allSatisfy { ["m", "mi", "metre", "meter", "meters", "mile"].contains($0) })
  }

  @Test("after 'to', only units of the current category, unless none fits")
  func toStaysInCategory() {
    // `k` starts kelvin (temperature) and kilogram (mass): `from` offers both, `to` the kelvin.
    let from = Self.completion.candidates(lineBeforeCursor: "from k", word: "k", category: "temperature")
    let to = Self.completion.candidates(lineBeforeCursor: "to k", word: "k", category: "temperature")
    #expect(Set(to) == ["K", "kelvin"])
    #expect(from.contains("kilogram") && from.contains("kelvin"))
    // Nothing of the category fits: the other categories are offered.
    #expect(Self.completion.candidates(lineBeforeCursor: "to kilo", word: "kilo", category: "length") == ["kilogram"])
  }

  @Test("the common prefix is what readline inserts for several candidates")
  func prefix() {
    #expect(ReplCompletion.commonPrefix(["fav", "favs"]) == "fav")
    #expect(ReplCompletion.commonPrefix(["°C", "°F"]) == "°")
    #expect(ReplCompletion.commonPrefix(["mile"]) == "mile")
    #expect(ReplCompletion.commonPrefix([]) == "")
  }
}
