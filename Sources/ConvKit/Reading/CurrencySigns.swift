/// Currency signs read outside the catalog's spellings.
///
/// Signs with a `$` (`$`, `US$`, `C$`…) cannot be catalog spellings (no spelling may hold a shell
/// substitution character, which completion scripts could evaluate), so they are mapped to ISO
/// codes here; signs and words with several readings (`kr`: Danish, Icelandic, Norwegian or
/// Swedish) are refused with the choices rather than guessed.
enum CurrencySigns {
  /// Signs that name one currency, by ISO 4217 code (the readings CLDR gives in English).
  static let codes: [String: String] = [
    "$": "USD", "US$": "USD", "A$": "AUD", "AU$": "AUD", "C$": "CAD", "CA$": "CAD", "HK$": "HKD",
    "NZ$": "NZD", "S$": "SGD", "R$": "BRL", "MX$": "MXN",
  ]

  /// Spellings that several currencies use, with the ISO codes of those conv knows.
  static let ambiguous: [String: [String]] = {
    let crowns = ["DKK", "ISK", "NOK", "SEK"]
    let dollars = ["USD", "AUD", "CAD", "HKD", "NZD", "SGD"]
    let pesos = ["MXN", "PHP"]
    return [
      "kr": crowns, "kr.": crowns, "Kr": crowns, "krone": ["DKK", "NOK"], "kroner": ["DKK", "NOK"],
      "krona": ["SEK", "ISK"], "kronor": ["SEK", "ISK"], "crown": crowns + ["CZK"], "crowns": crowns + ["CZK"],
      "dollar": dollars, "dollars": dollars, "peso": pesos, "pesos": pesos,
    ]
  }()

  /// The ISO codes a spelling may mean, when it has several readings (case-insensitive for words).
  static func choices(for spelling: String) -> [String]? {
    ambiguous[spelling] ?? ambiguous[spelling.lowercased()]
  }

  /// The quantity with a currency sign written before its amount put after it, as units are
  /// written: `$5` is `5 $`, `-€3.50/kWh` is `-3.50 €/kWh`, `US$20` is `20 US$`; nil when the text
  /// does not start that way.
  static func amountFirst(_ text: String) -> String? {
    // The common case, a number first (`5 mi`), is seen at once.
    guard let first = text.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { return nil }
    var characters = Substring(text)
    var sign = ""
    if characters.first == "-" || characters.first == "−" {
      sign = String(characters.removeFirst())
    }
    let word = characters.prefix { $0.isLetter || Lexer.endsWithCurrencySign(String($0)) }
    guard !word.isEmpty, Lexer.endsWithCurrencySign(word) else { return nil }
    let rest = characters.dropFirst(word.count)
    guard let first = rest.first, first.isASCIIDigit else { return nil }
    let amount = rest.prefix { $0.isASCIIDigit || $0 == "." || $0 == "," }
    let after = rest.dropFirst(amount.count)
    // The amount ends at a space or an operator (`$5/gal`); `$5x` is not an amount and a sign.
    if let next = after.first, !next.isWhitespace, !"/*·×^(".contains(next) { return nil }
    return sign + amount + " " + word + after
  }
}
