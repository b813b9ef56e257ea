import Testing

@testable import ConvKit

/// Issue 37: `pi` and `π` are the exact constant in what people type, as the man page says and as
/// catalog definitions already had it.
@Suite("π in expressions")
struct PiConstantTests {
  /// A quantity, a target, and the exact result.
  static let exact: [(String, String, Rational)] = [
    ("2 pi rad", "deg", Rational(360)), ("2 π rad", "°", Rational(360)), ("pi/2 rad", "deg", Rational(90)),
    ("180 deg", "pi rad", Rational(1)), ("1 rev", "pi rad", Rational(2)), ("2*pi rad", "rev", Rational(1)),
  ]

  @Test("pi and π read as the exact constant", arguments: exact)
  func exactConstant(_ quantity: String, _ target: String, _ expected: Rational) throws {
    let result = try Catalog.builtin.convert(quantity, to: target)
    #expect(result.isExact, "\(quantity) → \(target)")
    #expect(result.rational == expected, "\(quantity) → \(target): \(result.rational)")
  }

  @Test("A units file's own unit named pi wins over the constant")
  func personalUnitWins() throws {
    let text = "category: length\npi | pis | | | 3 m | | test\n"
    let (catalog, diagnostics) = CatalogLoader.load([CatalogSource(path: "units", text: text)], base: .builtin)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(try catalog.convert("2 pi", to: "m").rational == Rational(6))
  }
}
