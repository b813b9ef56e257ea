/// Reference exchange rates of one day: how many units of each currency one euro buys.
///
/// Read from the European Central Bank's daily file by `ExchangeRates.init(ecbDocument:)`, the
/// same code for the snapshot built into conv and for a file `conv rates update` downloads.
public struct ExchangeRates: Sendable {
  /// The day the rates were published for.
  public let date: CalendarDate
  /// Who published them (`ECB`).
  public let source: String
  /// Currency codes with the units of that currency one euro buys, in the order of the document.
  public let rates: [(code: String, perEuro: Rational)]
  /// The document the rates were read from, as it was (embedded in the binary by the generator).
  public let document: String

  /// The definition a catalog unit has when its factor is the euro over the rate of its first
  /// symbol, the ISO 4217 code (`rate` in `Data/currency.units`).
  public static let rateDefinition = "rate"

  /// The ISO 4217 code of the currency the rates are quoted against.
  public static let baseCode = "EUR"

  /// Largest document accepted, in bytes (the ECB's daily file is about 1.5 KB).
  public static let maximumDocumentSize = 64 * 1024

  /// Rates from parts; `document` is what they were read from, if anything.
  public init(date: CalendarDate, source: String, rates: [(code: String, perEuro: Rational)], document: String = "") {
    self.date = date
    self.source = source
    self.rates = rates
    self.document = document
  }

  /// Units of the currency one euro buys (1 for the euro itself), or nil when it is not quoted.
  public func perEuro(_ code: String) -> Rational? {
    if code == ExchangeRates.baseCode { return Rational(1) }
    return rates.first { $0.code == code }?.perEuro
  }

  /// The size of one unit of the currency in euros, or nil when it is not quoted.
  public func euros(per code: String) -> Rational? { perEuro(code)?.reciprocal }

  /// The currency codes, the euro first, then in the order of the document.
  public var codes: [String] { [ExchangeRates.baseCode] + rates.map(\.code) }

  /// Whole days from the rates' date to `today` (0 on the day, negative if `today` is earlier).
  public func age(on today: CalendarDate) -> Int { today.days(since: date) }

  /// Longest rate accepted, in characters: the ECB publishes at most 6 significant digits
  /// (`24345.35`), and a rate of thousands of digits would make every conversion slow.
  public static let maximumRateLength = 16

  /// Age in days after which conv suggests `conv rates update`.
  public static let staleAfterDays = 30
}

/// Why a rates document was refused.
public struct ExchangeRatesError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A one-line reason (`not the ECB's rates format: no date`): the document's own text in it has
  /// its control characters shown as `<U+000A>` and is cut after `maximumLength` characters.
  public let message: String

  /// The longest message, in characters (a quoted name or rate can be as long as the document).
  public static let maximumLength = 300

  public init(_ message: String) {
    let printable = ConvError.printable(message)
    self.message =
      printable.count > ExchangeRatesError.maximumLength
      ? String(printable.prefix(ExchangeRatesError.maximumLength)) + "…" : printable
  }

  public var description: String { message }
}
