@testable import ConvFormat
import ConvKit
import Testing

@Suite("NumberRendering without ICU")
struct NumberRenderingTests {
  @Test("the fallback agrees with ICU for terse English", arguments: [
    "0", "1", "-1", "1e1", "1234.5", "-0.03048", "0.000001", "999999999999", "1e12", "8e15", "1e-9", "-1.5e20",
  ])
  func fallbackMatchesICU(value: String) {
    for style in [NumberStyle(), NumberStyle(ascii: true), NumberStyle(notation: .scientific)] {
      let rendering = NumberRendering(style: style)
      #expect(rendering.fallback(decimal(value)) == rendering.format(decimal(value)))
    }
  }

  @Test("exact numeric strings for ICU")
  func numericStrings() {
    #expect(NumberRendering.numericString(decimal("-1.5e20")) == "-15E19")
    #expect(NumberRendering.numericString(decimal("0.03048")) == "3048E-5")
    #expect(NumberRendering.numericString(decimal("0")) == "0E0")
  }

  @Test("skeletons ICU rejects give nil")
  func rejected() {
    #expect(NumberRendering(style: NumberStyle()).format(decimal("1"), unitStems: "measure-unit/length-zork") == nil)
  }
}
