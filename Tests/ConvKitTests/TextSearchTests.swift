import Testing

@testable import ConvKit

/// ConvKit's substring search and replacement (`TextSearch.swift`, there so that the static binary
/// does not link the regex modules) agree with the standard library's, which the tests may use.
@Suite("Substring search and replacement")
struct TextSearchTests {
  @Test(
    "Known cases",
    arguments: [
      ("5 mi -> km", "->"), ("5 mi → km", "→"), ("a&amp;b", "&amp;"), ("xterm-256color", "256"),
      ("abc", "abcd"), ("aaa", "aa"), ("", "a"), ("e\u{301}", "e"), ("café", "é"), ("1e+20", "e+"),
      ("definition of 'x' does not resolve", "does not resolve"), ("abab", "bab"), ("e\u{301}x", "e"),
      ("e\u{301}x", "x"), ("-\u{301}>", "->"), ("5 m ->\u{301} ft", "->"),
    ])
  func known(text: String, needle: String) {
    #expect(text.contains(text: needle) == text.contains(needle))
    #expect(text.firstRange(ofText: needle) == text.firstRange(of: needle))
    #expect(text.replacing(text: needle, with: "<>") == text.replacing(needle, with: "<>"))
    let part = text.dropFirst()
    #expect(part.firstRange(ofText: needle) == part.firstRange(of: needle))
  }

  @Test("Agree with the standard library on random strings")
  func agreesWithStandardLibrary() {
    var generator = SplitMix(seed: 2_027)
    let alphabet: [String] = ["a", "b", "e", "\u{301}", "\u{E9}", " ", "-", ">", "→"]
    func random(_ length: Int, from letters: ArraySlice<String>) -> String {
      (0..<length).map { _ in letters[letters.startIndex + Int(generator.next() % UInt64(letters.count))] }.joined()
    }
    for _ in 0..<5000 {
      let text = random(Int(generator.next() % 9), from: alphabet[...])
      let needle = random(1 + Int(generator.next() % 3), from: alphabet[...])
      #expect(text.firstRange(ofText: needle) == text.firstRange(of: needle))
      #expect(text.replacing(text: needle, with: "x") == text.replacing(needle, with: "x"))
      // contains(_:) agrees for texts of characters that neither extend the one before them nor
      // decompose (conv's: ASCII and arrows); see TextSearch.swift.
      let plain = random(1 + Int(generator.next() % 3), from: alphabet[5...])
      #expect(
        text.contains(text: plain) == text.contains(plain),
        "\(Array(text.unicodeScalars)) \(Array(plain.unicodeScalars))")
    }
  }

  @Test("A string's byte path agrees with the character path, carriage returns and marks included")
  func bytePathAgreesWithCharacters() {
    var generator = SplitMix(seed: 0x7E57)
    let alphabet: [String] = ["a", "b", "\r", "\n", "\r\n", " ", "\u{301}", "é"]
    func random(_ length: Int, from letters: ArraySlice<String>) -> String {
      (0..<length).map { _ in letters[letters.startIndex + Int(generator.next() % UInt64(letters.count))] }.joined()
    }
    var bytePathTaken = 0
    for round in 0..<6000 {
      // A third of the rounds plain ASCII, where the byte path answers; a third with carriage
      // returns; a third with marks and accents.
      let letters = [alphabet[..<2] + alphabet[5..<6], alphabet[..<6], alphabet[...]][round % 3]
      let text = random(Int(generator.next() % 10), from: letters)
      let needle = random(Int(generator.next() % 4), from: letters)
      let characterPath = text[...].contains(text: needle[...])
      #expect(text.contains(text: needle) == characterPath, "\(text.debugDescription) \(needle.debugDescription)")
      if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) && needle.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
        bytePathTaken += 1
      }
    }
    #expect(bytePathTaken > 2000)
  }

  @Test("Trailing spaces dropped from the last byte agree with dropping space characters")
  func trailingSpaces() {
    // Where they differ: a prepended mark joins the space after it into one character; the bytes
    // say it is a space, and it goes.
    #expect(String("x\u{D4E} ".droppingTrailingSpaces) == "x\u{D4E}")
    #expect("x\u{D4E} ".last != " ")
    var generator = SplitMix(seed: 0x5BAC)
    let letters = [" ", " ", "a", "\u{301}", "é", "\t", "\u{A0}", "→"]
    for _ in 0..<3000 {
      let text = (0..<Int(generator.next() % 8)).map { _ in letters[Int(generator.next() % 8)] }.joined()
      let expected = String(text.reversed().drop { $0 == " " }.reversed())
      #expect(String(text.droppingTrailingSpaces) == expected, "\(text.debugDescription)")
      let part = text.dropFirst()
      #expect(String(part.droppingTrailingSpaces) == String(part.reversed().drop { $0 == " " }.reversed()))
    }
  }
}
