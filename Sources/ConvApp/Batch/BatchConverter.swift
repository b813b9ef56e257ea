import ConvKit

/// Converts batch input line by line, with a cache in front of the exact path.
///
/// Every line gives exactly what `Converter.convert(converter.request(line:))` gives for it
/// (the tests compare both on many random lines and on tables of every line family). Batch input
/// repeats itself: the same units with different numbers. So a line of the form `NUMBER REST` (a
/// number, a space, then anything) is looked up by `REST`; the first line with a given `REST` takes
/// the exact path, and what it resolved is kept for the next ones:
/// - the request split (quantity and target text), which does not depend on the number;
/// - a ``ReadingTemplate``: the units of both sides read once (`m^2`, `kg*m/s^2`, a chain of
///   factors), so that a line with another number (a decimal, `983/148`, `6548.2e300`, 300 digits)
///   gets its reading without reading a unit, then goes through the same
///   `Converter.convert(_:request:)` as the exact path, with exact arithmetic;
/// - in terse and plain human output, for a linear, affine or reciprocal conversion with exact
///   rational factors, the map `value = a·x + b` (or `c / x`). When a decimal or a fraction `x`
///   and the factors fit in 128-bit integers, the result is one correctly rounded `Double`
///   division of two integers, which is exactly the `Double` the exact path rounds its exact
///   result to; the text then comes from the same `TerseNumber.format`.
/// - when the reading failed on a word that names nothing (`5 kilometr to mi`), the message, which
///   every plain decimal before the same rest gets again (a file of one misspelling is not read
///   line by line).
/// Anything else (numbers the template cannot vouch for, negative temperatures, zero in a
/// reciprocal, a line whose reading fails otherwise) goes through the exact path.
package final class BatchConverter {
  /// The converter of the exact path.
  package let converter: Converter
  private var shapes = ShapeCache()

  /// The outcome of one input line.
  package enum Outcome {
    /// A blank line or a `#` comment: no output.
    case skipped
    /// The output lines were appended to the buffer.
    case converted
    /// The line failed with this message; nothing was appended.
    case failed(String)
  }

  /// Whether the converter reads the comma as the decimal mark (kept apart: read on every line).
  private let usesDecimalComma: Bool
  /// How the writer lets lines of a cached shape be written without the exact path (kept apart:
  /// read on every line).
  private let shortcut: BatchShortcut?
  /// Powers of ten for long decimals on the integer map.
  private var powersOfTen = PowersOfTen()

  /// Creates a batch converter.
  package init(converter: Converter) {
    var converter = converter
    converter.isBatch = true
    self.converter = converter
    usesDecimalComma = converter.conventions.usesDecimalComma
    // The shortcuts write rounded numbers: `--exact` (fractions, π) takes the exact path.
    shortcut = converter.options.exact ? nil : converter.writer.batchShortcut
  }

  /// Notes on how ambiguous spellings were read, each given once per batch.
  private var seenNotes: Set<String> = []
  private var newNotes: [String] = []

  /// The notes (`note: pt read as point`) that lines converted since the last call gave for the
  /// first time; standard error material in human output.
  package func takeNotes() -> [String] {
    defer { newNotes.removeAll() }
    return newNotes
  }

  /// How many shapes have an integer map (for tests).
  var cachedMapCount: Int { shapes.shapes.indices.count { shapes.map($0) != nil } }
  /// How many lines the integer map converted (for tests).
  private(set) var integerLineCount = 0
  /// How many lines a remembered column wrote (for tests).
  private(set) var columnLineCount = 0
  /// How many lines the template converted without reading their units (for tests).
  private(set) var templateLineCount = 0
  /// How many lines a remembered failure answered (for tests).
  private(set) var failureLineCount = 0

  /// Lines longer than this (in bytes) always take the exact path: far below the length limits of
  /// the request splitter and the lexer, so that no limit can depend on the number's length.
  static let longestCachedLine = 1024

  /// Converts one line (without its line break) and appends the output lines, each ending in
  /// `\n`, to `output`.
  package func convert(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Outcome {
    if line.count <= BatchConverter.longestCachedLine, let number = LeadingNumber(line), isTrimmed(line),
      // (Where the decimal mark is the comma, `1.500` may be a grouped number: the exact path reads it.)
      !(usesDecimalComma && number.hasPoint && (number.decimal == nil || number.decimal?.fractionDigits == 3))
    {
      let rest = UnsafeBufferPointer(rebasing: line[number.length...])
      let entry = shapes.entry(for: rest)
      if let entry, let map = shapes.map(entry), integerLine(number, map: map, entry: entry, line: line, into: &output)
      {
        output.append(10)
        integerLineCount += 1
        return .converted
      }
      let shape = entry.flatMap { shapes.shapes[$0] }
      let numberText = number.text(in: line)
      if let column = shape?.resolution?.column, let decimal = number.decimal,
        column.append(decimal, numberText: numberText, to: &output)
      {
        columnLineCount += 1
        return .converted
      }
      if let failure = shape?.failure, number.decimal != nil {
        failureLineCount += 1
        return .failed(failure)
      }
      let text = String(decoding: line, as: UTF8.self)
      if let shape {
        if let template = shape.resolution?.template, let reading = template.reading(numberText: numberText),
          case .success(let result) = converter.convert(
            reading, request: shape.request(numberText: numberText, line: text))
        {
          templateLineCount += 1
          return emit(result, into: &output)
        }
        // A shape whose first line did not read (`5/0 m^2`, `-500 °C`) is made again from a later one.
        if shape.resolution == nil, shape.retries < Shape.maximumRetries, let entry,
          mayStartShape(number, numberText: numberText)
        {
          let request = converter.request(line: text)
          let (again, reading) = makeShape(request, number: number, numberText: numberText)
          again?.retries = shape.retries + 1
          shapes.replace(entry, with: again)
          return finish(request, reading: reading, shape: again, into: &output)
        }
        // The split of a plain decimal's line holds for every such number.
        if number.decimal != nil { return exact(shape.request(numberText: numberText, line: text), into: &output) }
      } else if entry == nil, shapes.hasRoom, shapes.seenBefore(rest), mayStartShape(number, numberText: numberText) {
        // A rest gets its shape on its second line: making one costs about a second reading, which
        // a rest seen once (a file of distinct lines, or more rests than the cache keeps) never repays.
        let request = converter.request(line: text)
        let (shape, reading) = makeShape(request, number: number, numberText: numberText)
        shapes.insert(shape, for: rest)
        return finish(request, reading: reading, shape: shape, into: &output)
      }
      return exact(converter.request(line: text), into: &output)
    }
    let trimmed = String(decoding: line, as: UTF8.self).trimmingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return .skipped }
    return exact(converter.request(line: trimmed), into: &output)
  }

  /// Whether a line's split may be kept for its rest: for a number that no reading can refuse for
  /// its size (a decimal of at most 18 digits, a fraction of such integers, or a number the lexer
  /// reads of at most ``ReadingTemplate/largestNumberBits`` bits).
  private func mayStartShape(_ number: LeadingNumber, numberText: String) -> Bool {
    if number.fraction != nil { return true }
    guard let value = ReadingTemplate.number(numberText, conventions: converter.conventions) else { return false }
    return value.numerator.bitWidth <= ReadingTemplate.largestNumberBits
      && value.denominator.bitWidth <= ReadingTemplate.largestNumberBits
  }

  /// Appends a line converted by the integer map (without its line break); false when the map
  /// cannot vouch for this number, and nothing was appended.
  private func integerLine(
    _ number: LeadingNumber, map: LinearMap, entry: Int, line: UnsafeBufferPointer<UInt8>,
    into output: inout [UInt8]
  ) -> Bool {
    switch shortcut {
    case .terseNumber:
      let value: Double?
      if let x = number.fraction {
        value = map.value(x)
      } else if !usesDecimalComma, map.takesLongDecimals,
        let x = LongDecimal(UnsafeBufferPointer(rebasing: line[..<number.length]))
      {
        // `6548.2e300`, 300 digits: one exact fraction of big integers, no reading (not before an
        // evaluated expression, whose template takes smaller numbers only).
        value = map.value(x, tens: &powersOfTen)
      } else {
        value = nil
      }
      guard let value else { return false }
      return TerseNumber.append(value, to: &output)
    case .humanLine:
      guard let x = number.fraction, let shape = shapes.shapes[entry], let labels = shape.resolution?.labels else {
        return false
      }
      if labels.source == nil {
        // An evaluated quantity (`94 m^2`) is written back as typed.
        let typed = converter.presenter.display(number.text(in: line) + shape.quantityRest)
        return HumanBatchLine.append(
          x, typed: typed, map: map, labels: labels, presenter: converter.presenter, to: &output)
      }
      guard let decimal = number.decimal else { return false }
      return HumanBatchLine.append(decimal, map: map, labels: labels, presenter: converter.presenter, to: &output)
    case nil:
      return false
    }
  }

  /// Appends what a request gave and notes its new notes.
  private func emit(_ result: Converter.Output, into output: inout [UInt8]) -> Outcome {
    for note in result.notes where seenNotes.insert(note).inserted { newNotes.append(note) }
    for line in result.lines {
      output.append(contentsOf: line.utf8)
      output.append(10)
    }
    return .converted
  }

  /// The outcome of the line that made a shape, from the reading made for the shape: converted
  /// from it or reported from its error, as the exact path would (a whole column takes that path).
  /// A failure that holds for any plain decimal is kept in the shape (``Shape/failure``).
  private func finish(
    _ request: ConversionRequest, reading: Result<ConversionReading, ConvError>?, shape: Shape?,
    into output: inout [UInt8]
  ) -> Outcome {
    switch reading {
    case .success(let reading) where !request.targets.isEmpty || reading.quantity.term.unitCount > 0:
      // What the exact path does after reading (a lone number has no target and no unit).
      switch converter.convert(reading, request: request) {
      case .success(let result): return emit(result, into: &output)
      case .failure(let failure): return .failed(failure.message)
      }
    case .failure(let error):
      return failed(error, request, shape: shape, into: &output)
    default:
      return exact(request, into: &output)
    }
  }

  /// The exact path for one request of a batch line.
  private func exact(_ request: ConversionRequest, into output: inout [UInt8]) -> Outcome {
    if let message = BatchConverter.loneNumber(request, catalog: converter.catalog, conventions: converter.conventions)
    {
      return .failed(message)
    }
    switch converter.convert(request) {
    case .success(let result):
      return emit(result, into: &output)
    case .failure(let failure):
      return .failed(failure.message)
    }
  }

  /// The error for a number without a unit and without a target (`5`, `1e999`): there is no
  /// category to show, and a column of ratios would only puzzle. Nil for any other request.
  package static func loneNumber(
    _ request: ConversionRequest, catalog: Catalog,
    conventions: NumberConventions = .standard
  ) -> String? {
    guard request.targets.isEmpty,
      let quantity = try? catalog.parseQuantity(request.quantity, conventions: conventions),
      quantity.term.unitCount == 0
    else { return nil }
    return
      "'\(ConvError.printable(quantity.text))' is a number without a unit: give a quantity such as '5 mi' and a target unit such as 'km'"
  }

  /// Converts one line of text: the output lines, nil for a blank or comment line, or the failure's
  /// message.
  package func convert(line: String) -> Result<[String], BatchFailure>? {
    var line = line
    var output: [UInt8] = []
    let outcome = line.withUTF8 { convert($0, into: &output) }
    switch outcome {
    case .skipped: return nil
    case .failed(let message): return .failure(BatchFailure(message: message))
    case .converted:
      var lines = output.split(separator: 10, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      lines.removeLast()
      return .success(lines)
    }
  }

  /// Whether trimming white space would leave the line unchanged: it starts with the number and
  /// ends in a character that is neither white space nor a combining mark.
  private func isTrimmed(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let last = line.last else { return false }
    if last < 0x80 { return last > 0x20 && last < 0x7F }
    // The last scalar: back up over continuation bytes.
    var start = line.count - 1
    while start > 0 && line[start] & 0xC0 == 0x80 { start -= 1 }
    var decoder = UTF8()
    var iterator = line[start...].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
    guard !scalar.properties.isWhitespace else { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  // MARK: Shapes

  /// What the first line with a given rest resolved: the request split, and what its reading
  /// resolved when it read. (Classes: the cache keeps a shape for every distinct rest, every bad
  /// line's included, and what a reading resolves is about a kilobyte.)
  final class Shape {
    /// The quantity text after the number (`" mi"` in `5 mi to km`).
    let quantityRest: String
    let targets: [String]
    /// Where the target starts, in characters after the number.
    let targetOffsetAfterNumber: Int
    /// What the reading resolved; nil when the line did not read.
    var resolution: Resolution?
    /// The message of a failure that every later line of this rest gives after a plain decimal
    /// (an unknown word: `BatchConverter.holdsForEveryDecimal(_:)`); such a line is not read again.
    var failure: String?
    /// How many times the shape was made again from a later line, its reading having failed.
    var retries = 0
    /// Most times a shape is made again.
    static let maximumRetries = 3

    /// Whether the target is the line's last words, taken without a separator.
    let targetFromLastWords: Bool

    init(quantityRest: String, targets: [String], targetOffsetAfterNumber: Int, targetFromLastWords: Bool = false) {
      self.quantityRest = quantityRest
      self.targets = targets
      self.targetOffsetAfterNumber = targetOffsetAfterNumber
      self.targetFromLastWords = targetFromLastWords
    }

    /// The request for a line with another number: the same split.
    func request(numberText: String, line: String) -> ConversionRequest {
      var request = ConversionRequest(
        quantity: numberText + quantityRest, targets: targets, source: line,
        quantityOffset: 0, targetOffset: numberText.count + targetOffsetAfterNumber)
      request.targetFromLastWords = targetFromLastWords
      return request
    }
  }

  /// What the reading of a shape's first line resolved, for the lines after it.
  final class Resolution {
    /// The units read once, for any number.
    let template: ReadingTemplate
    /// The integer map, when the conversion has one (see ``LinearMap``).
    let map: LinearMap?
    /// The source and target unit labels of human output, when the integer map writes it.
    let labels: HumanBatchLine.Labels?
    /// The whole column of a line without a target, when integer maps write it in human output.
    let column: ColumnPlan?

    init(
      template: ReadingTemplate, map: LinearMap? = nil, labels: HumanBatchLine.Labels? = nil,
      column: ColumnPlan? = nil
    ) {
      self.template = template
      self.map = map
      self.labels = labels
      self.column = column
    }
  }

  /// Resolves what can be reused from the first line of a shape, with the line's reading when it
  /// read. The request split does not depend on the number: its tokens are the same whatever the
  /// digits (a number followed by a space), and the line is far below every length limit.
  private func makeShape(_ request: ConversionRequest, number: LeadingNumber, numberText: String)
    -> (Shape?, Result<ConversionReading, ConvError>?)
  {
    guard request.quantity.hasPrefix(numberText), request.quantityOffset == 0,
      request.targetOffset >= numberText.count
    else { return (nil, nil) }
    let quantityRest = String(request.quantity.dropFirst(numberText.count))
    guard quantityRest.first == " " else { return (nil, nil) }
    // A name that means two units in the user's language takes the exact path, which reads it
    // as every front end does (`Converter.localReading(of:)`).
    guard !converter.mentionsLocalCollision(request.source) else { return (nil, nil) }
    let catalog = converter.catalog
    // The line's one reading: a line that fails is reported from its error (`failed(_:_:)`), with
    // the suggestions it carries, not read a second time.
    let reading: Result<ConversionReading, ConvError> = Result { () throws(ConvError) in
      try catalog.read(request, conventions: converter.conventions)
    }
    return (
      shape(
        request, reading: try? reading.get(), number: number, numberText: numberText,
        quantityRest: quantityRest), reading
    )
  }

  /// The outcome of a line whose reading made for its shape failed: what the exact path gives
  /// for it (`exact(_:into:)`), from that reading's error; the shape keeps the message when it
  /// holds for every plain decimal (`holdsForEveryDecimal(_:)`).
  private func failed(
    _ error: ConvError, _ request: ConversionRequest, shape: Shape?, into output: inout [UInt8]
  ) -> Outcome {
    if let message = BatchConverter.loneNumber(request, catalog: converter.catalog, conventions: converter.conventions)
    {
      return .failed(message)
    }
    switch converter.recover(from: error, request: request) {
    case .success(let result):
      return emit(result, into: &output)
    case .failure(let failure):
      if BatchConverter.holdsForEveryDecimal(failure.error) { shape?.failure = failure.message }
      return .failed(failure.message)
    }
  }

  /// Whether a line's failure is the same after any other plain decimal (the rest unchanged): a
  /// word that names no unit or substance. Words are looked up by their spelling, and what is
  /// offered instead by the spelling and the other side's dimension; the number is read as a
  /// number whatever its digits and sign (a plain decimal joins no word). A failure that depends on
  /// the value (`-500 °C`, `5/0 m`, a result out of range) is not kept.
  static func holdsForEveryDecimal(_ error: ConvError) -> Bool {
    switch error {
    case .unknownUnit, .unknownSubstance: true
    default: false
    }
  }

  private func shape(
    _ request: ConversionRequest, reading: ConversionReading?, number: LeadingNumber,
    numberText: String, quantityRest: String
  ) -> Shape {
    let shape = Shape(
      quantityRest: quantityRest, targets: request.targets,
      targetOffsetAfterNumber: request.targetOffset - numberText.count,
      targetFromLastWords: request.targetFromLastWords)
    let catalog = converter.catalog
    guard let reading,
      let template = catalog.template(
        numberText: numberText, request: request, reading: reading,
        conventions: converter.conventions)
    else { return shape }
    shape.resolution = Resolution(template: template)
    // The integer map reads later numbers itself: where it reads this one, it must read it as the
    // lexer did (a check of its readers).
    let lexed = ReadingTemplate.number(numberText, conventions: converter.conventions)
    if let first = number.fraction {
      guard first.rational == lexed else { return shape }
    } else if !usesDecimalComma,
      let first = numberText.utf8.withContiguousStorageIfAvailable({ LongDecimal($0) }) ?? nil
    {
      guard let lexed, first.admits(lexed) else { return shape }
    }
    switch shortcut {
    case .terseNumber:
      var map = linearMap(template)?.map
      // Before an evaluated expression, the template takes numbers of up to 60 bits only.
      map?.takesLongDecimals = !template.isScaledExpression
      shape.resolution = Resolution(template: template, map: map)
    case .humanLine where converter.presenter.writesPlainQuantities && !converter.options.verbose:
      if let (map, labels) = linearMap(template) {
        shape.resolution = Resolution(template: template, map: map, labels: labels)
      } else if let column = ColumnPlan(template: template, quantity: reading.quantity, converter: converter) {
        shape.resolution = Resolution(template: template, column: column)
      }
    case .humanLine, nil:
      break
    }
    return shape
  }

  /// The conversion as exact small integers, when the template converts into one unit by a map
  /// the exact path computes as `a·x + b` or `c / x` with rational `a`, `b`, `c`; with the unit
  /// labels of human output (no source label for an evaluated quantity, written as typed).
  private func linearMap(_ template: ReadingTemplate) -> (map: LinearMap, labels: HumanBatchLine.Labels)? {
    let catalog = converter.catalog
    guard template.targets.count == 1, let target = template.targets.first else { return nil }
    guard let source = template.unitSource else { return partsMap(template, target: target) }
    guard let conversion = try? Conversion(from: source, to: target, catalog: catalog),
      // An undeclared reciprocal is refused or marked by the exact path, line by line.
      conversion.kind != .reciprocal || catalog.isDeclaredReciprocal(from: source, to: target),
      let map = LinearMap(conversion, source: source, isExact: conversion.isExact && source.isExact)
    else { return nil }
    // Human output writes money in the locale's currency format, line by line on the exact path.
    if shortcut == .humanLine,
      Converter.involvesCurrency(source.dimension) || Converter.involvesCurrency(target.dimension)
    {
      return nil
    }
    let presenter = converter.presenter
    return (
      map,
      HumanBatchLine.Labels(
        source: template.isScaledExpression
          ? nil : presenter.typedLabel(source, asTyped: converter.echoesAsTyped(source)),
        target: presenter.plainLabel(target))
    )
  }

  /// The map of a quantity in parts (`6 ft 2 in to cm`): `a·x + b` from the exact results at 0
  /// and 1 (the template takes numbers from zero up), with the labels of a quantity written as typed.
  private func partsMap(_ template: ReadingTemplate, target: UnitExpression)
    -> (map: LinearMap, labels: HumanBatchLine.Labels)?
  {
    let catalog = converter.catalog
    guard !Converter.involvesCurrency(target.dimension),
      let zero = try? template.reading(number: .zero, text: "0" + template.quantityRest),
      let one = try? template.reading(number: .one, text: "1" + template.quantityRest),
      let atZero = try? catalog.convert(zero.quantity, to: target),
      let atOne = try? catalog.convert(one.quantity, to: target),
      atZero.kind == .linear, atOne.kind == .linear, atZero.bridge == nil,
      atZero.value.isRational, atOne.value.isRational
    else { return nil }
    guard
      var map = LinearMap(
        kind: .affine, a: atOne.value.rational - atZero.value.rational, b: atZero.value.rational,
        nonNegativeOnly: true, isExact: atZero.isExact && atOne.isExact)
    else { return nil }
    map.refusesSign = true
    return (map, HumanBatchLine.Labels(source: nil, target: converter.presenter.plainLabel(target)))
  }

}

/// The message of a batch line that failed.
package struct BatchFailure: Error, Equatable {
  /// The message, as printed after `line N: `.
  package let message: String
}

extension String {
  /// The text without leading and trailing white space.
  package var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
