import ConvFormat
import ConvKit

/// The one code path from a request to output lines, shared by one-shot use, batch and the REPL.
package struct Converter: Sendable {
  /// The catalog in use (built-in plus personal units).
  package let catalog: Catalog
  /// Output choices.
  package let presenter: ValuePresenter
  /// Renders every result in the selected mode.
  package let writer: any OutputWriter

  /// How numbers are written in the user's locale, for reading them.
  package let conventions: NumberConventions

  /// Sums of money in the locale's currency format (`$1,234.56`, `1.234,56 €`); made when needed.
  var currency: CurrencyFormatter { CurrencyFormatter(style: options.humanStyle) }

  /// Creates a converter that writes with the writer of `options.mode`, or with `writer`.
  package init(catalog: Catalog, options: OutputOptions, writer: (any OutputWriter)? = nil) {
    self.catalog = catalog
    presenter = ValuePresenter(options: options)
    self.writer = writer ?? options.mode.writer
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
    var notes = writer.showsNotes ? reading.notes : []
    let quantity = reading.quantity
    if Converter.involvesCurrency(quantity.dimension) || reading.targets.contains(where: { Converter.involvesCurrency($0.dimension) }) {
      notes += ratesNotes()
    }
    if reading.targets.isEmpty {
      return wholeColumn(quantity, request: request).map { Output(lines: $0, notes: notes) }
    }
    let targets = reading.targets
    do {
      if targets.count > 1 {
        return .success(Output(lines: [writer.mixed(try MixedResult(quantity, into: targets, catalog: catalog), by: self)],
                               notes: notes))
      }
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
    try writer.conversion(result, by: self)
  }

  /// The result, or the error script output gives for it (``checkScriptable(_:)``).
  func scriptable(_ result: Result<ConversionResult, ConvError>) -> Result<ConversionResult, ConvError> {
    result.flatMap { conversion in
      Result { () throws(ConvError) in
        try checkScriptable(conversion)
        return conversion
      }
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
    // A substance is named after its quantity: `1 cup flour`.
    let substance = quantity.substance.map { " " + presenter.display(ConvError.printable($0.typed)) } ?? ""
    return presenter.typedQuantityText(number, unit: unit) + substance
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
    try JSONWriter().object(result, by: self)
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
    // A substance adds the units of the dimensions it reaches (grams beside cups).
    let bridged = substanceColumnUnits(quantity)
    guard !units.isEmpty || !bridged.isEmpty else {
      let message = "\(category.title.lowercased()) has no other unit to convert into; give a target unit"
      return .failure(Failure(error: .syntax(message, span: SourceSpan(start: 0, length: request.quantity.count)),
                              source: request.source, span: nil))
    }
    let column = ColumnResult(quantity: quantity, typedQuantity: quantity.substance == nil ? request.quantity : quantity.text,
                              category: category, units: units + bridged, hidden: hidden, catalog: catalog)
    do {
      return .success(try writer.column(column, by: self))
    } catch {
      return .failure(Failure(error: error, source: request.source, span: nil))
    }
  }

  /// The category for the whole-column view: the source unit's own, else the first with the dimension.
  func columnCategory(for quantity: Quantity) -> UnitCategory? {
    if let unit = quantity.unit?.singleUnit?.unit, let category = catalog.category(named: unit.categoryIdentifier) {
      return category
    }
    return catalog.primaryCategory(for: quantity.dimension)
  }
}
