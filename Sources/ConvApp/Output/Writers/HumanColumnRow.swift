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
    bytes.append(contentsOf: source.utf8)
    bytes.append(contentsOf: " (".utf8)
    bytes.append(contentsOf: title.utf8)
    bytes.append(contentsOf: ") is\n".utf8)
    let padding = ColumnAligner.padding(rows.map(\.number))
    let symbolWidth = rows.map(\.symbolWidth).max() ?? 0
    for (row, padding) in zip(rows, padding) {
      spaces(2)
      bytes.append(contentsOf: row.relation.utf8)
      spaces(1 + padding.leading)
      row.number.appendRendered(color: options.color, to: &bytes)
      spaces(padding.trailing + 1)
      bytes.append(contentsOf: row.symbol.utf8)
      spaces(symbolWidth - row.symbolWidth + 2)
      bytes.append(contentsOf: row.name.utf8)
      bytes.append(10)
    }
    if hidden > 0 {
      let command = "conv " + typedQuantity + " --all"
      let text =
        "  " + (options.ascii ? "..." : "…") + " \(hidden) more " + title + " unit" + (hidden == 1 ? "" : "s") + ": "
        + presenter.display(command)
      bytes.append(contentsOf: text.utf8)
      bytes.append(10)
    }
  }
}
