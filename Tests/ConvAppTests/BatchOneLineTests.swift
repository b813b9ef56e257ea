import ConvKit
import Testing

@testable import ConvApp

/// Issue 33 in ConvApp: script output answers a batch line with one line; text from the input is
/// shown escaped in human output.
@Suite("Batch lines in script output; shown text")
struct BatchOneLineTests {
  static let withoutTarget = ["5 mi", "100 EUR", "2 m^2", "20 °C", "1 GiB", "30 dBm", "(5 m)", "1/3 cup"]

  @Test(
    "-t and --json refuse a batch line without a target; human output and one-shot keep the column",
    arguments: withoutTarget)
  func refusedInScriptOutput(_ line: String) {
    for mode in [OutputMode.terse, .json, .human] {
      var options = OutputOptions()
      options.mode = mode
      let converter = Converter(catalog: .builtin, options: options)
      let batch = BatchConverter(converter: converter)
      switch batch.convert(line: line) {
      case .failure(let failure):
        #expect(mode != .human, "\(line)")
        #expect(failure.message.hasPrefix("no target unit: "), "\(failure.message)")
      case .success(let lines):
        #expect(mode == .human && !lines.isEmpty, "\(mode) \(line): \(lines)")
      case nil:
        Issue.record("\(line) skipped")
      }
      // One-shot: the one request's whole column.
      let oneShot = converter.convert(converter.request(line: line))
      #expect((try? oneShot.get()) != nil, "\(mode) \(line)")
    }
  }

  static let shown: [(String, String)] = [
    ("5 mi\u{0B}+ 1 ft", "5 mi<U+000B>+ 1 ft"), ("a\u{0C}b", "a<U+000C>b"), ("a\rb", "a<U+000D>b"),
    ("a\u{85}b", "a<U+0085>b"), ("a\u{2028}b", "a<U+2028>b"), ("a\u{2029}b", "a<U+2029>b"),
    ("a\u{202E}b", "a<U+202E>b"), ("a\tb", "a\tb"), ("µm²", "µm²"),
  ]

  @Test("Text shown from the input has its controls and separators escaped", arguments: shown)
  func display(_ text: String, _ expected: String) {
    #expect(ValuePresenter(options: OutputOptions()).display(text) == expected)
  }
}
