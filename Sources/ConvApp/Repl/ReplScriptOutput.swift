import ConvKit

/// What a script sees in `-t` and `--json` output: the same results as in human output, written
/// as the command line writes them (numbers only; JSON lines only, never plain text mixed in).
extension ReplSession {
  /// The destination column in the user's output mode: human lines (``columnLines()``), terse
  /// `number symbol` lines, or one JSON array of results as `conv 5 mi --json` prints.
  func scriptColumnLines() -> [String] {
    guard converter.options.mode != .human else { return columnLines() }
    var lines: [String] = []
    var objects: [JSONValue] = []
    for destination in columns(pinned: false).destinations {
      guard let unit = destination.row.unit,
            let result = try? catalog.convert(sourceQuantity, to: UnitExpression(unit: unit)) else { continue }
      if converter.options.mode == .json {
        if let object = try? converter.json(result) { objects.append(object) }
      } else if let number = try? converter.render(result) {
        lines.append(number + " " + unit.symbol)
      }
    }
    return converter.options.mode == .json ? [JSONValue.array(objects).serialized()] : lines
  }

  /// Text lines (help, messages) in the user's output mode: as they are, or in JSON one object
  /// `{"KEY": [lines]}` (`{"message": …}` for one line).
  func scriptText(_ lines: [String], key: String) -> [String] {
    guard converter.options.mode == .json else { return lines }
    if lines.count == 1 { return [JSONValue.object([(key, .string(lines[0]))]).serialized()] }
    return [JSONValue.object([(key, .array(lines.map { .string($0) }))]).serialized()]
  }
}
