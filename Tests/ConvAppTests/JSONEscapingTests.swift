import Testing
@testable import ConvApp

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
