/// A day of the proleptic Gregorian calendar (`2026-10-06`), for the date of exchange rates.
///
/// ConvKit has no clock: callers pass "today" in (the executable reads the system clock, or
/// `CONV_TODAY` in tests), and ages are whole days between two dates.
public struct CalendarDate: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The year (four digits in ISO 8601 text).
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// A valid date, or nil (`2026-02-30` is not one).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CalendarDate.daysInMonth(month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads the ISO 8601 form `YYYY-MM-DD`, exactly; nil for anything else.
  public init?(_ text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The date a number of days after 1970-01-01 (negative before it).
  public init(daysSinceEpoch days: Int) {
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
  public var daysSinceEpoch: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Whole days from `other` to this date (positive when this one is later).
  public func days(since other: CalendarDate) -> Int { daysSinceEpoch - other.daysSinceEpoch }

  /// `YYYY-MM-DD`.
  public var description: String {
    func padded(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
