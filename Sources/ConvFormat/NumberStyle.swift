/// How numbers are written: positional, with a power of ten, or whichever suits the magnitude.
public enum NumberNotation: String, Sendable, Hashable, CaseIterable {
  /// Plain decimals inside ``automaticPlainExponents``, scientific notation outside; zero is plain.
  case automatic
  /// Always positional decimals, however long (`8000000000000000`).
  case plain
  /// Always a mantissa and a power of ten (`1.5 × 10²`); zero alone is written `0`.
  case scientific

  /// The powers of ten of the leading digit that automatic notation writes as plain decimals.
  ///
  /// `-4...11` means 1e-4 ≤ |x| < 1e12: `0.0001` and `999999999999` are plain, `9.9 × 10⁻⁵` and
  /// `1 × 10¹²` are not. Below, a plain decimal would start with a run of zeros to count
  /// (`0.0000012427424`); the bound is terse output's (and most languages' shortest forms').
  public static let automaticPlainExponents: ClosedRange<Int> =
    smallestAutomaticPlainExponent...largestAutomaticPlainExponent

  /// The lowest power of ten written plain in automatic notation: 1e-4.
  public static let smallestAutomaticPlainExponent = -4
  /// The highest power of ten written plain in automatic notation: numbers below 1e12.
  public static let largestAutomaticPlainExponent = 11
}

/// Everything that decides how a number looks, apart from the number itself.
public struct NumberStyle: Sendable, Hashable {
  /// An ICU or POSIX locale id such as `de_DE` or `fr_FR` (a codeset or modifier, as in
  /// `de_DE.UTF-8`, is ignored); nil, `C` or `POSIX` mean plain English.
  public var locale: String?
  /// Whether output must be pure ASCII: `8e15` instead of `8 × 10¹⁵`, Latin digits, and ICU's
  /// non-ASCII separators replaced: space-like ones (French U+202F) become a plain space, `’` becomes
  /// `'`, a minus sign `-`; invisible marks are dropped.
  public var ascii: Bool
  /// Whether ``FormattedNumber/styled`` dims the power-of-ten part with SGR escapes.
  public var color: Bool
  /// Plain decimals, scientific notation or a choice by magnitude.
  public var notation: NumberNotation
  /// Whether plain decimals group digits as the locale does (`1,234,567`); terse output does not.
  public var grouping: Bool

  /// Creates a style; the defaults give terse English output (`1234.5`, `8 × 10¹⁵`).
  public init(
    locale: String? = nil, ascii: Bool = false, color: Bool = false,
    notation: NumberNotation = .automatic, grouping: Bool = false
  ) {
    self.locale = locale
    self.ascii = ascii
    self.color = color
    self.notation = notation
    self.grouping = grouping
  }

  /// The locale id handed to ICU: the style's locale without codeset or modifier (`de_DE` for
  /// `de_DE.UTF-8`), or `en` for nil, empty, `C` and `POSIX`.
  var icuLocale: String {
    locale.flatMap { LocaleResolver.parse($0).locale } ?? "en"
  }

  /// Whether the locale is English (or unset), so that the catalog's English names apply.
  package var isEnglish: Bool {
    let language = icuLocale.prefix { $0 != "_" && $0 != "-" }
    return language.lowercased() == "en"
  }
}
