/// Reads quantities and unit expressions the one way every front end does: numbers in the
/// user's conventions, the longest catalog spelling first, and chosen readings for spellings
/// that have several (see `Catalog.read(_:conventions:)`).
///
/// A class: the evaluator holds its resolver as `any UnitResolving`, which boxes a struct of this
/// size (a copy and an allocation each time); a reference is passed as it is.
final class ExpressionReader: UnitResolving {
  let catalog: Catalog
  let conventions: NumberConventions
  /// Readings chosen for ambiguous spellings; the others take their default reading.
  let choices: [String: PrefixedUnit]
  /// The ambiguous spellings met while reading, in order.
  private(set) var log = AmbiguityLog()
  /// The readings of the spellings looked up so far (a quantity's unit is looked up whole, then
  /// as an expression, then word by word: one lookup each).
  private var known = KnownReadings()
  /// Whether an unknown spelling's error carries suggestions. Readings made only to try a split
  /// or a choice leave them out (they are the costly part of a typo), and the final error gets
  /// them once, knowing the other side's dimension.
  let suggests: Bool

  init(
    catalog: Catalog, conventions: NumberConventions, choices: [String: PrefixedUnit] = [:],
    suggests: Bool = true
  ) {
    self.catalog = catalog
    self.conventions = conventions
    self.choices = choices
    self.suggests = suggests
  }

  // MARK: UnitResolving

  func resolveUnit(_ spelling: String, span: SourceSpan) throws(ConvError) -> PrefixedUnit? {
    if let unit = resolve(spelling, standalone: false, span: span) { return unit }
    // π, unless a units file defines a unit of that name.
    if let constant = PrefixedUnit.constant(named: spelling) { return constant }
    if let choices = DoubleValuedSpellings.choices(for: spelling) {
      let names = choices.compactMap { choice in
        catalog.unit(named: choice.spelling).map { "\($0.name) (\($0.symbol), \(choice.size))" }
      }
      if names.count == choices.count { throw .ambiguousReading(spelling, readings: names, span: span) }
    }
    if let reason = RefusedSpellings.reason(for: spelling) {
      throw .syntax("\(ConvError.printable(spelling)) " + reason, span: span)
    }
    if let codes = CurrencySigns.choices(for: spelling) {
      let names = codes.compactMap { catalog.unit(named: $0).map { "\($0.unit.name) (\($0.unit.symbol))" } }
      if !names.isEmpty { throw .ambiguousReading(spelling, readings: names, span: span) }
    }
    return nil
  }

  func suggestions(for spelling: String) -> [String] {
    suggests ? catalog.suggestions(for: spelling, fitting: nil) : []
  }

  func describe(_ dimension: PhysicalDimension) -> String { catalog.describe(dimension) }

  func note(_ text: String, bareNumber: Bool) { log.note(text, bareNumber: bareNumber) }

  /// The unit a spelling names: the chosen reading, else the default one (noting the spelling
  /// when it has others).
  func resolve(_ spelling: String, standalone: Bool, span: SourceSpan?) -> PrefixedUnit? {
    let readings = known.readings(of: spelling, standalone: standalone) { lookUp(spelling, standalone: standalone) }
    if readings.count > 1 { log.record(AmbiguityLog.Entry(spelling: spelling, readings: readings, span: span)) }
    // A trade's spelling for a prefixed unit (`mb`, `kiloton`), where the catalog has none.
    if let first = readings.first, let entry = ConventionalSpellings.entry(for: spelling),
      first.symbol == entry.spelling,
      catalog.unit(named: spelling) == nil
    {
      log.conventional(spelling, span: span)
      if let note = entry.note { log.note("\(spelling) read as \(note)", bareNumber: false) }
    }
    return choices[spelling] ?? readings.first
  }

  /// Every reading of a spelling, default first (kept in the catalog's memo once found).
  private func lookUp(_ spelling: String, standalone: Bool) -> [PrefixedUnit] {
    let memo = catalog.storage.readingMemo
    if let known = memo.readings(of: spelling, standalone: standalone) { return known }
    let readings = lookUpInCatalog(spelling, standalone: standalone)
    memo.remember(readings, of: spelling, standalone: standalone)
    return readings
  }

  /// Every reading of a spelling, default first: as the catalog spells it, else without an
  /// abbreviation's period, with a degree sign for a look-alike, or as a currency sign.
  private func lookUpInCatalog(_ spelling: String, standalone: Bool) -> [PrefixedUnit] {
    var readings = catalog.readings(of: spelling, standalone: standalone)
    // An abbreviation's period (`ft.`, `lbs.`, `tbsp.`) when the spelling is none with it.
    // (The bytes first: a spelling that ends in a period ends in its byte.)
    if readings.isEmpty, spelling.utf8.last == UInt8(ascii: "."), spelling.count > 1, spelling.hasSuffix("."),
      !spelling.dropLast().hasSuffix(".")
    {
      readings = catalog.readings(of: spelling.dropLast(), standalone: standalone)
    }
    // The ordinal indicator and the ring above, typed for the degree sign (`ºC`, `˚F`).
    // (`º` is C2 BA in UTF-8 and `˚` CB 9A: a spelling without either last byte has neither.)
    if readings.isEmpty, spelling.utf8.contains(where: { $0 == 0xBA || $0 == 0x9A }),
      spelling.contains(where: { $0 == "º" || $0 == "˚" })
    {
      readings = catalog.readings(
        of: String(spelling.map { $0 == "º" || $0 == "˚" ? "°" : $0 }), standalone: standalone)
    }
    // A trade's spelling for a prefixed unit (`mcg`, `mb`, `klick`).
    if readings.isEmpty, let entry = ConventionalSpellings.entry(for: spelling) {
      readings = catalog.readings(of: entry.spelling, standalone: standalone)
    }
    // A currency sign with a `$` (`$`, `C$`), which the catalog cannot spell.
    if readings.isEmpty, let code = CurrencySigns.code(for: spelling) {
      readings = catalog.readings(of: code, standalone: standalone)
    }
    return readings
  }

  // MARK: Reading

  /// Reads a unit expression (`km`, `L/100km`, `N m`, `short ton`): a whole catalog spelling
  /// first, else an expression.
  func unit(_ text: some StringProtocol) throws(ConvError) -> UnitExpression {
    try unit(text, lexed: nil)
  }

  /// `unit(_:)`, given the lexer's reading of the trimmed text when the caller has it.
  private func unit(_ text: some StringProtocol, lexed: (tokens: [Token], characters: [Character])?)
    throws(ConvError) -> UnitExpression
  {
    let trimmed = String(text.trimmed)
    guard !trimmed.isEmpty else { throw .emptyInput }
    if let unit = resolve(trimmed, standalone: true, span: SourceSpan(start: 0, length: trimmed.count)) {
      return UnitExpression(text: trimmed, term: Term(unit: unit), singleUnit: unit)
    }
    let leading = text.leadingWhitespaceCount
    do throws(ConvError) {
      let term =
        if let lexed {
          try Evaluator.evaluate(
            tokens: lexed.tokens, characters: lexed.characters, resolver: self, conventions: conventions)
        } else {
          try Evaluator.evaluate(trimmed, resolver: self, conventions: conventions)
        }
      // A value is no unit to convert into: `1 W to 2 dBm`, `68 °F to 2 °C` would drop the 2.
      if term.holdsValue, !term.value.isZero {
        throw .syntax(
          "'\(ConvError.printable(trimmed))' is a value, not a unit: a nonlinear scale or an absolute "
            + "temperature takes no number as a target", span: SourceSpan(start: 0, length: trimmed.count))
      }
      return UnitExpression(text: trimmed, term: term, singleUnit: nil)
    } catch {
      throw error.shifted(by: leading)
    }
  }

  /// Reads a quantity: an optional number followed by a unit expression, or a sum of such terms.
  /// A unit alone (`mi`) means one of it. Absolute temperatures below absolute zero are refused.
  func quantity(_ text: some StringProtocol) throws(ConvError) -> Quantity {
    let original = String(text)
    let trimmed = String(original.trimmed)
    let leading = original.leadingWhitespaceCount
    guard !trimmed.isEmpty else { throw .emptyInput }
    let rewritten = CurrencySigns.amountFirst(trimmed)
    do throws(ConvError) {
      return try Catalog.checkMeaning(trimmedQuantity(rewritten?.text ?? trimmed))
    } catch {
      // Spans point into the text as typed, not as rewritten amount first.
      throw error.mappingSpan { rewritten?.originalSpan($0) ?? $0 }.shifted(by: leading)
    }
  }

  private func trimmedQuantity(_ trimmed: String) throws(ConvError) -> Quantity {
    if let gauge = try gaugeQuantity(trimmed) { return gauge }
    if let time = try colonTimeQuantity(trimmed) { return time }
    if let scale = try nameFirstQuantity(trimmed) { return scale }
    let (tokens, characters) = try Lexer.lex(trimmed, conventions: conventions)
    guard !tokens.isEmpty else { throw ConvError.emptyInput }
    // The common form: [-] NUMBER UNIT.
    var numberIndex = 0
    var negative = false
    if tokens[0].kind == .minus {
      negative = true
      numberIndex = 1
    }
    if numberIndex < tokens.count, case .number(let value) = tokens[numberIndex].kind {
      let number = negative ? -value : value
      let rest = tokens[(numberIndex + 1)...]
      guard let first = rest.first else {
        return Quantity(
          text: trimmed, term: try Term.number(number, span: tokens[numberIndex].span), number: number,
          unit: nil)
      }
      // (When there are as many characters as bytes, each character is one byte: offsets are
      // byte offsets.)
      let unitText =
        characters.count == trimmed.utf8.count
        ? String(trimmed[trimmed.utf8.index(trimmed.startIndex, offsetBy: first.span.start)...])
        : String(trimmed.dropFirst(first.span.start))
      // Names are names: the rest as one catalog spelling (`farad-90`, `OC-3`, `20 °C calorie`).
      let whole = resolve(
        unitText, standalone: true,
        span: SourceSpan(start: first.span.start, length: characters.count - first.span.start))
      let simple =
        !rest.contains { token in
          switch token.kind {
          case .number, .plus, .minus: return true
          default: return false
          }
        } && !first.kind.isOperator
      // A name run together with numbers (`5ft11in`) is read by the evaluator, which splits it.
      var runTogether =
        rest.count == 1 && whole == nil && first.kind.isWord
        && ExpressionReader.hasDigitBeforeLetter(unitText)
      if whole == nil, !runTogether, case .word(let word) = first.kind {
        // `5ft11`: a number of the unit's smaller partner, not an exponent.
        runTogether = try Evaluator.endsWithPartnerNumber(word, resolver: self, span: first.span)
      }
      if whole != nil || (simple && !runTogether) {
        let unit: UnitExpression
        if let whole {
          unit = UnitExpression(text: unitText, term: Term(unit: whole), singleUnit: whole)
        } else {
          // The unit's tokens are the rest of the quantity's, moved to the unit's text: the same
          // as lexing that text alone (no number in it, so nothing joins across its start).
          let offset = first.span.start
          let unitTokens = rest.enumerated().map { index, token in
            Token(
              kind: token.kind, span: SourceSpan(start: token.span.start - offset, length: token.span.length),
              spaceBefore: index == 0 ? false : token.spaceBefore, form: token.form)
          }
          do throws(ConvError) {
            unit = try self.unit(unitText, lexed: (unitTokens, Array(characters[offset...])))
          } catch {
            // Spans of the unit's text, moved to where it is in the quantity.
            throw error.shifted(by: first.span.start)
          }
        }
        // A product too large points at the number (spans here are the quantity's already).
        let term = try Term.juxtapose(Term(number: number), unit.term, span: tokens[numberIndex].span)
        return Quantity(text: trimmed, term: term, number: number, unit: unit)
      }
    } else if tokens[0].kind.isWord || tokens[0].kind == .openParenthesis {
      // A unit alone (`mi`, `L/100km`, `kg*m/s^2`, `OC-3`) is one of it. A value in parentheses
      // (`(20 dBm)`, `(20 °C)`) is no unit: it is read below, keeping its number.
      // (The text is trimmed, so the tokens lexed above are the unit's.)
      if let unit = try? self.unit(trimmed, lexed: (tokens, characters)), unit.term.unitCount > 0,
        !unit.term.holdsValue
      {
        return Quantity(text: trimmed, term: unit.term, number: .one, unit: unit)
      }
      if !tokens.contains(where: { $0.kind.isNumber }) {
        let unit = try self.unit(trimmed, lexed: (tokens, characters))
        return Quantity(text: trimmed, term: unit.term, number: .one, unit: unit)
      }
    }
    // (The tokens lexed above: the text is not lexed again.)
    let term = try Evaluator.evaluate(tokens: tokens, characters: characters, resolver: self, conventions: conventions)
    return Quantity(text: trimmed, term: term, number: nil, unit: nil)
  }
}

extension ExpressionReader {
  /// Whether a digit comes right before a letter in the text (`5ft11in`): by its bytes while they
  /// are ASCII (an ASCII character is a letter when its byte is; `\r\n`, one character, is
  /// neither), else by its characters.
  static func hasDigitBeforeLetter(_ text: String) -> Bool {
    var afterDigit = false
    for byte in text.utf8 {
      guard byte < 0x80 else { return zip(text, text.dropFirst()).contains { $0.isASCIIDigit && $1.isLetter } }
      if afterDigit && (byte | 0x20) &- 0x61 < 26 { return true }
      afterDigit = byte &- 0x30 < 10
    }
    return false
  }

  /// A gauge number on a scale that reads them (`0000 AWG`, `4/0 AWG`, `2/0 SWG`): `n/0` and n
  /// zeros both stand for 1 − n. Nil for anything else, which is read as usual. The quantity keeps
  /// its text as written.
  func gaugeQuantity(_ trimmed: String) throws(ConvError) -> Quantity? {
    // A gauge number is written with digits, `/` and a sign: a first word with another ASCII
    // character (`61.82 mi`) is none, and neither is one ended by ASCII white space that has no
    // `/` and is not two to eight zeros (`5267 mi`); told from its bytes.
    var zerosOnly = true
    var hasSlash = false
    var length = 0
    for byte in trimmed.utf8 {
      if (byte >= 0x30 && byte <= 0x39) || byte == 0x2F || byte == 0x2B || byte == 0x2D {
        zerosOnly = zerosOnly && byte == 0x30
        hasSlash = hasSlash || byte == 0x2F
        length += 1
        continue
      }
      if byte < 0x80 && byte != 0x20 && !(byte >= 0x09 && byte <= 0x0D) { return nil }
      if byte < 0x80 && !hasSlash && !(zerosOnly && length >= 2 && length <= 8) { return nil }
      break
    }
    guard let space = trimmed.firstIndex(where: { $0.isWhitespace }),
      Catalog.gaugeNumber(trimmed[..<space]) != nil
    else { return nil }
    let unitText = String(trimmed[space...].trimmed)
    guard let unit = resolve(unitText, standalone: true, span: nil), unit.unit.scale?.readsGaugeNumbers == true else {
      return nil
    }
    return try catalog.quantity(
      typed: String(trimmed[..<space]), value: nil,
      in: UnitExpression(text: unitText, term: Term(unit: unit), singleUnit: unit), shown: trimmed)
  }
}

extension ExpressionReader {
  /// A scale written name first, as recipes print `gas mark 4` (flag `name-first` in `Data/`): the
  /// name, then one number, the value on the scale. Nil for anything else, which is read as usual.
  func nameFirstQuantity(_ trimmed: String) throws(ConvError) -> Quantity? {
    // (Cheap checks first: a letter first, a digit or vulgar fraction last; an ASCII first
    // character by its byte.)
    guard let byte = trimmed.utf8.first, byte >= 0x80 || (byte | 0x20) &- 0x61 < 26 else { return nil }
    guard let first = trimmed.first, first.isLetter, let last = trimmed.last,
      last.isASCIIDigit || Lexer.vulgarFraction(last) != nil
    else { return nil }
    var index = trimmed.startIndex
    while let space = trimmed[index...].firstIndex(where: \.isWhitespace) {
      let name = String(trimmed[..<space])
      let numberStart = trimmed[space...].firstIndex { !$0.isWhitespace } ?? trimmed.endIndex
      index = numberStart
      guard let unit = resolve(name, standalone: true, span: nil), unit.unit.scale?.takesNameFirst == true else {
        continue
      }
      // (A longer name may take the next word: `regulo mark 3` after `regulo`.)
      let numberText = trimmed[numberStart...]
      guard let tokens = try? Lexer.tokenize(numberText, conventions: conventions) else { continue }
      var sign = Rational.one
      var rest = tokens[...]
      if rest.first?.kind == .minus {
        sign = -sign
        rest = rest.dropFirst()
      }
      guard rest.count == 1, case .number(let value) = rest.first!.kind else { continue }
      let expression = UnitExpression(text: name, term: Term(unit: unit), singleUnit: unit)
      // The same quantity as `4 gas mark`.
      return try catalog.quantity(sign * value, in: expression, text: trimmed)
    }
    return nil
  }

  /// A time written with colons before a unit of minutes or hours: `5:30 min/km` (m:ss, a pace),
  /// `1:30 h` (h:mm), `1:30:00 h` (h:mm:ss), read exactly with a note. A colon anywhere else in
  /// the first word is refused with what it may be. Nil for a quantity without one.
  func colonTimeQuantity(_ trimmed: String) throws(ConvError) -> Quantity? {
    guard ByteScan.contains(UInt8(ascii: ":"), in: trimmed.utf8) else { return nil }
    let firstWord = trimmed.prefix { !$0.isWhitespace }
    guard firstWord.contains(":") else { return nil }
    // The time: digits, colons and a decimal point, then the unit, spaced or not (`5:30min/km`).
    let timeEnd = firstWord.firstIndex { !($0.isASCIIDigit || $0 == ":" || $0 == ".") } ?? firstWord.endIndex
    let word = String(trimmed[..<timeEnd])
    let usage =
      "a colon is read only in a time written m:ss or h:mm:ss before a unit of minutes or hours "
      + "(5:30 min/km, 1:30:00 h)"
    guard word.contains(":"), let fields = ExpressionReader.colonFields(word) else {
      throw .syntax(
        "cannot read '\(ConvError.printable(String(firstWord)))': " + usage,
        span: SourceSpan(start: 0, length: firstWord.count))
    }
    let span = SourceSpan(start: 0, length: word.count)
    let unitStart = trimmed[timeEnd...].firstIndex { !$0.isWhitespace } ?? trimmed.endIndex
    var unitText = String(trimmed[unitStart...])
    // A pace written per distance alone (`5:30/km`, `5:30 per mile`) is minutes per it.
    var implied = 0
    if fields.count == 2, unitText.hasPrefix("/") || unitText.lowercased().hasPrefix("per ") {
      let minutes = unitText.hasPrefix("/") ? "min" : "min "
      unitText = minutes + unitText
      implied = minutes.count
    } else if unitText.hasPrefix("/") || unitText.lowercased().hasPrefix("per ") {
      throw .syntax(
        "'\(ConvError.printable(word))' is a time written h:mm:ss: a pace per distance alone is "
          + "written m:ss (5:30/km), or write its unit (1:30:00 h)", span: span)
    }
    // Alone, three fields can only be hours, minutes and seconds (`conv 1:30:00 min`); two may be
    // minutes and seconds or hours and minutes, and are refused with both.
    if unitText.isEmpty && fields.count == 3 {
      unitText = "h"
    }
    guard !unitText.isEmpty else {
      let (a, b) = (ExpressionReader.plain(fields[0]), ExpressionReader.plain(fields[1]))
      throw .syntax(
        "'\(ConvError.printable(word))' can be read as \(a) min \(b) s (m:ss) or as \(a) h \(b) min (h:mm): "
          + "write its unit after it (\(word) min, \(word) h, \(word) min/km)", span: span)
    }
    let offset = trimmed.distance(from: trimmed.startIndex, to: unitStart) - implied
    let unit: UnitExpression
    do throws(ConvError) {
      unit = try self.unit(unitText)
    } catch {
      throw error.shifted(by: offset)
    }
    // The unit's leading time unit names the first field: minutes (m:ss) or hours (h:mm, h:mm:ss).
    let time = PhysicalDimension(.time)
    let leading: String? = {
      guard unit.dimension == time || unit.dimension == time.divided(by: PhysicalDimension(.length)),
        let tokens = try? Lexer.tokenize(unitText, conventions: conventions),
        case .word(let spelling)? = tokens.first?.kind,
        let first = resolve(spelling, standalone: false, span: nil), first.prefix == nil
      else { return nil }
      return first.unit.name == "minute" || first.unit.name == "hour" ? first.unit.name : nil
    }()
    guard let leading, leading == "hour" || fields.count == 2 else {
      let what = fields.count == 2 ? "m:ss or h:mm" : "h:mm:ss"
      let example = fields.count == 2 ? "min/km, min/mi, min or h" : "h"
      throw .syntax(
        "'\(ConvError.printable(word))' is a time written \(what): it goes before a unit of "
          + "\(example), not '\(ConvError.printable(unitText))'", span: span)
    }
    var value = Rational.zero
    var weight = Rational.one
    for field in fields {
      value = value + field * weight
      weight = weight / Rational(60)
    }
    let names = leading == "hour" ? ["h", "min", "s"] : ["min", "s"]
    let parts = zip(fields, names).map { ExpressionReader.plain($0) + " " + $1 }
    note("\(word) read as " + parts.joined(separator: " ") + (implied > 0 ? " (\(unitText))" : ""), bareNumber: false)
    // The value of `5.5 min/km`, echoed as typed (`5:20 min/km`, not `16/3 min/km`), as a sum is.
    let quantity = try catalog.quantity(value, in: unit, text: trimmed)
    return Quantity(text: trimmed, term: quantity.term, number: nil, unit: nil)
  }

  /// A field of a time as written (`30`, `59.4`).
  static func plain(_ value: Rational) -> String { value.terminatingDecimal?.plainString ?? value.description }

  /// The fields of a time written with colons: `5:30` is [5, 30], `1:05:30.5` [1, 5, 30.5]. Two or
  /// three fields; the first digits, each other two digits below 60, the last with an optional
  /// decimal part. Nil for anything else.
  static func colonFields(_ word: String) -> [Rational]? {
    let parts = word.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3 else { return nil }
    var fields: [Rational] = []
    for (index, part) in parts.enumerated() {
      let isLast = index == parts.count - 1
      let whole = part.prefix { $0.isASCIIDigit }
      let rest = part.dropFirst(whole.count)
      guard !whole.isEmpty, whole.count <= 9, index == 0 || whole.count == 2 else { return nil }
      if !rest.isEmpty {
        guard isLast, index > 0, rest.first == ".", rest.count > 1, rest.dropFirst().allSatisfy(\.isASCIIDigit) else {
          return nil
        }
      }
      guard let value = Rational(decimalLiteral: String(part)) else { return nil }
      if index > 0, value >= Rational(60) { return nil }
      fields.append(value)
    }
    return fields
  }
}

extension Catalog {
  /// The number a gauge spelling stands for: `0000` and `4/0` are −3, `00` and `2/0` are −1,
  /// `1/0` is 0; nil for any other text (`0` and `12` are plain numbers).
  package static func gaugeNumber(_ text: some StringProtocol) -> Int? {
    if text.count >= 2, text.count <= 8, text.allSatisfy({ $0 == "0" }) { return 1 - text.count }
    if text.hasSuffix("/0"), let count = Int(text.dropLast(2)), count >= 1, count <= 8 { return 1 - count }
    return nil
  }

  /// A number typed alone for a unit held apart (favorites, the REPL): a gauge spelling on a
  /// scale that reads them (`4/0` of AWG), else the number read as usual. Refuses a gauge
  /// spelling that is no number (`4/0`) for any other unit.
  package func quantity(typed text: String, value: Rational?, in unit: UnitExpression, shown: String? = nil)
    throws(ConvError) -> Quantity
  {
    let trimmed = String(text.trimmed)
    if let gauge = Catalog.gaugeNumber(trimmed), unit.term.scaleUnit?.unit.scale?.readsGaugeNumbers == true {
      let shownText = shown ?? (trimmed + " " + unit.displaySymbol)
      let term = try Term.juxtapose(
        Term(number: Rational(gauge)), unit.term, span: SourceSpan(start: 0, length: shownText.count))
      return try Catalog.checkMeaning(Quantity(text: shownText, term: term, number: Rational(gauge), unit: unit))
    }
    guard let value else {
      throw .syntax(
        "'\(ConvError.printable(trimmed))' is a gauge number, for wire gauges (AWG, SWG), not for \(ConvError.printable(unit.displaySymbol))",
        span: SourceSpan(start: 0, length: trimmed.count))
    }
    return try quantity(value, in: unit, text: shown)
  }
}

/// The spellings with several readings that a reading met, and what else it noted (kept in the
/// reader, which the evaluator holds by reference).
struct AmbiguityLog {
  /// One ambiguous spelling and its readings, default first.
  struct Entry {
    let spelling: String
    let readings: [PrefixedUnit]
    let span: SourceSpan?
  }

  private(set) var entries: [Entry] = []
  /// How other things typed were read (`11 after ft read as 11 in`), in order.
  private(set) var notes: [String] = []

  /// Whether a bare number after a unit was read as a number of its smaller partner.
  private(set) var readsBareNumber = false

  mutating func note(_ text: String, bareNumber: Bool) {
    if !notes.contains(text) { notes.append(text) }
    readsBareNumber = readsBareNumber || bareNumber
  }

  /// The trade spellings read (`mb` as the millibar), with where they were.
  private(set) var conventionalSpellings: [(spelling: String, span: SourceSpan?)] = []

  mutating func conventional(_ spelling: String, span: SourceSpan?) {
    if !conventionalSpellings.contains(where: { $0.spelling == spelling }) {
      conventionalSpellings.append((spelling, span))
    }
  }

  mutating func record(_ entry: Entry) {
    if !entries.contains(where: { $0.spelling == entry.spelling }) { entries.append(entry) }
  }
}

/// The readings a reader has looked up, by spelling and whether it stood alone.
struct KnownReadings {
  private var standalone = SpellingMap()
  private var inside = SpellingMap()

  mutating func readings(of spelling: String, standalone isStandalone: Bool, lookUp: () -> [PrefixedUnit])
    -> [PrefixedUnit]
  {
    if let known = isStandalone ? standalone[spelling] : inside[spelling] { return known }
    // Inside an expression a spelling is looked up as alone but for the claimed spellings (`C`
    // alone is °C): one unknown alone is unknown inside too.
    if !isStandalone, standalone[spelling]?.isEmpty == true {
      inside.add([], for: spelling)
      return []
    }
    let found = lookUp()
    if isStandalone { standalone.add(found, for: spelling) } else { inside.add(found, for: spelling) }
    return found
  }

  /// Readings by spelling: a list for the few spellings of most requests (no hash table to make
  /// for each), a dictionary from ``listLimit`` on (a long chain of distinct spellings stays
  /// linear). Keyed by `String` alone: a dictionary whose key is a type of conv's own makes the
  /// runtime look up its `Hashable` conformance, a scan of every conformance record in the
  /// binary, in every process that reads anything.
  private struct SpellingMap {
    private var list: [(spelling: String, readings: [PrefixedUnit])] = []
    private var table: [String: [PrefixedUnit]]? = nil
    /// Most spellings kept in the list.
    static let listLimit = 8

    subscript(spelling: String) -> [PrefixedUnit]? {
      if let table { return table[spelling] }
      for entry in list where entry.spelling == spelling { return entry.readings }
      return nil
    }

    /// Keeps the readings of a spelling not kept yet.
    mutating func add(_ readings: [PrefixedUnit], for spelling: String) {
      if table != nil {
        table![spelling] = readings
        return
      }
      // (Room for the whole list at once: a reading adds a few, each growth a copy.)
      if list.isEmpty { list.reserveCapacity(SpellingMap.listLimit + 1) }
      list.append((spelling, readings))
      if list.count > SpellingMap.listLimit {
        table = Dictionary(list, uniquingKeysWith: { first, _ in first })
        list = []
      }
    }
  }
}
