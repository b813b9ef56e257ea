/// Lines up a column of numbers on their decimal separators.
///
/// Integers align as if a separator followed their last digit; numbers in scientific notation align
/// on their mantissa's separator. Widths are display widths (``DisplayWidth``), so escape codes, wide
/// and combining characters are handled.
public enum ColumnAligner {
  /// Pads each number so that anchors line up and all results have the same display width.
  ///
  /// Each number is left-padded with spaces up to the widest part before an anchor, then right-padded
  /// up to the widest part after one. With `color`, powers of ten are dimmed (see
  /// ``FormattedNumber/rendered(color:)``).
  public static func align(_ numbers: [FormattedNumber], color: Bool) -> [String] {
    let widths = numbers.map { number in
      let width = number.displayWidth
      let anchor = min(max(number.anchorColumn, 0), width)
      return (before: anchor, after: width - anchor)
    }
    let before = widths.map(\.before).max() ?? 0
    let after = widths.map(\.after).max() ?? 0
    return zip(numbers, widths).map { number, width in
      String(repeating: " ", count: before - width.before) + number.rendered(color: color)
        + String(repeating: " ", count: after - width.after)
    }
  }
}
