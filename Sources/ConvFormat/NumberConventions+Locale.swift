import ConvKit

extension NumberConventions {
  /// The decimal and grouping marks of a locale (`de_DE`: `,` and `.`), as ICU writes numbers
  /// there; the standard conventions (`1,234.5`) for nil, C and POSIX, or when ICU cannot tell.
  public static func of(locale: String?) -> NumberConventions {
    guard let locale, !locale.isEmpty, locale != "C", locale != "POSIX", locale != "en_US_POSIX" else {
      return .standard
    }
    guard let formatted = ICU.formatDecimal("1234567.5", skeleton: "", locale: locale) else { return .standard }
    let text = Array(String(decoding: formatted.bytes, as: UTF8.self))
    guard let five = text.lastIndex(of: "5"), five > 0,
      let one = text.firstIndex(where: { $0 == "1" || $0.wholeNumberValue == 1 })
    else { return .standard }
    let decimal = text[five - 1]
    let afterOne = one + 1 < text.count ? text[one + 1] : decimal
    let grouping: Character? = afterOne.wholeNumberValue == nil && afterOne != decimal ? afterOne : nil
    guard decimal == "." || decimal == "," || decimal == "٫" else { return .standard }
    return NumberConventions(decimalMark: decimal, groupingMark: grouping)
  }
}
