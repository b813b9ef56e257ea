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
    // A spelling whose first byte is ASCII starts as its lower case does (a character beyond
    // ASCII may lower-case to one, as the Kelvin sign does): most are turned away by that byte.
    if let first = spelling.utf8.first, first < 0x80, !ambiguousFirstBytes.contains(first | 0x20) { return nil }
    return ambiguous[spelling] ?? ambiguous[spelling.lowercased()]
  }

  /// The first bytes of the lower-cased ambiguous spellings, ASCII letters lower-cased (`| 0x20`).
  private static let ambiguousFirstBytes = Set(
    ambiguous.keys.compactMap { $0.lowercased().utf8.first.map { $0 | 0x20 } })

  /// The ISO code of a sign with a `$` (`$`, `US$`, `C$`); nil for any other spelling.
  static func code(for spelling: some StringProtocol) -> String? {
    guard spelling.utf8.contains(UInt8(ascii: "$")) else { return nil }
    return codes[String(spelling)]
  }

  /// A quantity with a currency sign written before its amount, rewritten amount first as units
  /// are written: `$5` is `5 $`, `-€3.50/kWh` is `-3.50 €/kWh`, `US$20` is `20 US$`.
  struct AmountFirst {
    /// The rewritten text.
    let text: String
    /// Lengths in characters of the minus sign (0 or 1), the amount and the currency word.
    let signLength: Int
    let amountLength: Int
    let wordLength: Int

    /// Where a position of the rewritten text (`-5 $ xyz`) is in the text as typed (`-$5 xyz`):
    /// the rest after the currency word is one character nearer (no space was typed), a digit
    /// of the amount is after the word, the word is before the amount.
    func originalPosition(_ position: Int) -> Int {
      let amountStart = signLength
      let wordStart = signLength + amountLength + 1
      let rest = wordStart + wordLength
      if position >= rest { return position - 1 }
      if position >= wordStart { return signLength + (position - wordStart) }
      if position >= amountStart { return min(signLength + wordLength + (position - amountStart), rest - 1) }
      return position
    }

    /// A span of the rewritten text, in the text as typed.
    func originalSpan(_ span: SourceSpan) -> SourceSpan {
      let start = originalPosition(span.start)
      let end = originalPosition(span.start + span.length)
      return SourceSpan(start: start, length: max(end - start, span.length == 0 ? 0 : 1))
    }
  }

  /// The quantity rewritten amount first when it starts with a currency sign and then its amount;
  /// nil when the text does not start that way.
  static func amountFirst(_ text: String) -> AmountFirst? {
    // The common case, a number first (`5 mi`), is seen at once.
    guard let first = text.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { return nil }
    var characters = Substring(text)
    var sign = ""
    if characters.first?.isMinusSign == true {
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
    return AmountFirst(
      text: sign + amount + " " + word + after, signLength: sign.count, amountLength: amount.count,
      wordLength: word.count)
  }
}
