import ConvKit

/// `conv rates`: where the exchange rates in use come from, their date and age, the currencies.
package struct RatesReport: Sendable {
  /// A cached rates file that is there but not in use.
  package enum IgnoredFile: Sendable {
    /// It reads, but its rates are not those in use (dated after today, or older than the built-in ones).
    case read(ExchangeRates)
    /// It is not a rates file.
    case unusable
  }

  /// The rates in use.
  package let rates: ExchangeRates
  /// Today's date.
  package let today: CalendarDate
  /// The cached file the rates come from; nil when they are built into conv.
  package let file: String?
  /// The cache's path (empty when there is none).
  package let cachePath: String
  /// The cached file that is there but not in use, if any.
  package let ignored: IgnoredFile?
  /// The currencies conv can convert at these rates (a feed may name codes the catalog lacks).
  package let currencies: [String]
  /// The codes the rates give that name no unit.
  package let unknown: [String]

  /// Creates the report of `catalog`'s rates.
  package init(
    rates: ExchangeRates, catalog: Catalog, today: CalendarDate, file: String?, cachePath: String,
    ignored: IgnoredFile?
  ) {
    self.rates = rates
    self.today = today
    self.file = file
    self.cachePath = cachePath
    self.ignored = ignored
    currencies = rates.codes.filter { catalog.unit(named: $0)?.unit.dimension == PhysicalDimension(.currency) }
    unknown = rates.codes.filter { [currencies] code in !currencies.contains(code) }
  }

  /// The notes for people: a cached file passed over is said, and rates that are getting old.
  package var notes: [String] {
    var notes: [String] = []
    switch ignored {
    case .read(let cached) where cached.age(on: today) < -1:
      notes.append(
        "note: \(cachePath) is dated \(cached.date), after today (\(today)): not used; the built-in rates are in use")
    case .unusable:
      notes.append("note: \(cachePath) is not a usable rates file; the built-in rates are in use")
    default:
      break
    }
    if let notice = Converter.staleNotice(rates, today: today) { notes.append(notice) }
    return notes
  }
}
