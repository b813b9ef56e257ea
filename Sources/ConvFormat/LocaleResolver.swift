/// Reads the number locale and the character set from POSIX locale variables.
public enum LocaleResolver {
  /// The locale for numbers and whether the terminal's character set is UTF-8.
  ///
  /// The locale comes from the first non-empty of `LC_ALL`, `LC_NUMERIC` and `LANG`; the character
  /// set, as POSIX has it, from the first non-empty of `LC_ALL`, `LC_CTYPE` and `LANG`. A value
  /// `language_TERRITORY.codeset@modifier` gives the locale `language_TERRITORY` (codeset and
  /// modifier are dropped) and is UTF-8 when its codeset is `UTF-8` or `utf8` (any case, with or
  /// without the dash). Unset, `C` and `POSIX` give no locale (plain English); a value without a
  /// codeset, and unset variables, are not UTF-8; so `C.UTF-8` gives `(nil, true)`, `C` gives
  /// `(nil, false)` and `de_DE.UTF-8` gives `("de_DE", true)`.
  public static func resolve(environment: [String: String]) -> (locale: String?, isUTF8: Bool) {
    let numeric = first(of: ["LC_ALL", "LC_NUMERIC", "LANG"], in: environment).map(parse)
    let ctype = first(of: ["LC_ALL", "LC_CTYPE", "LANG"], in: environment).map(parse)
    return (numeric?.locale, ctype?.isUTF8 ?? false)
  }

  /// The locale whose measurement system the whole column puts first (`de_DE` measures in SI,
  /// `en_GB` in imperial units): the first non-empty of `LC_ALL`, `LC_MEASUREMENT` and `LANG`, as
  /// POSIX orders the measurement category; nil when none is set, or for `C` and `POSIX`. So
  /// `LANG=en_US.UTF-8 LC_MEASUREMENT=de_DE.UTF-8` writes numbers in English and measures in SI.
  public static func measurementLocale(environment: [String: String]) -> String? {
    first(of: ["LC_ALL", "LC_MEASUREMENT", "LANG"], in: environment).flatMap { parse($0).locale }
  }

  private static func first(of names: [String], in environment: [String: String]) -> String? {
    for name in names {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return nil
  }

  /// Splits `language_TERRITORY.codeset@modifier` into the locale name (nil for empty, `C` and
  /// `POSIX`) and whether the codeset is UTF-8.
  static func parse(_ value: String) -> (locale: String?, isUTF8: Bool) {
    let withoutModifier = value.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = withoutModifier.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(parts[0])
    let codeset = parts.count > 1 ? parts[1] : ""
    let normalized = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
    let locale: String? = name.isEmpty || name == "C" || name == "POSIX" ? nil : name
    return (locale, normalized == "utf8")
  }
}
