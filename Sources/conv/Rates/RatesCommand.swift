import ArgumentParser
import ConvApp
import ConvKit

/// `conv rates`: where the exchange rates in use come from, their date and age, the currencies.
struct RatesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rates",
    abstract: "Show the exchange rates in use (source, date, age, currencies).",
    discussion: """
      conv converts currencies at the European Central Bank's euro reference rates: a snapshot \
      built into conv, or a newer file that 'conv rates update' downloads into \
      $XDG_CACHE_HOME/conv/eurofxref-daily.xml (CONV_RATES_URL overrides the address).
      """,
    subcommands: [RatesUpdateCommand.self]
  )

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let environment = Environment.current
    let catalog = CatalogLoading.loadOrExit(environment)
    guard let rates = catalog.exchangeRates else {
      Output.error("no exchange rates in this catalog")
      throw ExitCode(ExitStatus.conversionFailed)
    }
    let cache = RatesCache(environment)
    let fromCache = catalog.snapshotExchangeRates?.date != rates.date
    let origin = fromCache ? cache.path : "built into conv"
    let today = environment.today
    let currencies = rates.codes
    if options.flags.json {
      Output.line(JSONValue.object([
        ("source", .string(rates.source)), ("date", .string(rates.date.description)),
        ("age_days", .int(rates.age(on: today))), ("file", fromCache ? .string(cache.path) : .null),
        ("currencies", .array(currencies.map { .string($0) })),
      ]).serialized())
      return
    }
    let age = rates.age(on: today)
    Output.lines([
      "source:     European Central Bank euro reference rates (\(rates.source))",
      "date:       \(rates.date) (" + (age < 0 ? "\(-age) days after today" : age == 1 ? "1 day old" : "\(age) days old") + ")",
      "file:       \(origin)",
      "currencies: \(currencies.count): " + currencies.joined(separator: " "),
    ])
    if let notice = Converter.staleNotice(rates, today: today) { Output.note(notice) }
  }
}

/// `conv rates update`: downloads the ECB's daily rates, checks them, and replaces the cached copy.
struct RatesUpdateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "update",
    abstract: "Download the ECB's latest rates (CONV_RATES_URL overrides the address).")

  /// The ECB's daily euro reference rates.
  static let defaultURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"

  func run() throws {
    let environment = Environment.current
    let url = environment.variables["CONV_RATES_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? RatesUpdateCommand.defaultURL
    let cache = RatesCache(environment)
    let outcome = RatesFetcher.fetch(url, environment: environment)
    switch outcome {
    case .failure(let error):
      Output.error("rates not updated: \(error.message); the rates in use are unchanged")
      throw ExitCode(ExitStatus.conversionFailed)
    case .success(let (rates, text)):
      let previous = RatesCache.read(cache.path)
      do {
        try cache.write(text)
      } catch {
        Output.error("rates not updated: \(error.message)")
        throw ExitCode(ExitStatus.fileError)
      }
      let builtin = Catalog.builtin.snapshotExchangeRates
      var line = "rates of \(rates.date), \(rates.source), \(rates.rates.count + 1) currencies, saved to \(cache.path)"
      if let builtin, rates.date < builtin.date { line += " (older than the built-in rates of \(builtin.date), which stay in use)" }
      else if let previous, previous.date == rates.date { line += " (unchanged)" }
      Output.line(line)
      // A currency the new file lacks keeps the built-in rate: say so rather than let it pass.
      if let builtin, rates.date > builtin.date {
        let missing = builtin.codes.filter { rates.perEuro($0) == nil }
        if !missing.isEmpty {
          Output.note("the new rates lack \(missing.joined(separator: ", ")), which keep the built-in rates of \(builtin.date)")
        }
      }
    }
  }
}
