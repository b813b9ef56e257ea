import ConvFormat
import Testing

@Suite("ColorPolicy")
struct ColorPolicyTests {
  struct Case: Sendable {
    var option: ColorPolicy.Option
    var environment: [String: String]
    var isTerminal: Bool
    var expected: Bool
  }

  static let cases: [Case] = [
    Case(option: .auto, environment: [:], isTerminal: true, expected: true),
    Case(option: .auto, environment: [:], isTerminal: false, expected: false),
    Case(option: .auto, environment: ["TERM": "xterm-256color"], isTerminal: true, expected: true),
    Case(option: .auto, environment: ["TERM": "dumb"], isTerminal: true, expected: false),
    Case(option: .auto, environment: ["NO_COLOR": "1"], isTerminal: true, expected: false),
    Case(option: .auto, environment: ["NO_COLOR": ""], isTerminal: true, expected: true),
    Case(option: .auto, environment: ["NO_COLOR": "0"], isTerminal: true, expected: false),
    Case(option: .always, environment: [:], isTerminal: false, expected: true),
    Case(option: .always, environment: ["NO_COLOR": "1", "TERM": "dumb"], isTerminal: false, expected: true),
    Case(option: .never, environment: [:], isTerminal: true, expected: false),
    Case(option: .never, environment: ["TERM": "xterm"], isTerminal: true, expected: false),
  ]

  @Test("resolution", arguments: cases)
  func resolve(_ c: Case) {
    #expect(ColorPolicy.resolve(option: c.option, environment: c.environment, isTerminal: c.isTerminal) == c.expected)
  }

  @Test("option spellings")
  func spellings() {
    #expect(ColorPolicy.Option.allCases.map(\.rawValue) == ["auto", "always", "never"])
  }
}
