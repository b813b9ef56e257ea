import ConvKit

/// Writes an amount of money with ICU's currency rules for the locale: `$1,234.56` in English,
/// `1.234,56 €` in German, `¥1,235` (no minor unit) for the yen.
///
/// The amount is rounded to the currency's usual digits, half to even. In ASCII output the ISO code
/// stands for the symbol (`USD 1,234.56`).
public struct CurrencyFormatter: Sendable {
  /// The style; its locale is resolved only when money is formatted (not at start-up).
  private let style: NumberStyle
  private var locale: String { style.icuLocale }
  private var ascii: Bool { style.ascii }
  private var isEnglish: Bool { style.isEnglish }

  /// A formatter for the locale and character set of a style.
  public init(style: NumberStyle) {
    self.style = style
  }

  /// Whether currencies have names of the user's language from ICU: not in English (the catalog's
  /// names apply) nor in ASCII output (localized names may not be ASCII).
  public var namesCurrencies: Bool { !isEnglish && !ascii }

  /// The currency's name in the user's language from ICU (`Schweizer Franken` in German), singular
  /// or plural; nil where currencies have no such names (`namesCurrencies`) or when ICU has none.
  public func localizedName(code: String, plural: Bool) -> String? {
    guard namesCurrencies, CurrencyFormatter.isCode(code) else { return nil }
    let skeleton = "currency/" + code + " unit-width-full-name precision-integer numbering-system/latn"
    guard let formatted = ICU.formatDecimal(plural ? "2" : "1", skeleton: skeleton, locale: locale) else { return nil }
    // The number and the spaces around it go; what is left is the name.
    let text = String(decoding: formatted.bytes, as: UTF8.self)
    let name = String(text.filter { !$0.isNumber }).trimmingCharacters(in: " \u{00A0}\u{202F}")
    guard !name.isEmpty, name != code else { return nil }
    return name
  }

  /// The ISO 4217 code of the currency of a locale (`EUR` for `de_DE`, `GBP` for `en_GB`), from
  /// ICU's CLDR data; nil for a locale without a region (`de`, plain English).
  public static func localCurrency(locale: String?) -> String? {
    guard let locale, locale.contains(where: { $0 == "_" || $0 == "-" }) else { return nil }
    return ICU.currency(forLocale: locale)
  }

  static func isCode(_ code: String) -> Bool {
    code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
  }

  /// The amount with its currency; nil when ICU does not know the code or the amount is too small
  /// to show in the currency's usual digits (under one hundredth), or too large to be money.
  public func format(_ amount: Rational, code: String) -> String? {
    let size = amount.magnitude
    guard CurrencyFormatter.isCode(code), size.isZero || (Rational(1) / Rational(100) <= size && size < Rational.powerOfTen(15)) else { return nil }
    let digits = amount.rounded(significantDigits: 20)
    let number = (digits.isNegative ? "-" : "") + digits.digits + "E" + String(digits.exponent)
    var skeleton = "currency/" + code
    if ascii { skeleton += " unit-width-iso-code numbering-system/latn" }
    guard let formatted = ICU.formatDecimal(number, skeleton: skeleton, locale: locale) else { return nil }
    let text = String(decoding: formatted.bytes, as: UTF8.self)
    // ICU puts a no-break space between the code and the amount: a plain one in ASCII output.
    return ascii ? String(text.map { $0.isWhitespace ? " " : $0 }) : text
  }
}

extension String {
  /// The string without the given characters at either end.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    let set = Set(characters)
    return String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
