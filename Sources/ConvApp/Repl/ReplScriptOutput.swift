import ConvKit

/// What a script sees in `-t` and `--json` output: the same results as in human output, written
/// by the output mode's writer as the command line writes them (numbers only; JSON lines only,
/// never plain text mixed in).
extension ReplSession {
  /// The destination column in the user's output mode (human: ``columnLines()``).
  func scriptColumnLines() -> [String] {
    converter.writer.replColumn(columnResults, human: columnLines, by: converter)
  }

  /// The exact result in every unit of the destination column, in its order.
  private var columnResults: [ConversionResult] {
    columns(pinned: false).destinations.compactMap { destination in
      destination.row.unit.flatMap { try? catalog.convert(sourceQuantity, to: UnitExpression(unit: $0)) }
    }
  }

  /// Text lines (help, messages) in the user's output mode.
  func scriptText(_ lines: [String], key: String) -> [String] {
    converter.writer.replText(lines, key: key)
  }
}
