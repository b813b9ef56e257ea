import ConvFormat
import ConvKit
import Synchronization

extension Converter {
  /// Whether a dimension has money in it (`EUR`, `USD/gal`, `EUR/kWh`).
  static func involvesCurrency(_ dimension: PhysicalDimension) -> Bool { dimension[.currency] != 0 }

  /// The notes a conversion through the rates in use adds in human output: their date
  /// (`rates of 2026-10-06, ECB`), and a notice when they are older than
  /// `ExchangeRates.staleAfterDays`. Batch output prints each note once. Script output has none
  /// (a script runs conv again and again; JSON gives `rates_date`), but for older rates than
  /// those in use (``ratesNotes(used:lacking:)``).
  func ratesNotes() -> [String] {
    guard let rates = catalog.exchangeRates else { return [] }
    return ratesNotes(used: [rates], lacking: [])
  }

  /// The notes of answers made at the rates `used` (each publication once): the snapshot's, when
  /// newer rates lacking `codes` (the currencies that sent an answer there) are in use, is named
  /// with the reason in every output mode, for a cross rate comes from one publication.
  func ratesNotes(used: [ExchangeRates], lacking codes: [String]) -> [String] {
    var notes: [String] = []
    var dates: Set<CalendarDate> = []
    for rates in used where dates.insert(rates.date).inserted {
      // Older rates than those in use, in every output mode; an update would not change them.
      if let current = catalog.exchangeRates, current.date != rates.date {
        let lacking = codes.isEmpty ? "a currency of it" : codes.map(ConvError.printable).joined(separator: ", ")
        notes.append(
          "note: rates of \(rates.date), \(rates.source) (the rates of \(current.date) in use lack \(lacking))")
        continue
      }
      // The date and the age of the rates are for people (issue 38: not on every script call).
      guard writer.showsNotes else { continue }
      notes.append("note: rates of \(rates.date), \(rates.source)")
      if let notice = Converter.staleNotice(rates, today: today()) { notes.append(notice) }
    }
    return notes
  }

  /// The notes of `ratesNotes()` when one of the dimensions has money in it (favorites, whose
  /// lines are not made by `convert(_:)`); none otherwise.
  package func ratesNotes(involving dimensions: [PhysicalDimension]) -> [String] {
    dimensions.contains(where: Converter.involvesCurrency) ? ratesNotes() : []
  }

  /// The notes of a reading's answers: each at the rates of one publication (the snapshot's when
  /// a currency in it, or in a row of its whole column, is one the newer rates lack).
  func ratesNotes(for reading: ConversionReading) -> [String] {
    guard let current = catalog.exchangeRates else { return [] }
    let snapshot = catalog.snapshotExchangeRates ?? current
    let quantity = reading.quantity
    guard reading.targets.isEmpty else {
      let units = [quantity.unit?.singleUnit] + reading.targets.map(\.singleUnit)
      return ratesNotes(
        used: [reading.ratesUse.contains(.snapshot) ? snapshot : current],
        lacking: lackingCodes(units.compactMap { $0 }))
    }
    // The whole column: a row is at the snapshot's rates when its currency or the quantity's is.
    let rows = columnCategory(for: quantity).map { catalog.columnUnits(in: $0) } ?? []
    if quantity.term.ratesUse.contains(.snapshot) {
      return ratesNotes(used: [snapshot], lacking: lackingCodes([quantity.unit?.singleUnit].compactMap { $0 }))
    }
    let fallback = rows.filter { $0.unit.ratesUse.contains(.snapshot) }
    return ratesNotes(used: [current] + (fallback.isEmpty ? [] : [snapshot]), lacking: lackingCodes(fallback))
  }

  /// The currency codes among `units` that the newer rates in use do not quote.
  private func lackingCodes(_ units: [PrefixedUnit]) -> [String] {
    guard let current = catalog.exchangeRates else { return [] }
    return units.filter { $0.unit.ratesUse.contains(.snapshot) && current.perEuro($0.unit.symbol) == nil }
      .map(\.unit.symbol)
  }

  /// `note: the exchange rates are 49 days old (2026-10-06): run 'conv rates update'`, when they are
  /// older than `ExchangeRates.staleAfterDays` on `today`.
  package static func staleNotice(_ rates: ExchangeRates, today: CalendarDate?) -> String? {
    guard let today, rates.age(on: today) > ExchangeRates.staleAfterDays else { return nil }
    return "note: the exchange rates are \(rates.age(on: today)) days old (\(rates.date)): run 'conv rates update'"
  }

  /// `€100.00 ≈ $112.69`: an amount of one currency into another, both in the locale's currency
  /// format, to the decimals of the money rule (``CurrencyFormatter/decimals(for:code:)``: `$1.00 ≈
  /// €0.887`); the typed amount has the currency's decimals or its own when more (`£0.50`,
  /// `$1.555`; a typed fraction as typed: `1/3 USD`). Nil for anything else (compound units,
  /// `--exact`), which is written as every other quantity is.
  func currencyLine(_ result: ConversionResult) -> String? {
    currencySides(result).map { $0.source + " " + presenter.relation(exact: false) + " " + $0.target }
  }

  /// The two sides of ``currencyLine(_:)`` (`€100.00`, `$112.69`), for a favorite's row too.
  func currencySides(_ result: ConversionResult) -> (source: String, target: String)? {
    guard let (source, target) = Converter.moneyPair(result), !options.exact, let number = result.quantity.number,
      let right = currency.format(result.value.approximation, code: target)
    else { return nil }
    // A typed fraction (`1/3 USD`) is echoed as typed.
    let left =
      number.terminatingDecimal.flatMap { currency.format(number, code: source, typedDecimals: max(0, -$0.exponent)) }
      ?? sourceText(result.quantity)
    return (left, right)
  }

  /// The codes of an amount of one currency into another (no prefix, no compound unit), or nil.
  static func moneyPair(_ result: ConversionResult) -> (source: String, target: String)? {
    let money = PhysicalDimension(.currency)
    guard result.quantity.number != nil,
      let source = result.quantity.unit?.singleUnit, source.prefix == nil, source.unit.dimension == money,
      let target = result.target.singleUnit, target.prefix == nil, target.unit.dimension == money
    else { return nil }
    return (source.unit.symbol, target.unit.symbol)
  }

  /// An amount of money in a row of the whole column, rounded by the money rule
  /// (``CurrencyFormatter/decimals(for:code:)``) and written as a number before the ISO code; nil
  /// for anything else.
  func moneyDigits(_ result: ConversionResult) -> DecimalDigits? {
    guard !options.exact, let (_, target) = Converter.moneyPair(result),
      let decimals = CurrencyFormatter.decimals(for: result.value.approximation, code: target)
    else { return nil }
    return result.value.approximation.rounded(fractionDigits: decimals)
  }

  /// The text with the currency names of the user's language (from ICU, singular and plural)
  /// replaced by ISO codes (`100 Schweizer Franken in Euro` → `100 CHF in EUR`); nil when there are
  /// none, or in English (whose names are in the catalog). Only failed readings come here, so ICU is
  /// asked for names only then.
  func currencyCodes(for text: String) -> String? {
    guard namesCurrencies, let rates = catalog.exchangeRates else {
      return nil
    }
    let names = currencyNames(codes: rates.codes)
    guard !names.isEmpty else { return nil }
    var characters = Array(text)
    var changed = false
    var index = 0
    while index < characters.count {
      let atWordStart = index == 0 || !characters[index - 1].isLetter
      let match =
        atWordStart
        ? names.first { entry in
          let end = index + entry.name.count
          guard end <= characters.count, end == characters.count || !characters[end].isLetter else { return false }
          return Array(String(characters[index..<end]).lowercased()) == entry.name
        } : nil
      if let match {
        characters.replaceSubrange(index..<(index + match.name.count), with: Array(match.code))
        index += match.code.count
        changed = true
      } else {
        index += 1
      }
    }
    return changed ? String(characters) : nil
  }

  /// A currency name of the locale, lower-cased, and its code.
  typealias CurrencyName = (name: [Character], code: String)

  /// The names of the locale's currencies (singular and plural), longest first: asked of ICU
  /// (sixty lookups) once per style and list of codes in a process, not for every failed line.
  private func currencyNames(codes: [String]) -> [CurrencyName] {
    let key = CurrencyNamesKey(style: options.humanStyle, codes: codes)
    if let names = Converter.currencyNameTables.withLock({ $0[key] }) { return names }
    var names: [CurrencyName] = []
    for code in codes {
      for plural in [false, true] {
        if let name = currency.localizedName(code: code, plural: plural) {
          names.append((Array(name.lowercased()), code))
        }
      }
    }
    names.sort { ($0.name.count, $1.code) > ($1.name.count, $0.code) }
    Converter.currencyNameTables.withLock { $0[key] = names }
    return names
  }

  /// What the currency names depend on.
  struct CurrencyNamesKey: Hashable, Sendable {
    let style: NumberStyle
    let codes: [String]
  }

  /// The currency names made so far in this process.
  private static let currencyNameTables = Mutex<[CurrencyNamesKey: [CurrencyName]]>([:])
}
