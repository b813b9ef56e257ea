import ConvApp
import ConvKit

/// `conv rates`: where the exchange rates in use come from, their date and age, the currencies.
struct RatesCommand {
  let options: OutputFlags

  init(_ parsed: ParsedCommand) throws(CommandLineError) {
    options = try OutputFlags(parsed)
  }

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    guard let rates = catalog.exchangeRates else {
      Output.error("no exchange rates in this catalog")
      throw ExitCode(ExitStatus.conversionFailed)
    }
    let cache = RatesCache(environment)
    let fromCache = catalog.snapshotExchangeRates?.date != rates.date
    // A cached file that is there but unusable is said, rather than silently passed over.
    var ignored: RatesReport.IgnoredFile? = nil
    if !fromCache, !cache.path.isEmpty, SystemCalls.isAccessible(cache.path, .exists) {
      ignored = RatesCache.read(cache.path).map { .read($0) } ?? .unusable
    }
    let report = RatesReport(
      rates: rates, catalog: catalog, today: environment.today,
      file: fromCache ? cache.path : nil, cachePath: cache.path, ignored: ignored)
    let output = OutputMode.catalog(json: options.json).writer.rates(report)
    Output.lines(output.lines)
    for note in output.notes { Output.note(note) }
  }
}

/// `conv rates update`: downloads the ECB's daily rates, checks them, and replaces the cached copy.
struct RatesUpdateCommand {
  /// The ECB's daily euro reference rates.
  static let defaultURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"

  func run() throws {
    // The update's one line on standard output is a report: with standard output closed it goes
    // to standard error, and the update, which needs no output, succeeds.
    let reportsOnOutput = Output.outputIsOpen
    let environment = Environment.current
    let url = environment.variables["CONV_RATES_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? RatesUpdateCommand.defaultURL
    let cache = RatesCache(environment)
    let outcome = RatesFetcher.fetch(url, environment: environment)
    switch outcome {
    case .failure(let error):
      Output.error("rates not updated: \(error.message); the rates in use are unchanged")
      throw ExitCode(ExitStatus.conversionFailed)
    case .success(let (rates, text)):
      let today = environment.today
      let previous = RatesCache.usable(cache.path, today: today)
      let builtin = Catalog.builtin.snapshotExchangeRates
      // The rates in use: the cached file when it is newer than the snapshot, else the snapshot.
      let inUse = [previous, builtin].compactMap { $0 }.max { $0.date < $1.date }
      var refusal: String? = nil
      if rates.age(on: today) < -1 {
        refusal = "the feed is dated \(rates.date), after today (\(today))"
      } else if let inUse, rates.date < inUse.date {
        refusal = "the feed's rates of \(rates.date) are older than those in use (\(inUse.date))"
      } else if let inUse {
        // A feed without some of the currencies in use would leave those at older rates while
        // every result named the new date.
        let missing = inUse.codes.filter { $0 != "EUR" && rates.perEuro($0) == nil }
        if !missing.isEmpty {
          refusal = "the feed lacks \(missing.joined(separator: ", ")), which the rates in use have"
        }
      }
      if let refusal {
        Output.error("rates not updated: \(refusal); the rates in use are unchanged")
        throw ExitCode(ExitStatus.conversionFailed)
      }
      do {
        try cache.write(text)
      } catch {
        Output.error("rates not updated: \(error.message)")
        throw ExitCode(ExitStatus.fileError)
      }
      var line = "rates of \(rates.date), \(rates.source), \(rates.rates.count + 1) currencies, saved to \(cache.path)"
      if let previous, previous.date == rates.date { line += " (unchanged)" }
      if reportsOnOutput { Output.line(line) } else { Output.note(line) }
      if let notice = Converter.staleNotice(rates, today: today) { Output.note(notice) }
    }
  }
}
