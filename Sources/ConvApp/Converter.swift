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

  /// Whether the user's language is English (or unset): the catalog's names are then the user's,
  /// and no name of another language is read (asked for every line read).
  let readsEnglish: Bool

  /// Whether currencies have names in the user's language (`CurrencyFormatter.namesCurrencies` of
  /// the human style; asked for every unknown unit read).
  let namesCurrencies: Bool

  /// Sums of money in the locale's currency format (`$1,234.56`, `1.234,56 €`); made when needed.
  var currency: CurrencyFormatter { CurrencyFormatter(style: options.humanStyle) }

  /// Creates a converter that writes with the writer of `options.mode`, or with `writer`.
  package init(catalog: Catalog, options: OutputOptions, writer: (any OutputWriter)? = nil) {
    self.catalog = catalog
    presenter = ValuePresenter(options: options)
    self.writer = writer ?? options.mode.writer
    conventions = NumberConventions.of(locale: options.locale)
    readsEnglish = NumberStyle(locale: options.locale).isEnglish
    namesCurrencies = CurrencyFormatter(style: options.humanStyle).namesCurrencies
  }

  /// Whether requests are lines of a batch: script output (`-t`, `--json`) then answers each with
  /// exactly one line, so a line without a target, whose answer is a whole column, is refused.
  package var isBatch = false

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
    // A name that means two units in the user's language (French `pieds`: foot, or the catalog's
    // pied du roi) is read by the other side, or refused.
    if mentionsLocalCollision(request.source) {
      switch localReading(of: request.source) {
      case .read(let reading, let local): return convert(reading, request: local)
      case .refused(let error): return .failure(Failure(error: error, source: request.source, span: nil))
      case .none, .unread: break
      }
    }
    do {
      return convert(try catalog.read(request, conventions: conventions), request: request)
    } catch {
      return recover(from: error, request: request)
    }
  }

  /// What a request whose reading failed with `error` gives: currencies named in the user's
  /// language (`Schweizer Franken`) are read again with ISO codes; anything else is the failure.
  /// (Batch reads a line once and comes here with the error, suggestions included.)
  /// Unit names of the user's language (`5 Meilen km`) are read as their units, with a note; a
  /// name that means two units is refused with both unless the other side decides
  /// (`localReading(of:)`).
  package func recover(from error: ConvError, request: ConversionRequest) -> Result<Output, Failure> {
    let failure = Result<Output, Failure>.failure(Failure(error: error, source: request.source, span: error.span))
    guard case .unknownUnit = error else { return failure }
    let codes = currencyCodes(for: request.source)
    if let codes, let again = try? catalog.read(self.request(line: codes), conventions: conventions) {
      return convert(again, request: self.request(line: codes))
    }
    switch localReading(of: codes ?? request.source) {
    case .read(let reading, let local): return convert(reading, request: local)
    case .refused(let refusal): return .failure(Failure(error: refusal, source: request.source, span: nil))
    case .none, .unread: return failure
    }
  }

  /// Converts a request already read (batch reads a line's units once for every number): the
  /// part of ``convert(_:)-(ConversionRequest)`` after the reading, the same for every front end.
  package func convert(_ reading: ConversionReading, request: ConversionRequest) -> Result<Output, Failure> {
    var notes = writer.showsNotes ? reading.notes : []
    let quantity = reading.quantity
    if Converter.involvesCurrency(quantity.dimension)
      || reading.targets.contains(where: { Converter.involvesCurrency($0.dimension) })
    {
      notes += ratesNotes(for: reading)
    }
    if reading.targets.isEmpty {
      // The whole line read as one quantity when its last words made no target (`2 kW * 3 h`).
      let whole =
        request.targets.isEmpty
        ? request
        : ConversionRequest(
          quantity: request.source, targets: [], source: request.source, quantityOffset: 0,
          targetOffset: request.source.count)
      // Script output (the writers without notes) promises one line per batch line.
      if isBatch && !writer.showsNotes {
        let message =
          "no target unit: -t and --json answer each batch line with one line, and a whole column is "
          + "many; write '\(ConvError.printable(whole.quantity)) to UNIT'"
        return .failure(
          Failure(
            error: .syntax(message, span: SourceSpan(start: 0, length: whole.quantity.count)),
            source: request.source, span: nil))
      }
      return wholeColumn(quantity, request: whole).map { Output(lines: $0.lines, notes: notes + $0.notes) }
    }
    let targets = reading.targets
    do {
      if targets.count > 1 {
        return .success(
          Output(
            lines: [writer.mixed(try MixedResult(quantity, into: targets, catalog: catalog), by: self)],
            notes: notes))
      }
      let result = try catalog.convert(quantity, to: targets[0])
      return .success(
        Output(lines: [try writer.conversion(result, readingNotes: reading.notes, by: self)], notes: notes))
    } catch {
      return .failure(Failure(error: error, source: request.source, span: nil))
    }
  }

  /// Whether a result is a reciprocal conversion the catalog does not declare (`2 s` into `Hz`,
  /// `2 m` into `1/m`): human output says `reciprocal` on its line, script output refuses it
  /// unless `--reciprocal` is given.
  package func isUndeclaredReciprocal(_ result: ConversionResult) -> Bool {
    guard result.kind == .reciprocal else { return false }
    let source =
      result.quantity.unit
      ?? UnitExpression(
        text: result.quantity.text, term: result.quantity.term,
        singleUnit: nil)
    return !catalog.isDeclaredReciprocal(from: source, to: result.target)
  }

  /// Throws for a result script output may not give: an undeclared reciprocal without `--reciprocal`.
  func checkScriptable(_ result: ConversionResult) throws(ConvError) {
    guard !options.allowsReciprocal, isUndeclaredReciprocal(result) else { return }
    throw .undeclaredReciprocal(
      from: result.quantity.text, to: result.target.text,
      fromKind: catalog.describe(result.quantity.dimension),
      toKind: catalog.describe(result.target.dimension))
  }

  /// Renders one conversion in the selected mode.
  package func render(_ result: ConversionResult) throws(ConvError) -> String {
    try writer.conversion(result, by: self)
  }

  /// A favorite's value, or the error script output gives for it (``checkScriptable(_:)``).
  func scriptable(_ value: FavoriteValue) -> Result<FavoriteValue, ConvError> {
    guard case .single(let conversion) = value else { return .success(value) }
    return Result { () throws(ConvError) in
      try checkScriptable(conversion)
      return value
    }
  }

  /// The exact value of a result for scripts (`-t --exact`, JSON's `exact_value`): a terminating
  /// decimal, a fraction (`1/3`), or with π an ASCII expression (`pi/180`, `180/pi`, `pi^2/4`);
  /// nil when a measured factor or a nonlinear scale makes the result approximate.
  func exactValueText(_ result: ConversionResult) -> String? {
    guard result.isExact || (result.isSymbolicallyExact && !result.value.isRational && result.kind != .scale) else {
      return nil
    }
    return presenter.exactText(result.value, ascii: true)
  }

  /// The result as a terse number (the shortest decimal of the nearest `Double`); nil when no
  /// `Double` holds it: beyond the largest, or so small that it would read as zero.
  func terseNumber(_ result: ConversionResult) -> String? {
    TerseNumber.format(exact: result.rational)
  }

  /// Whether the echo shows a source unit as typed: when the spelling names that unit alone
  /// (`year`, `kcal`, `deg`), or the unit is an expression (`sq ft`, `kg m^2`). A spelling with
  /// several readings is echoed by the catalog's label, which names the reading the other side
  /// chose (`5 pt` into mm: `5 point`).
  func echoesAsTyped(_ unit: UnitExpression) -> Bool {
    guard let single = unit.singleUnit else { return true }
    guard let named = catalog.unit(named: unit.text.favoritesTrimmed) else { return true }
    return named.unit.name == single.unit.name && named.prefix?.name == single.prefix?.name
  }

  /// The quantity as it is shown on the left: its number as typed, exactly, and its unit as typed
  /// (``echoesAsTyped(_:)``).
  package func sourceText(_ quantity: Quantity) -> String {
    guard let number = quantity.number, let unit = quantity.unit else { return presenter.display(quantity.text) }
    if let gauge = unit.singleUnit?.unit.scale?.gaugeSpelling(number) {
      return presenter.display(gauge) + " " + presenter.plainLabel(unit).plural
    }
    // A substance is named after its quantity: `1 cup flour`.
    let substance = quantity.substance.map { " " + presenter.display(ConvError.printable($0.typed)) } ?? ""
    return presenter.typedQuantityText(number, unit: unit, asTyped: echoesAsTyped(unit)) + substance
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

  /// Every other unit of the quantity's category, common ones first, the source unit left out; a
  /// note names the units that have no value for it (`0 mph` in `min/mi`).
  package func wholeColumn(_ quantity: Quantity, request: ConversionRequest) -> Result<Output, Failure> {
    guard let category = columnCategory(for: quantity) else {
      return .failure(
        Failure(
          error: .syntax(
            "no category has the dimension \(quantity.dimension.formula); give a target unit",
            span: SourceSpan(start: 0, length: request.quantity.count)),
          source: request.source, span: nil))
    }
    let sourceUnit = quantity.unit?.singleUnit
    // The curated column by default (what a person reaches for, about a screen); `--all` for every
    // unit.
    let listsAll = options.allUnits
    let units: [PrefixedUnit]
    do {
      units =
        listsAll
        ? catalog.columnUnits(in: category).filter { $0 != sourceUnit }
        : try curatedUnits(in: category, quantity: quantity)
    } catch {
      return .failure(Failure(error: error, source: request.source, span: nil))
    }
    // How many of the category's units (its own and its featured prefixed forms, the source left
    // out) are not shown, counted without building them (a batch of `5 mi` lines asks every line).
    let hidden = listsAll ? 0 : hiddenCount(in: category, shown: units, source: sourceUnit)
    // A substance adds the units of the dimensions it reaches (grams beside cups).
    let bridged = substanceColumnUnits(quantity)
    guard !units.isEmpty || !bridged.isEmpty else {
      let message = "\(category.title.lowercased()) has no other unit to convert into; give a target unit"
      return .failure(
        Failure(
          error: .syntax(message, span: SourceSpan(start: 0, length: request.quantity.count)),
          source: request.source, span: nil))
    }
    let column = ColumnResult(
      quantity: quantity, typedQuantity: quantity.substance == nil ? request.quantity : quantity.text,
      category: category, units: units + bridged, hidden: hidden, catalog: catalog)
    // Every unit without a value for this quantity (`0 mph`: the paces): the first one's reason.
    if column.units.isEmpty, let first = column.withoutValue.first {
      return .failure(Failure(error: first.reason, source: request.source, span: nil))
    }
    do {
      return .success(
        Output(
          lines: try writer.column(column, by: self),
          notes: column.withoutValueNote.map { ["note: " + $0] } ?? []))
    } catch {
      return .failure(Failure(error: error, source: request.source, span: nil))
    }
  }

  /// How many units of ``Catalog/columnUnits(in:)`` but `source` are not among `shown`.
  func hiddenCount(in category: UnitCategory, shown: [PrefixedUnit], source: PrefixedUnit?) -> Int {
    let listing = ColumnListing(category: category, source: source, catalog: catalog)
    return listing.total - shown.count(where: listing.lists)
  }

  /// The category for the whole-column view: the source unit's own, else the first with the dimension.
  func columnCategory(for quantity: Quantity) -> UnitCategory? {
    if let unit = quantity.unit?.singleUnit?.unit, let category = catalog.category(named: unit.categoryIdentifier) {
      return category
    }
    return catalog.primaryCategory(for: quantity.dimension)
  }
}
