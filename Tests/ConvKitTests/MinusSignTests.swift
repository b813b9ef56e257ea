import Testing

@testable import ConvKit

/// The three minus signs (`-`, `−`, `–`) are one set, read alike wherever a sign may stand
/// (`MinusSign.swift`): before a number, before a quantity in parts, before a currency sign.
@Suite("Minus signs")
struct MinusSignTests {
  static let signs = ["-", "\u{2212}", "\u{2013}"]

  @Test("The set, and the look-alikes left out")
  func set() {
    for sign in Self.signs {
      #expect(Character(sign).isMinusSign)
      #expect(Unicode.Scalar(sign.unicodeScalars.first!).isMinusSign)
    }
    // Em dash, hyphen, figure dash, a minus with a mark on it, a plus.
    for other in ["\u{2014}", "\u{2010}", "\u{2012}", "-\u{301}", "+", "_"] {
      #expect(!Character(other).isMinusSign, "\(other.unicodeScalars.map(\.value))")
    }
  }

  @Test("Each sign reads the same number, quantity in parts and amount of money", arguments: signs)
  func readsAlike(_ sign: String) throws {
    let catalog = Catalog.builtin
    #expect(try catalog.convert(sign + "5 m", to: "cm").doubleValue == -500)
    #expect(try catalog.convert(sign + "6 ft 2 in", to: "in").doubleValue == -74)
    let money = try #require(CurrencySigns.amountFirst(sign + "$5"))
    #expect(money.text == sign + "5 $")
    #expect(money.signLength == 1)
    // An argument that starts with a sign is a term of the quantity, not a target (`5 m` `-1 ft`).
    let request = ConversionRequest.parse(arguments: ["5 m", sign + "1 ft"], catalog: catalog)
    #expect(request.targets.isEmpty)
    #expect(request.quantity == "5 m " + sign + "1 ft")
    let line = ConversionRequest.parse(line: "5 m " + sign + "1 ft", catalog: catalog)
    #expect(line.targets.isEmpty)
  }
}
