import ConvFormat
import ConvKit

/// The one code path from a request to output lines, shared by one-shot use, batch and the REPL.
package struct Converter: Sendable {
  /// The catalog in use (built-in plus personal units).
  package let catalog: Catalog
  /// Output choices.
  package let presenter: ValuePresenter

  /// How numbers are written in the user's locale, for reading them.
  package let conventions: NumberConventions

  /// Sums of money in the locale's currency format (`$1,234.56`, `1.234,56 €`); made when needed.
  var currency: CurrencyFormatter { CurrencyFormatter(style: options.humanStyle) }

  /// Creates a converter.
  package init(catalog: Catalog, options: OutputOptions) {
    self.catalog = catalog
    presenter = ValuePresenter(options: options)
    conventions = NumberConventions.of(locale: options.locale)
  }

  /// Today's date, for the age of the exchange rates (nil: no notice about old rates); asked only
  /// when a conversion goes through the rates.
  package var today: @Sendable () -> CalendarDate? = { nil }

  /// The options in force.
  package var options: OutputOptions { presenter.options }

  /// A failure, with the text it is about (for a caret line) when known.
  package struct Failure: Error, Sendable {
    /// The engine error.
    package let error: ConvError
    /// The text the span refers to.
    package let source: String
    /// The error's span within `source`.
    package let span: SourceSpan?

    /// The one-line message.
    package var message: String { error.message }

    /// The source with a caret line under the bad token, when the error points at one.
    /// The source is shown with control and format characters made visible (`<U+001B>`), so an
    /// echoed input cannot drive the terminal; the carets follow what is shown.
    package var caretLines: [String] {
      guard let span, span.start <= source.count else { return [] }
      let characters = Array(source)
      let before = ConvError.printable(String(characters[..<span.start]))
      let end = min(characters.count, span.start + max(0, span.length))
      let marked = ConvError.printable(String(characters[span.start..<end]))
      let pad = String(repeating: " ", count: before.count)
      return ["  " + ConvError.printable(source), "  " + pad + String(repeating: "^", count: max(1, marked.count))]
    }
  }

  /// What a request gives: output lines, and notes for standard error (human output only).
  package struct Output: Sendable {
    /// The output lines.
    package var lines: [String]
    /// How ambiguous spellings were read (`note: C read as coulomb`).
    package var notes: [String]
  }

  /// Converts a request and returns the output lines (notes dropped; see `convert(_:)`).
  package func run(_ request: ConversionRequest) -> Result<[String], Failure> {
    convert(request).map(\.lines)
  }

  /// Splits a line the way every front end does (`5 mi to km`), with this converter's number
  /// conventions.
  package func request(line: String) -> ConversionRequest {
    ConversionRequest.parse(line: line, catalog: catalog, conventions: conventions)
  }

  /// Splits command-line words the way every front end does.
  package func request(arguments: [String]) -> ConversionRequest {
    ConversionRequest.parse(arguments: arguments, catalog: catalog, conventions: conventions)
  }

  /// Reads and converts a request: the one path of every front end.
  package func convert(_ request: ConversionRequest) -> Result<Output, Failure> {
    do {
      return convert(try catalog.read(request, conventions: conventions), request: request)
    } catch {
      return recover(from: error, request: request)
    }
  }

  /// What a request whose reading failed with `error` gives: currencies named in the user's
  /// language (`Schweizer Franken`) are read again with ISO codes; anything else is the failure.
  /// (Batch reads a line once and comes here with the error, suggestions included.)
  package func recover(from error: ConvError, request: ConversionRequest) -> Result<Output, Failure> {
    guard case .unknownUnit = error, let codes = currencyCodes(for: request.source),
          let again = try? catalog.read(self.request(line: codes), conventions: conventions) else {
      return .failure(Failure(error: error, source: request.source, span: error.span))
    }
    return convert(again, request: self.request(line: codes))
  }

  /// Converts a request already read (batch reads a line's units once for every number): the
  /// part of ``convert(_:)-(ConversionRequest)`` after the reading, the same for every front end.
  package func convert(_ reading: ConversionReading, request: ConversionRequest) -> Result<Output, Failure> {
    var notes = options.mode == .human ? reading.notes : []
    let quantity = reading.quantity
    if Converter.involvesCurrency(quantity.dimension) || reading.targets.contains(where: { Converter.involvesCurrency($0.dimension) }) {
      notes += ratesNotes()
    }
    if reading.targets.isEmpty {
      return wholeColumn(quantity, request: request).map { Output(lines: $0, notes: notes) }
    }
    let targets = reading.targets
    do {
      if targets.count > 1 { return .success(Output(lines: [try mixedUnits(quantity, targets)], notes: notes)) }
      let result = try catalog.convert(quantity, to: targets[0])
      return .success(Output(lines: [try render(result)], notes: notes))
    } catch {
      return .failure(Failure(error: error, source: request.source, span: nil))
    }
  }

  /// Whether a result is a reciprocal conversion the catalog does not declare (`2 s` into `Hz`,
  /// `2 m` into `1/m`): human output says `reciprocal` on its line, script output refuses it
  /// unless `--reciprocal` is given.
  package func isUndeclaredReciprocal(_ result: ConversionResult) -> Bool {
    guard result.kind == .reciprocal else { return false }
    let source = result.quantity.unit ?? UnitExpression(text: result.quantity.text, term: result.quantity.term,
                                                        singleUnit: nil)
    return !catalog.isDeclaredReciprocal(from: source, to: result.target)
  }

  /// Throws for a result script output may not give: an undeclared reciprocal without `--reciprocal`.
  func checkScriptable(_ result: ConversionResult) throws(ConvError) {
    guard !options.allowsReciprocal, isUndeclaredReciprocal(result) else { return }
    throw .undeclaredReciprocal(from: result.quantity.text, to: result.target.text,
                                fromKind: catalog.describe(result.quantity.dimension),
                                toKind: catalog.describe(result.target.dimension))
  }

  /// Renders one conversion in the selected mode.
  package func render(_ result: ConversionResult) throws(ConvError) -> String {
    switch options.mode {
    case .terse:
      try checkScriptable(result)
      guard let text = terseNumber(result) else { throw .resultOutOfRange }
      return text
    case .json:
      return try json(result).serialized()
    case .human:
      if let line = currencyLine(result) { return line }
      // With --exact, π is written as such: the text is then exact whenever no measured factor is.
      let isExact = options.exact ? result.isSymbolicallyExact : result.isExact
      let target = presenter.quantityText(result.value, isExact: isExact, unit: result.target)
      var line = sourceText(result.quantity) + " " + presenter.relation(exact: target.exact) + " " + target.text
      if isUndeclaredReciprocal(result) {
        line += " (reciprocal)"
      } else if options.verbose, let note = note(for: result.kind) {
        line += "  (" + note + ")"
      }
      return line
    }
  }

  /// The result as a terse number (the shortest decimal of the nearest `Double`); nil when no
  /// `Double` holds it: beyond the largest, or so small that it would read as zero.
  func terseNumber(_ result: ConversionResult) -> String? {
    TerseNumber.format(exact: result.rational)
  }

  /// The quantity as it is shown on the left: its number as typed, exactly, and its unit's symbol.
  package func sourceText(_ quantity: Quantity) -> String {
    guard let number = quantity.number, let unit = quantity.unit else { return presenter.display(quantity.text) }
    if let gauge = unit.singleUnit?.unit.scale?.gaugeSpelling(number) {
      return presenter.display(gauge) + " " + presenter.plainLabel(unit).plural
    }
    return presenter.typedQuantityText(number, unit: unit)
  }

  func note(for kind: Conversion.Kind) -> String? {
    switch kind {
    case .linear: nil
    case .affine: "absolute temperature, with offset"
    case .reciprocal: "reciprocal conversion"
    case .cycles: "one revolution counted as one cycle"
    case .scale: "nonlinear scale, in floating point"
    }
  }

  /// The JSON object for one result (field names documented in the man page and README).
  package func json(_ result: ConversionResult) throws(ConvError) -> JSONValue {
    try checkScriptable(result)
    guard let number = terseNumber(result) else { throw .resultOutOfRange }
    let quantity = result.quantity
    let category = result.target.singleUnit.flatMap { catalog.category(named: $0.unit.categoryIdentifier) }
      ?? catalog.primaryCategory(for: result.target.dimension)
    var members: [(String, JSONValue)] = [
      ("input", .string(quantity.text)),
      ("value", quantity.number.map { .number(TerseNumber.format(exact: $0)) } ?? .null),
      ("unit", quantity.unit.map { .string($0.displaySymbol) } ?? .null),
      ("target", .string(result.target.displaySymbol)),
      ("result", .number(number)),
      ("exact", .bool(result.isExact)),
      ("exact_value", result.isExact ? .string(presenter.exactText(result.value)) : .null),
      ("dimension", .string(result.target.dimension.formula)),
      ("category", category.map { .string($0.identifier) } ?? .null),
      ("kind", .string(result.kind.rawValue)),
    ]
    if Converter.involvesCurrency(result.target.dimension), let rates = catalog.exchangeRates {
      members.append(("rates_date", .string(rates.date.description)))
      members.append(("rates_source", .string(rates.source)))
    }
    members.append(("notes", .array(note(for: result.kind).map { [.string($0)] } ?? [])))
    return .object(members)
  }

  /// `1.8 m` into `ft;in`: whole numbers of every unit but the last, the rest in the last.
  func mixedUnits(_ quantity: Quantity, _ targets: [UnitExpression]) throws(ConvError) -> String {
    let first = try catalog.convert(quantity, to: targets[0])
    var remaining = first.value.approximation
    // Exact while every step is exact and every part is shown in full.
    var isExact = first.isExact && first.value.isRational
    var parts: [String] = []
    var jsonParts: [JSONValue] = []
    for (index, target) in targets.enumerated() {
      if index > 0 {
        let previous = targets[index - 1]
        let carried = try catalog.quantity(remaining, in: previous, text: "")
        let step = try catalog.convert(carried, to: target)
        remaining = step.value.approximation
        isExact = isExact && step.isExact && step.value.isRational
      }
      let isLast = index == targets.count - 1
      var value = remaining
      if !isLast {
        let (q, _) = remaining.numerator.quotientAndRemainder(dividingBy: remaining.denominator)
        value = Rational(q)
        remaining = remaining - value
      }
      switch options.mode {
      case .terse, .json:
        let text = TerseNumber.format(exact: value)
        parts.append(text)
        jsonParts.append(.object([("value", .number(text)), ("unit", .string(target.displaySymbol))]))
      case .human:
        let part = presenter.quantityText(Magnitude(value), isExact: isExact, unit: target)
        parts.append(part.text)
        isExact = isExact && part.exact
      }
    }
    switch options.mode {
    case .terse: return parts.joined(separator: " ")
    case .json:
      return JSONValue.object([("input", .string(quantity.text)), ("parts", .array(jsonParts)),
                               ("exact", .bool(isExact))]).serialized()
    case .human: return sourceText(quantity) + " " + presenter.relation(exact: isExact) + " " + parts.joined(separator: " ")
    }
  }

  /// Every other unit of the quantity's category, common ones first, the source unit left out.
  package func wholeColumn(_ quantity: Quantity, request: ConversionRequest) -> Result<[String], Failure> {
    guard let category = columnCategory(for: quantity) else {
      return .failure(Failure(error: .syntax("no category has the dimension \(quantity.dimension.formula); give a target unit",
                                             span: SourceSpan(start: 0, length: request.quantity.count)),
                              source: request.source, span: nil))
    }
    let sourceUnit = quantity.unit?.singleUnit
    let everyUnit = catalog.columnUnits(in: category).filter { $0 != sourceUnit }
    // The curated column by default (what a person reaches for, about a screen); `--all` for every
    // unit. Money lists every other currency (`conv 100 EUR`): thirty rows, each a reading that matters.
    let listsAll = options.allUnits || Converter.involvesCurrency(category.dimension)
    let units = listsAll ? everyUnit
      : catalog.curatedColumn(in: category, source: sourceUnit, value: quantity.term.baseValue.approximation)
    let hidden = listsAll ? 0 : everyUnit.filter { unit in !units.contains(unit) }.count
    guard !units.isEmpty else {
      let message = "\(category.title.lowercased()) has no other unit to convert into; give a target unit"
      return .failure(Failure(error: .syntax(message, span: SourceSpan(start: 0, length: request.quantity.count)),
                              source: request.source, span: nil))
    }
    var rows: [(value: FormattedNumber, relation: String, unit: String, name: String)] = []
    var lines: [String] = []
    var objects: [JSONValue] = []
    for unit in units {
      let target = UnitExpression(text: unit.symbol, term: Term(unit: unit), singleUnit: unit)
      let result: ConversionResult
      do {
        result = try catalog.convert(quantity, to: target)
      } catch {
        // Never a row silently left out: a row that cannot be computed fails the whole column.
        return .failure(Failure(error: error, source: request.source, span: nil))
      }
      switch options.mode {
      case .terse:
        do {
          try checkScriptable(result)
        } catch {
          return .failure(Failure(error: error, source: request.source, span: nil))
        }
        if let text = terseNumber(result) { lines.append(text + " " + unit.symbol) }
      case .json:
        do {
          guard case .object(var members) = try json(result) else { continue }
          members.append(("selection", .string(options.allUnits ? "all" : "common")))
          objects.append(.object(members))
        } catch {
          return .failure(Failure(error: error, source: request.source, span: nil))
        }
      case .human:
        let shown = presenter.digits(of: result.value, isExact: result.isExact)
        let number = presenter.humanNumber(result.value, isExact: result.isExact, in: unit)
        let exact = shown.isExact || (options.exact && result.isSymbolicallyExact)
        let plural = shown.isZero || !(shown.digits == "1" && shown.exponent == 0)
        // Currencies are named in the user's language by ICU (`Schweizer Franken`).
        let name = unit.unit.dimension[.currency] != 0
          ? currency.localizedName(code: unit.symbol, plural: plural) : nil
        rows.append((number, presenter.relation(exact: exact), presenter.symbol(unit),
                     name ?? presenter.display(plural ? unit.plural : unit.name)))
      }
    }
    // JSON: one array for the column, as `fav`, `list` and `categories` print (one line per request).
    if options.mode == .json { return .success([JSONValue.array(objects).serialized()]) }
    guard options.mode == .human else { return .success(lines) }
    let numbers = ColumnAligner.align(rows.map(\.value), color: options.color)
    let symbolWidth = rows.map { DisplayWidth.of($0.unit) }.max() ?? 0
    lines.append(sourceText(quantity) + " (" + category.title.lowercased() + ") is")
    for (row, number) in zip(rows, numbers) {
      let pad = String(repeating: " ", count: symbolWidth - DisplayWidth.of(row.unit))
      lines.append("  " + row.relation + " " + number + " " + row.unit + pad + "  " + row.name)
    }
    if hidden > 0 {
      let command = "conv " + request.quantity + " --all"
      lines.append("  " + (options.ascii ? "..." : "…") + " \(hidden) more " + category.title.lowercased() + " unit"
                   + (hidden == 1 ? "" : "s") + ": " + presenter.display(command))
    }
    return .success(lines)
  }

  /// The category for the whole-column view: the source unit's own, else the first with the dimension.
  func columnCategory(for quantity: Quantity) -> UnitCategory? {
    if let unit = quantity.unit?.singleUnit?.unit, let category = catalog.category(named: unit.categoryIdentifier) {
      return category
    }
    return catalog.primaryCategory(for: quantity.dimension)
  }
}
