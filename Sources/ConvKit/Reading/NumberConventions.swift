/// How numbers are written where the user is: the decimal mark and the digit-grouping mark.
///
/// `NumberConventions.standard` (the C locale, English) reads `1,234.5`; German reads `1.234,5`;
/// French `1 234,5`. Whatever the locale, a point followed by other than a group of three digits is
/// a decimal point (`1.5`), and thin, no-break and narrow no-break spaces group digits (`1 000`).
public struct NumberConventions: Sendable, Hashable {
  /// The decimal mark: `.` or `,`.
  public let decimalMark: Character
  /// The grouping mark: `,`, `.`, `'` or a space (`" "` stands for every kind of space).
  public let groupingMark: Character?

  /// Conventions with the given marks. A decimal mark other than `,` is read as `.`; a grouping
  /// mark equal to the decimal mark is dropped, and any space-like grouping mark is stored as `" "`.
  public init(decimalMark: Character, groupingMark: Character?) {
    let decimal: Character = decimalMark == "," || decimalMark == "٫" ? "," : "."
    self.decimalMark = decimal
    if let groupingMark, groupingMark.isWhitespace {
      self.groupingMark = " "
    } else if let groupingMark, groupingMark != decimal, [",", ".", "'", "’"].contains(groupingMark) {
      self.groupingMark = groupingMark == "’" ? "'" : groupingMark
    } else {
      self.groupingMark = decimal == "." ? "," : nil
    }
  }

  /// `1,234.5`: the C locale and English.
  public static let standard = NumberConventions(decimalMark: ".", groupingMark: ",")

  /// Whether the decimal mark is the comma.
  public var usesDecimalComma: Bool { decimalMark == "," }

  /// Whether a character groups digits here: the locale's grouping mark, and always the thin,
  /// no-break and narrow no-break spaces and `_`. A plain space groups only where the locale
  /// groups with spaces.
  func isGroupingMark(_ character: Character) -> Bool {
    switch character {
    case "\u{2009}", "\u{202F}", "\u{00A0}", "_": return true
    case " ": return groupingMark == " "
    default: return character == groupingMark
    }
  }
}
