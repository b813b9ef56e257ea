import ConvKit

/// Writes an amount of money with ICU's currency rules for the locale: `$1,234.56` in English,
/// `1.234,56 €` in German, `¥1,235` (no minor unit) for the yen.
///
/// The amount is rounded to the currency's usual digits, half to even. In ASCII output the ISO code
/// stands for the symbol (`USD 1,234.56`).
public struct CurrencyFormatter: Sendable {
  private let locale: String
  private let ascii: Bool

  /// A formatter for the locale and character set of a style.
  public init(style: NumberStyle) {
    locale = style.icuLocale
    ascii = style.ascii
  }

  /// The amount with its currency; nil when ICU does not know the code or the amount is too small
  /// to show in the currency's usual digits (under one hundredth), or too large to be money.
  public func format(_ amount: Rational, code: String) -> String? {
    let size = amount.magnitude
    guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
          size.isZero || (Rational(1) / Rational(100) <= size && size < Rational.powerOfTen(15)) else { return nil }
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
