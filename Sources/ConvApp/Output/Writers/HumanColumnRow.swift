import ConvFormat
import ConvKit

/// One row of a whole column in human output (`≈ 8.04672 km  kilometres`), and the one place
/// that writes a column's lines: ``HumanWriter`` from exact results, a batch's remembered
/// column (``ColumnPlan``) from its integer maps.
struct HumanColumnRow {
  /// The value, rounded and formatted.
  var number: FormattedNumber
  /// `=` or `≈` (`~` in ASCII).
  var relation: String
  /// The unit's symbol as shown.
  var symbol: String
  /// The symbol's display width.
  var symbolWidth: Int
  /// The unit's name, singular or plural as the value takes.
  var name: String

  /// The lines of a column: `5 mi (length) is`, a row per unit with the numbers lined up on
  /// their decimal separators and the names after the widest symbol, then how many units are not
  /// shown and how to see them.
  static func lines(
    source: String, category: UnitCategory, rows: [HumanColumnRow], hidden: Int, typedQuantity: String,
    presenter: ValuePresenter
  ) -> [String] {
    var bytes: [UInt8] = []
    append(
      source: source, category: category, rows: rows, hidden: hidden, typedQuantity: typedQuantity,
      presenter: presenter, to: &bytes)
    return bytes.split(separator: 10, omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Appends the bytes of ``lines(source:category:rows:hidden:typedQuantity:presenter:)``, each
  /// line ending in `\n`.
  static func append(
    source: String, category: UnitCategory, rows: [HumanColumnRow], hidden: Int, typedQuantity: String,
    presenter: ValuePresenter, to bytes: inout [UInt8]
  ) {
    let options = presenter.options
    let title = category.title.lowercased()
    func spaces(_ count: Int) {
      for _ in 0..<max(0, count) { bytes.append(UInt8(ascii: " ")) }
    }
    bytes.appendUTF8(source)
    bytes.appendUTF8(" (")
    bytes.appendUTF8(title)
    bytes.appendUTF8(") is\n")
    let paddings = ColumnAligner.padding(rows.map { $0.number })
    var symbolWidth = 0
    for row in rows { symbolWidth = max(symbolWidth, row.symbolWidth) }
    for index in rows.indices {
      let row = rows[index]
      let padding = paddings[index]
      spaces(2)
      bytes.appendUTF8(row.relation)
      spaces(1 + padding.leading)
      row.number.appendRendered(color: options.color, to: &bytes)
      spaces(padding.trailing + 1)
      bytes.appendUTF8(row.symbol)
      spaces(symbolWidth - row.symbolWidth + 2)
      bytes.appendUTF8(row.name)
      bytes.append(10)
    }
    if hidden > 0 {
      spaces(2)
      bytes.appendUTF8(options.ascii ? "..." : "…")
      bytes.appendUTF8(" \(hidden) more ")
      bytes.appendUTF8(title)
      bytes.appendUTF8(hidden == 1 ? " unit: " : " units: ")
      bytes.appendUTF8(presenter.display("conv " + typedQuantity + " --all"))
      bytes.append(10)
    }
  }
}
