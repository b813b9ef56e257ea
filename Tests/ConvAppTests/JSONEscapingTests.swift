import Testing

@testable import ConvApp
@testable import ConvKit

/// Issue 20: JSON output never carries a raw control, separator or bidirectional character.
@Suite("JSON escaping")
struct JSONEscapingTests {
  static let cases: [(String, String)] = [
    ("a\u{1B}b", "\"a\\u001bb\""),
    ("c1\u{9B}x", "\"c1\\u009bx\""),
    ("\u{85}", "\"\\u0085\""),
    ("line\u{2028}sep", "\"line\\u2028sep\""),
    ("para\u{2029}", "\"para\\u2029\""),
    ("rtl\u{202E}x", "\"rtl\\u202ex\""),
    ("iso\u{2066}x\u{2069}", "\"iso\\u2066x\\u2069\""),
    ("mark\u{200F}", "\"mark\\u200f\""),
    ("°C µm ångström", "\"°C µm ångström\""),
    ("quote\"back\\", "\"quote\\\"back\\\\\""),
  ]

  @Test("Strings are escaped for terminals and scripts", arguments: cases.indices)
  func escaped(_ index: Int) {
    let (text, expected) = Self.cases[index]
    #expect(JSONValue.string(text).serialized() == expected)
  }
}

/// Issue 37: a value no binary64 number holds is a JSON string, never a number read as inf or 0.
@Suite("JSON numbers beyond binary64")
struct JSONBinary64Tests {
  static let values: [(String, String)] = [
    ("8.04672", "8.04672"), ("0", "0"), ("-2.5", "-2.5"), ("1e300", "1e300"), ("1e400", "\"1e400\""),
    ("-1e400", "\"-1e400\""), ("1e-400", "\"1e-400\""), ("5e-324", "5e-324"), ("2e-324", "\"2e-324\""),
    ("1.8e308", "\"1.8e308\""), ("1.7e308", "1.7e308"),
  ]

  @Test("A number, or its terse form as a string beyond binary64", arguments: values)
  func number(_ value: String, _ expected: String) throws {
    let magnitude = try #require(Rational(decimalLiteral: value.hasPrefix("-") ? String(value.dropFirst()) : value))
    let rational = value.hasPrefix("-") ? -magnitude : magnitude
    #expect(JSONValue.number(exact: rational).serialized() == expected)
  }
}
