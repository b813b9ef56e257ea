/// The one reading of a request: its quantity and targets resolved, with notes on the choices made.
///
/// Every front end reads what people type through `Catalog.read(_:conventions:)`: one-shot,
/// batch, the REPL, favorites and `info` give the same answer or the same refusal.
package struct ConversionReading: Sendable {
  /// The quantity.
  package var quantity: Quantity
  /// The targets, in order; empty for the whole column.
  package let targets: [UnitExpression]
  /// The spellings read other than by default, because the other side's dimension asked for it,
  /// as `(spelling, unit name)`: `("C", "coulomb")`.
  package let choices: [(spelling: String, unit: String)]
  /// The readings chosen for ambiguous spellings, by spelling (empty: every default reading).
  package var chosen: [String: PrefixedUnit] = [:]
  /// Whether every reading tried before the chosen one failed only because its sides do not
  /// convert into each other (no error while reading a side): the choice then does not depend on
  /// the number of the quantity.
  package var choiceIgnoresNumber = true

  /// How other parts were read (`11 after ft read as 11 in`).
  package var readingNotes: [String] = []

  /// The publications of exchange rates the quantity and the targets were read at.
  package var ratesUse: RatesUse {
    targets.reduce(quantity.term.ratesUse) { $0.union($1.term.ratesUse) }
  }

  /// One line per choice, for standard error in human output: `note: C read as coulomb`.
  package var notes: [String] {
    choices.map { "note: \(ConvError.printable($0.spelling)) read as \(ConvError.printable($0.unit))" }
      + readingNotes.map { "note: " + ConvError.printable($0) } + substanceNotes
  }
}

extension Catalog {
  /// Most readings tried for one request before giving up on the alternatives.
  static let maximumReadingAttempts = 32

  /// Reads a request the one way: numbers with `conventions`, and each spelling with several
  /// readings (`C`, `F`, `pt`, `rad`, `mil`, `'`) taking the one whose dimension converts to the
  /// other side. The default reading stands whenever it converts; an alternative is taken when it
  /// alone (with the fewest changes) does, and noted; two alternatives that both fit are refused
  /// with the choices. Errors carry spans within `request.source`.
  ///
  /// With `suggesting: false` an unknown spelling's error carries no suggestions (for a caller that
  /// only tries a reading, such as batch's cache, and leaves the error to the path that reports it).
  /// A request whose words name a substance after the quantity (`1 cup flour g`) is read with it
  /// (`substanceReading`) when it does not read without (`substances: false` leaves that out).
  package func read(
    _ request: ConversionRequest, conventions: NumberConventions = .standard, suggesting: Bool = true,
    substances: Bool = true
  )
    throws(ConvError) -> ConversionReading
  {
    let reading = try readOnce(request, conventions: conventions, suggesting: suggesting, substances: substances)
    // A currency the newer rates lack beside one they quote: read again at the snapshot's rates
    // alone, so that the cross rate comes from one publication.
    guard reading.ratesUse.isMixed else { return reading }
    return try pinnedToSnapshotRates.readOnce(
      request, conventions: conventions, suggesting: suggesting,
      substances: substances)
  }

  /// `read` at the rates of each currency as looked up.
  private func readOnce(
    _ request: ConversionRequest, conventions: NumberConventions, suggesting: Bool,
    substances: Bool
  )
    throws(ConvError) -> ConversionReading
  {
    let first = attempt(request, conventions: conventions, choices: [:])
    if first.fits { return try first.reading(catalog: self) }
    // (The error, a large value, is looked at once.)
    let firstError = first.error
    var misfitsRead = firstError == nil
    // Try the other readings of the ambiguous spellings met, breadth first, fewest changes first.
    var queue: [[String: PrefixedUnit]] = Catalog.expansions(of: [:], with: first.ambiguities)
    // (Every choice set queued changes at least one spelling: none is the first attempt's.)
    var seen: Set<[String: String]> = []
    var fitting: [Attempt] = []
    var attempts = 1
    while !queue.isEmpty, attempts < Catalog.maximumReadingAttempts {
      let choices = queue.removeFirst()
      guard seen.insert(choices.mapValues(\.symbol)).inserted else { continue }
      if let fewest = fitting.first, fewest.choices.count < choices.count { break }
      attempts += 1
      let next = attempt(request, conventions: conventions, choices: choices)
      if next.fits {
        fitting.append(next)
      } else {
        misfitsRead = misfitsRead && next.error == nil
        queue += Catalog.expansions(of: choices, with: next.ambiguities)
      }
    }
    guard let chosen = fitting.first else {
      // Words that name no unit, or sides that do not convert (`mol N2`: newtons squared), may
      // hold a substance.
      if substances,
        firstError == nil || firstError.map({ if case .unknownUnit = $0 { true } else { false } }) == true
      {
        // (The table is read on first use: only where a substance can stand.)
        let table = { SubstanceTable.builtin }
        let words = request.words
        if let reading = try substanceReading(
          request, words: words, conventions: conventions, suggesting: suggesting, table: table)
        {
          return reading
        }
        if suggesting, case .unknownUnit(let word, let span, _)? = firstError,
          let error = unknownSubstance(
            word, span: span, request: request, words: words, conventions: conventions, table: table)
        {
          throw error
        }
      }
      let failure = first.failure(catalog: self, suggesting: suggesting)
      if case .incompatible = failure, let other = otherSplitReading(of: request, conventions: conventions) {
        return other
      }
      // `mb` (meteorology's millibar) beside data: the megabit or megabyte may be meant.
      if case .incompatible = failure, first.conventional.contains("mb"),
        ([first.quantity?.dimension] + first.targets.map(\.dimension)).contains(where: { ($0?[.information] ?? 0) != 0 }
        )
      {
        throw .ambiguousReading(
          "mb", readings: ["millibar (mbar, as in meteorology)", "megabit (Mb)", "megabyte (MB)"],
          span: nil)
      }
      throw failure
    }
    let outcomes = Set(fitting.map { $0.outcomeKey })
    if outcomes.count > 1,
      let entry = first.ambiguities.first(where: { entry in
        fitting.contains { $0.choices[entry.spelling] != nil }
      })
    {
      let readings = entry.readings.filter { reading in fitting.contains { $0.choices[entry.spelling] == reading } }
      throw .ambiguousReading(entry.spelling, readings: readings.map(\.name), span: entry.span)
    }
    var reading = try chosen.reading(catalog: self)
    reading.choiceIgnoresNumber = misfitsRead
    return reading
  }

  /// When the last words of a line do not make a target its quantity converts to, the first other
  /// split that reads and converts (`10 ft lbf N m`: `N m`), or the whole line as one quantity
  /// (`2 kW * 3 h`, `1 mile per hour`), noted; nil when none does.
  private func otherSplitReading(of request: ConversionRequest, conventions: NumberConventions) -> ConversionReading? {
    for other in request.otherSplits() {
      guard var reading = try? read(other, conventions: conventions, suggesting: false) else { continue }
      // The whole line as one quantity only when it has a column (`5 mi kg` keeps its error).
      if other.targets.isEmpty, !categories.contains(where: { $0.dimension == reading.quantity.dimension }) { continue }
      let target = other.targets.joined(separator: ";")
      reading.readingNotes.append(
        other.targets.isEmpty
          ? "the last words make no target: '\(other.quantity)' read as one quantity"
          : "read as '\(other.quantity)' to '\(target)'")
      return reading
    }
    return nil
  }

  /// The choice sets that change one more ambiguous spelling than `choices` does.
  private static func expansions(of choices: [String: PrefixedUnit], with entries: [AmbiguityLog.Entry])
    -> [[String: PrefixedUnit]]
  {
    var result: [[String: PrefixedUnit]] = []
    for entry in entries where choices[entry.spelling] == nil {
      for reading in entry.readings.dropFirst() {
        var next = choices
        next[entry.spelling] = reading
        result.append(next)
      }
    }
    return result
  }

  /// Reads every side of a request with the given choices.
  private func attempt(
    _ request: ConversionRequest, conventions: NumberConventions,
    choices: [String: PrefixedUnit]
  ) -> Attempt {
    let reader = ExpressionReader(catalog: self, conventions: conventions, choices: choices, suggests: false)
    let result = Attempt(request: request, choices: choices)
    do {
      result.quantity = try reader.quantity(request.quantity)
    } catch {
      result.error = error.shifted(by: request.quantityOffset)
    }
    var offset = request.targetOffset
    for text in request.targets {
      do {
        result.targets.append(try reader.unit(text))
      } catch {
        if result.error == nil { result.error = error.shifted(by: offset) }
        break
      }
      offset += text.count + 1
    }
    result.ambiguities = reader.log.entries
    result.readingNotes = reader.log.notes
    result.conventional = reader.log.conventionalSpellings.map(\.spelling)
    return result
  }

  /// One way of reading a request. (A class: an attempt is made, then asked several questions,
  /// and a struct of this size was copied for each.)
  private final class Attempt {
    let request: ConversionRequest
    let choices: [String: PrefixedUnit]
    var quantity: Quantity? = nil
    var targets: [UnitExpression] = []
    var error: ConvError? = nil
    var ambiguities: [AmbiguityLog.Entry] = []
    var readingNotes: [String] = []
    /// The trade spellings read (`mb`).
    var conventional: [String] = []

    init(request: ConversionRequest, choices: [String: PrefixedUnit]) {
      self.request = request
      self.choices = choices
    }

    /// Whether every side read and each target converts from the quantity.
    var fits: Bool {
      guard let quantity, error == nil, targets.count == request.targets.count else { return false }
      let source = Catalog.conversionSource(quantity).0
      return targets.allSatisfy { target in
        (try? Conversion.kind(
          from: source.term, to: target.term, fromText: source.text, toText: target.text,
          catalog: .builtin)) != nil
      }
    }

    /// What tells two fitting readings apart: the dimensions read.
    var outcomeKey: String {
      ([quantity?.dimension.formula ?? ""] + targets.map(\.dimension.formula)).joined(separator: "|")
    }

    func reading(catalog: Catalog) throws(ConvError) -> ConversionReading {
      guard let quantity else { throw error ?? .emptyInput }
      let notes = ambiguities.compactMap { entry -> (String, String)? in
        guard let chosen = choices[entry.spelling], chosen != entry.readings.first else { return nil }
        return (entry.spelling, chosen.name)
      }
      var reading = ConversionReading(quantity: quantity, targets: targets, choices: notes, chosen: choices)
      reading.readingNotes = readingNotes
      // A wire gauge facing an area is the cross-section of its round wire: say so.
      let source = Catalog.conversionSource(quantity).0.term
      for target in targets {
        let direction = Conversion.crossSectionDirection(from: source, to: target.term)
        guard direction != 0, let gauge = (direction > 0 ? source : target.term).scaleUnit else { continue }
        let note = "\(gauge.symbol) read as the cross-section of a round wire, π d²/4 of its diameter d"
        if !reading.readingNotes.contains(note) { reading.readingNotes.append(note) }
      }
      return reading
    }

    /// The error of the default reading: the first side that did not read (an unknown unit with
    /// suggestions that fit the other side), else why the sides do not convert.
    func failure(catalog: Catalog, suggesting: Bool = true) -> ConvError {
      if case .unknownUnit(let word, let span, _)? = error {
        guard suggesting else { return .unknownUnit(word, span: span, suggestions: []) }
        // The other side's dimension, when it read: the quantity's when a target failed, the first
        // target's when the quantity failed. (The quantity, a large value, is looked at once.)
        let (otherSide, otherUnit): (PhysicalDimension?, PrefixedUnit?) =
          if let quantity {
            (quantity.dimension, quantity.unit?.singleUnit)
          } else if targets.count == request.targets.count, let first = targets.first {
            (first.dimension, first.singleUnit)
          } else {
            (nil, nil)
          }
        return .unknownUnit(
          word, span: span,
          suggestions: catalog.suggestions(
            for: word, fitting: otherSide,
            besides: otherUnit))
      }
      if let error { return error }
      guard let quantity else { return .emptyInput }
      let source = Catalog.conversionSource(quantity).0
      for target in targets {
        do {
          _ = try Conversion.kind(
            from: source.term, to: target.term, fromText: source.text, toText: target.text,
            catalog: catalog)
        } catch {
          return error
        }
      }
      return .emptyInput
    }
  }
}
