/// What a request reads as for any number: its units resolved once, so that batch lines with the
/// same text after their leading number (`94 m^2 to ft^2`, `983/148 mi to km`) skip reading them.
///
/// Made from the first line of such a shape and its reading. ``reading(numberText:)`` gives, for
/// another number written at the start of the same text, exactly the reading `Catalog.read` gives
/// for that line, or nil when it cannot vouch for it (the caller then reads the line). The number
/// enters the reading in one of two ways, each checked when the template is made:
/// - `NUMBER UNIT` (`5 mi`, `6548.2e300 mi`, `983/148 mi`): the quantity is the number times the
///   unit, made by the same calls as the reader's;
/// - `NUMBER EXPRESSION` with numbers in the expression (`94 m^2`, `3 kg*m/s^2`), which the reader
///   evaluates as a whole: the quantity is the number times the expression, which the template
///   checks against the reader at the first number and at two probe numbers of the largest size
///   admitted (the value is affine in the number, so agreeing at distinct points means agreeing
///   everywhere, and a probe that reads bounds every intermediate size for the numbers admitted);
/// - `NUMBER UNIT PARTS`, a quantity in parts (`6 ft 2 in`, `1 h 30 min`): the number times the
///   unit plus the parts, read once, for numbers from zero up (a minus sign applies to every part),
///   checked against the reader at the first number and at the positive probe.
///
/// Numbers of more than ``largestNumberBits`` bits above or below the fraction line never use a
/// template (far below ``ExactBound``: no number admitted can make a reading fail by its size), nor,
/// before an evaluated expression, numbers of more than ``expressionNumberBits`` (decimals of up to
/// 18 digits, fractions of such integers: the probes stay as cheap as a line).
package struct ReadingTemplate: Sendable {
  /// How the number enters the quantity.
  enum Form: Sendable {
    /// The quantity is `number × unit`, with `number` and `unit` kept apart (`5 mi`).
    case numberThenUnit(UnitExpression)
    /// The quantity is one evaluated term, `number × expression` (`94 m^2`).
    case scaledExpression(UnitExpression)
    /// The quantity is `number × unit + parts` (`6 ft 2 in`), one evaluated term.
    case numberInParts(UnitExpression, parts: Term)
  }

  let form: Form
  /// The quantity text after the number (` mi` in `5 mi to km`).
  package let quantityRest: String
  /// The targets, read once.
  package let targets: [UnitExpression]
  let choices: [(spelling: String, unit: String)]
  let chosen: [String: PrefixedUnit]
  let conventions: NumberConventions

  /// Most bits of the numerator or denominator of a number a template takes (346 digits; a
  /// 300-digit number, `6548.2e300`).
  package static let largestNumberBits = 1_150
  /// Most bits of the numerator or denominator of a number before an evaluated expression.
  package static let expressionNumberBits = 60

  /// The unit the quantity converts from at the number 1: the unit, or the expression; nil for a
  /// quantity in parts, which no unit alone converts.
  package var unitSource: UnitExpression? {
    switch form {
    case .numberThenUnit(let unit), .scaledExpression(let unit): unit
    case .numberInParts: nil
    }
  }

  /// Whether the quantity is one evaluated term (`94 m^2`, `6 ft 2 in`), written back as typed.
  package var isScaledExpression: Bool {
    if case .numberThenUnit = form { return false }
    return true
  }

  /// Whether the quantity is in parts (`6 ft 2 in`).
  package var isInParts: Bool {
    if case .numberInParts = form { return true }
    return false
  }

  /// The reading of the line with the number written `numberText` in place of the first one; nil
  /// when the number does not read as one number, is too large for the template, or the quantity
  /// fails a check (the caller's exact path then reports it).
  package func reading(numberText: String) -> ConversionReading? {
    // In parts, a minus sign applies to every part, `-0` included (`-0 ft 2 in` is -2 in).
    if isInParts, numberText.unicodeScalars.first?.isMinusSign == true { return nil }
    guard let number = ReadingTemplate.number(numberText, conventions: conventions), admits(number) else { return nil }
    return try? reading(number: number, text: numberText + quantityRest)
  }

  /// Whether the number is small enough for any template.
  package static func admits(_ number: Rational) -> Bool { fits(number, bits: largestNumberBits) }

  /// Whether the number is small enough for this template (and, in parts, not below zero).
  func admits(_ number: Rational) -> Bool {
    if isInParts && number.isNegative { return false }
    return ReadingTemplate.fits(
      number, bits: isScaledExpression ? ReadingTemplate.expressionNumberBits : ReadingTemplate.largestNumberBits)
  }

  static func fits(_ number: Rational, bits: Int) -> Bool {
    number.numerator.bitWidth <= bits && number.denominator.bitWidth <= bits
  }

  /// Two numbers larger than any admitted before an expression, above and below the fraction line,
  /// with no factor in common with any unit's: `P/Q` and `-Q/P` as typed, for the primes
  /// P = 2⁶³ − 25 and Q = 2⁶¹ − 1.
  static let probes = ["9223372036854775783/2305843009213693951", "-2305843009213693951/9223372036854775783"]

  package func reading(number: Rational, text: String) throws(ConvError) -> ConversionReading {
    let quantity: Quantity
    switch form {
    case .numberThenUnit(let unit):
      // As ExpressionReader.trimmedQuantity makes `NUMBER UNIT`, then checks it.
      let term = try Term.juxtapose(Term(number: number), unit.term, span: SourceSpan(start: 0, length: text.count))
      quantity = try Catalog.checkMeaning(Quantity(text: text, term: term, number: number, unit: unit))
    case .scaledExpression(let expression):
      quantity = try Catalog.checkMeaning(
        Quantity(
          text: text, term: try ReadingTemplate.scaled(expression, by: number),
          number: nil, unit: nil))
    case .numberInParts(let unit, let parts):
      quantity = try Catalog.checkMeaning(
        Quantity(
          text: text, term: try ReadingTemplate.inParts(unit, parts, number: number),
          number: nil, unit: nil))
    }
    return ConversionReading(quantity: quantity, targets: targets, choices: choices, chosen: chosen)
  }

  static func scaled(_ expression: UnitExpression, by number: Rational) throws(ConvError) -> Term {
    try Term.juxtapose(Term(number: number), expression.term, span: SourceSpan(start: 0, length: 1))
  }

  /// `number × unit + parts`, as the evaluator sums a quantity in parts.
  static func inParts(_ unit: UnitExpression, _ parts: Term, number: Rational) throws(ConvError) -> Term {
    let span = SourceSpan(start: 0, length: 1)
    return try Term.add(try scaled(unit, by: number), parts, span: span, resolverDescribe: { _ in "" })
  }

  /// A number written alone as the lexer reads it at the start of a line (`-12.5`, `983/148`,
  /// `6548.2e300`): one number token, or a minus sign and one; nil for anything else.
  package static func number(_ text: String, conventions: NumberConventions) -> Rational? {
    guard let tokens = try? Lexer.tokenize(text, conventions: conventions) else { return nil }
    switch tokens.count {
    case 1:
      guard case .number(let value) = tokens[0].kind, tokens[0].span.length == text.count else { return nil }
      return value
    case 2:
      guard tokens[0].kind == .minus, tokens[0].span == SourceSpan(start: 0, length: 1),
        case .number(let value) = tokens[1].kind, tokens[1].span.start == 1,
        tokens[1].span.length == text.count - 1
      else { return nil }
      return -value
    default:
      return nil
    }
  }

  /// Whether the text after a number starts so that the lexer cannot join it to the number: one
  /// space, then a letter or a symbol that is neither a digit, a sign, a fraction nor a space.
  static func startsApart(_ rest: String) -> Bool {
    var scalars = rest.unicodeScalars.makeIterator()
    guard scalars.next() == " ", let first = scalars.next() else { return false }
    if first.isASCII { return (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") }
    let properties = first.properties
    return properties.numericType == nil && !properties.isWhitespace && !"−–‐‑".unicodeScalars.contains(first)
      && (properties.isAlphabetic || properties.generalCategory == .otherSymbol
        || properties.generalCategory == .currencySymbol || properties.generalCategory == .mathSymbol
        || properties.generalCategory == .modifierSymbol)
  }
}

extension Catalog {
  /// The template of a request whose quantity starts with the number written `numberText`, from
  /// its reading; nil when the reading cannot be shown to hold for every number.
  package func template(
    numberText: String, request: ConversionRequest, reading: ConversionReading,
    conventions: NumberConventions
  ) -> ReadingTemplate? {
    guard reading.targets.count == request.targets.count,
      request.quantity.hasPrefix(numberText), reading.quantity.text == request.quantity,
      // A choice made because another reading failed on this number holds for this number only.
      reading.choices.isEmpty || reading.choiceIgnoresNumber, reading.readingNotes.isEmpty,
      let first = ReadingTemplate.number(numberText, conventions: conventions)
    else { return nil }
    let rest = String(request.quantity.dropFirst(numberText.count))
    guard ReadingTemplate.startsApart(rest) else { return nil }
    let quantity = reading.quantity
    // Nonlinear scales read numbers of their own (gauges) and refuse some: always the exact path.
    guard quantity.term.scaleUnit == nil, !reading.targets.contains(where: { $0.term.scaleUnit != nil }) else {
      return nil
    }
    guard ReadingTemplate.admits(first) else { return nil }
    func made(_ form: ReadingTemplate.Form) -> ReadingTemplate {
      ReadingTemplate(
        form: form, quantityRest: rest, targets: reading.targets, choices: reading.choices,
        chosen: reading.chosen, conventions: conventions)
    }
    if let unit = quantity.unit, let number = quantity.number {
      let template = made(.numberThenUnit(unit))
      guard number == first,
        let again = try? template.reading(number: first, text: request.quantity),
        again.quantity == quantity
      else { return nil }
      return template
    }
    // An evaluated quantity: the number times the rest read as an expression, checked.
    guard quantity.unit == nil, quantity.number == nil, quantity.term.absoluteUnit == nil else { return nil }
    let reader = ExpressionReader(catalog: self, conventions: conventions, choices: reading.chosen, suggests: false)
    if let parts = partsForm(rest: rest, first: first, quantity: quantity, reader: reader, conventions: conventions) {
      let template = made(parts)
      return template.admits(first) ? template : nil
    }
    guard let expression = try? reader.unit(rest), expression.singleUnit == nil,
      expression.term.absoluteUnit == nil, expression.term.scaleUnit == nil
    else { return nil }
    let template = made(.scaledExpression(expression))
    guard template.admits(first), (try? ReadingTemplate.scaled(expression, by: first)) == quantity.term else {
      return nil
    }
    // The probes, of opposite signs: the reader must give the same term.
    for probe in ReadingTemplate.probes {
      guard let number = ReadingTemplate.number(probe, conventions: conventions),
        let read = try? reader.quantity(probe + rest), read.unit == nil, read.number == nil,
        let term = try? ReadingTemplate.scaled(expression, by: number), term == read.term
      else { return nil }
    }
    return template
  }

  /// The form of a quantity in parts (`6 ft 2 in`): the rest's first unit and the parts after it,
  /// when `number × unit + parts` is what the reader gives at `first` and at the positive probe
  /// (the value is affine in the number from zero up); nil otherwise.
  private func partsForm(
    rest: String, first: Rational, quantity: Quantity, reader: ExpressionReader,
    conventions: NumberConventions
  ) -> ReadingTemplate.Form? {
    guard !first.isNegative, let tokens = try? Lexer.tokenize(rest, conventions: conventions),
      let split = tokens.firstIndex(where: { $0.kind.isNumber }), split > 0
    else { return nil }
    let characters = Array(rest)
    let offset = tokens[split].span.start
    guard offset > 0, offset < characters.count, characters[offset - 1] == " " else { return nil }
    let unitText = String(characters[..<offset])
    let partsText = String(characters[offset...])
    guard let unit = try? reader.unit(unitText), unit.singleUnit != nil, unit.term.absoluteUnit == nil,
      unit.term.scaleUnit == nil, let parts = try? reader.quantity(partsText), parts.term.unitCount > 0,
      (try? ReadingTemplate.inParts(unit, parts.term, number: first)) == quantity.term,
      let probe = ReadingTemplate.number(ReadingTemplate.probes[0], conventions: conventions),
      let read = try? reader.quantity(ReadingTemplate.probes[0] + rest), read.unit == nil, read.number == nil,
      (try? ReadingTemplate.inParts(unit, parts.term, number: probe)) == read.term
    else { return nil }
    return .numberInParts(unit, parts: parts.term)
  }
}
