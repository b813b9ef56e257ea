import ConvKit
import Synchronization

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

  /// The most decimals an amount of money is written with (``decimals(for:code:)``).
  static let mostDecimals = 12

  /// The decimals conv writes an amount of money with, the one rule of every human output (one-shot,
  /// batch, favorites, the whole column): the currency's usual decimals (2 for EUR, 0 for JPY),
  /// and more for an amount under one, so that three significant digits show (`€0.887`,
  /// `€0.0141`: the cents alone would say `€0.01`). Nil for a code ICU does not know, or an amount
  /// that would take more than ``mostDecimals``.
  public static func decimals(for amount: Rational, code: String) -> Int? {
    guard let usual = usualDecimals(code: code) else { return nil }
    guard !amount.isZero else { return usual }
    let exponent = amount.rounded(significantDigits: 3).scientificExponent
    let decimals = max(usual, 2 - exponent)
    return decimals <= mostDecimals ? decimals : nil
  }

  /// The currency's usual decimals (ISO 4217 minor unit, as ICU has it); nil for an unknown code.
  static func usualDecimals(code: String) -> Int? {
    guard isCode(code) else { return nil }
    if let known = usualDecimalsFound.withLock({ $0[code] }) { return known }
    let skeleton = "currency/" + code + " unit-width-iso-code numbering-system/latn"
    guard let formatted = ICU.formatDecimal("1", skeleton: skeleton, locale: "en") else { return nil }
    let text = String(decoding: formatted.bytes, as: UTF8.self)
    let decimals = text.firstIndex(of: ".").map { text[text.index(after: $0)...].prefix { $0.isNumber }.count } ?? 0
    usualDecimalsFound.withLock { $0[code] = decimals }
    return decimals
  }

  /// The usual decimals asked of ICU so far in this process.
  private static let usualDecimalsFound = Mutex<[String: Int]>([:])

  /// The amount with its currency, to ``decimals(for:code:)`` decimals; nil when ICU does not know
  /// the code, or the amount is too small for ``mostDecimals`` or too large to be money.
  /// - Parameter typedDecimals: for an amount as typed, its decimals: then the currency's usual
  ///   decimals or the typed ones when more (`£0.50`, `$1.555`), every typed digit and no other.
  public func format(_ amount: Rational, code: String, typedDecimals: Int? = nil) -> String? {
    guard amount.magnitude < Rational.powerOfTen(15), let usual = CurrencyFormatter.usualDecimals(code: code),
      let rule = typedDecimals.map({ max(usual, $0) }) ?? CurrencyFormatter.decimals(for: amount, code: code),
      rule <= CurrencyFormatter.mostDecimals
    else { return nil }
    let places = rule
    let digits = amount.rounded(significantDigits: 20)
    let number = (digits.isNegative ? "-" : "") + digits.digits + "E" + String(digits.exponent)
    var skeleton =
      "currency/" + code + " " + (places == 0 ? "precision-integer" : "." + String(repeating: "0", count: places))
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
