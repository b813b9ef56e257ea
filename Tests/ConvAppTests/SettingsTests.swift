import ConvApp
import ConvFormat
import Testing

@Suite("Settings file")
struct SettingsTests {
  @Test(
    "notation takes auto, automatic, plain and scientific",
    arguments: [
      ("auto", NumberNotation.automatic), ("automatic", .automatic), ("AUTO", .automatic),
      ("plain", .plain), ("scientific", .scientific),
    ])
  func notation(_ value: String, _ expected: NumberNotation) {
    let (settings, problems) = Settings.parse("notation = \(value)\n", path: "settings")
    #expect(problems.isEmpty)
    #expect(settings.notation == expected)
  }

  @Test("Every bad line is a problem, in line order")
  func everyProblem() {
    let text = "foo = 1\nnotation = weird\n\n# comment\ndigits = 12\ncolor = sometimes\nascii\n"
    let (settings, problems) = Settings.parse(text, path: "settings")
    #expect(
      problems.map(\.description) == [
        "settings:1: unknown setting 'foo', ignored; the keys are digits, notation, color, ascii, system, column.CATEGORY",
        "settings:2: notation must be auto, plain or scientific",
        "settings:6: color must be auto, always or never",
        "settings:7: expected 'key = value'",
      ])
    #expect(settings.digits == 12)
    // Only the unknown key is a warning: the others stop conv.
    #expect(problems.map(\.isWarning) == [true, false, false, false])
  }

  @Test(
    "CRLF line ends and a byte-order mark read as plain lines (issue 37: the mark was echoed)",
    arguments: [
      "\u{FEFF}digits = 4\nnotation = plain\n", "digits = 4\r\nnotation = plain\r\n",
      "\u{FEFF}digits = 4\r\nnotation = plain\r\n",
    ])
  func lineEnds(_ text: String) {
    let (settings, problems) = Settings.parse(text, path: "settings")
    #expect(problems.isEmpty, "\(problems)")
    #expect(settings.digits == 4 && settings.notation == .plain)
  }

  @Test("The names people write for each notation")
  func names() {
    #expect(NumberNotation.names == ["auto", "plain", "scientific"])
    #expect(NumberNotation.allCases.map(\.name) == NumberNotation.names)
  }
}
