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
    zip(numbers, padding(numbers)).map { number, padding in
      String(repeating: " ", count: padding.leading) + number.rendered(color: color)
        + String(repeating: " ", count: padding.trailing)
    }
  }

  /// The spaces ``align(_:color:)`` puts before and after each number.
  public static func padding(_ numbers: [FormattedNumber]) -> [(leading: Int, trailing: Int)] {
    var widths: [(before: Int, after: Int)] = []
    widths.reserveCapacity(numbers.count)
    var before = 0
    var after = 0
    for number in numbers {
      let width = number.displayWidth
      let anchor = min(max(number.anchorColumn, 0), width)
      widths.append((anchor, width - anchor))
      before = max(before, anchor)
      after = max(after, width - anchor)
    }
    return widths.map { (before - $0.before, after - $0.after) }
  }
}
