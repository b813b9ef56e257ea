import ConvFormat
import ConvKit
import Testing

@Suite("ColumnAligner")
struct ColumnAlignerTests {
  private func align(_ values: [String], style: NumberStyle = NumberStyle(grouping: true), color: Bool = false)
    -> [String]
  {
    let formatter = QuantityNumberFormatter(style: style)
    return ColumnAligner.align(values.map { formatter.format(decimal($0)) }, color: color)
  }

  @Test("integers, decimals and scientific numbers line up on the separator")
  func mixed() {
    #expect(
      align(["1234.5", "12", "-0.03048", "8e15", "-1.5e20", "0"]) == [
        "1,234.5       ",
        "   12         ",
        "   -0.03048   ",
        "    8 × 10¹⁵  ",
        "   -1.5 × 10²⁰",
        "    0         ",
      ])
  }

  @Test("German separators")
  func german() {
    #expect(
      align(["1234.5", "7", "0.125"], style: NumberStyle(locale: "de_DE", grouping: true)) == [
        "1.234,5  ",
        "    7    ",
        "    0,125",
      ])
  }

  @Test("French narrow no-break spaces count one column each")
  func french() {
    #expect(
      align(["1234567.5", "3.25"], style: NumberStyle(locale: "fr_FR", grouping: true)) == [
        "1\u{202F}234\u{202F}567,5 ",
        "        3,25",
      ])
  }

  @Test("ASCII scientific numbers")
  func ascii() {
    #expect(
      align(["8e15", "-1.5e-20", "42"], style: NumberStyle(ascii: true)) == [
        " 8e15   ",
        "-1.5e-20",
        "42      ",
      ])
  }

  @Test("escape codes do not count, and every row has the same display width")
  func colored() {
    let rows = align(["8e15", "123.25"], color: true)
    #expect(rows == ["  8\u{1B}[2m × 10¹⁵\u{1B}[22m", "123.25    "])
    #expect(rows.map { DisplayWidth.of($0) } == [10, 10])
  }

  @Test("verbatim cells are anchored at their end")
  func verbatim() {
    let rows = ColumnAligner.align(
      [FormattedNumber(verbatim: "—"), QuantityNumberFormatter().format(decimal("10.5"))], color: false)
    #expect(rows == [" —  ", "10.5"])
  }

  @Test("empty column")
  func empty() {
    #expect(ColumnAligner.align([], color: true) == [])
  }
}
