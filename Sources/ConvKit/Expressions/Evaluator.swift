/// Something that turns unit names into units while an expression is evaluated.
package protocol UnitResolving {
  /// The unit a spelling names, or nil when it names none. Throws only for problems in the
  /// resolver itself (a catalog definition that does not resolve).
  func resolveUnit(_ spelling: String, span: SourceSpan) throws(ConvError) -> PrefixedUnit?
  /// Suggestions for an unknown spelling.
  func suggestions(for spelling: String) -> [String]
  /// A dimension in words, for messages (`length`).
  func describe(_ dimension: PhysicalDimension) -> String
  /// Records how something typed was read, for a `note:` (`11 after ft read as 11 in`), and
  /// whether it was a bare number after a unit read as a number of its smaller partner.
  func note(_ text: String, bareNumber: Bool)
}

extension UnitResolving {
  /// The dimension's formula.
  package func describe(_ dimension: PhysicalDimension) -> String { dimension.formula }
  /// Notes are dropped.
  package func note(_ text: String, bareNumber: Bool) {}
}

extension Catalog: UnitResolving {
  /// Resolves a spelling inside an expression: claimed bare spellings (`C` for °C) do not apply
  /// there, so `C/kg` is coulombs per kilogram.
  package func resolveUnit(_ spelling: String, span: SourceSpan) throws(ConvError) -> PrefixedUnit? {
    unit(named: spelling, standalone: false)
  }

  /// Up to three known spellings close to an unknown one.
  package func suggestions(for spelling: String) -> [String] {
    suggestions(for: spelling, limit: 3)
  }
}

/// Parses and evaluates an expression in one pass (recursive descent).
///
/// Grammar, loosest first:
/// ```
/// sum      := product-list (('+' | '-') product-list | implicit-sum)*
/// quotient := product (('*' | '/') product)*
/// product  := unary (unary)*            juxtaposition binds tighter than * and /
/// unary    := '-' unary | power
/// power    := primary ('^' integer | superscript)*
/// primary  := number | name | '(' sum ')'
/// ```
/// A number that follows a unit without an operator starts a new term of a sum (`6 ft 2 in`).
///
/// Not generic over its resolver: one copy of the parser serves the expression reader, the
/// catalog's definitions and plain numbers (issue 23: three specializations took 165 KB).
struct Evaluator {
  private let tokens: [Token]
  /// The text the tokens come from, for names that span several tokens (`farad-90`, `OC-3`).
  private let characters: [Character]
  private let resolver: any UnitResolving
  /// How numbers are written, for messages about them.
  private let conventions: NumberConventions
  private var index = 0
  private var depth = 0
  /// The unit the last name read named, when it named one (for a sum written without `+`).
  private var lastUnit: PrefixedUnit? = nil

  /// Deepest parenthesis nesting accepted.
  static var maximumDepth: Int { 64 }

  init(
    tokens: [Token], characters: [Character], resolver: any UnitResolving, conventions: NumberConventions = .standard
  ) {
    self.tokens = tokens
    self.characters = characters
    self.resolver = resolver
    self.conventions = conventions
  }

  /// Evaluates a whole expression, reading numbers with `conventions`.
  static func evaluate(
    _ text: some StringProtocol, resolver: any UnitResolving,
    conventions: NumberConventions = .standard
  ) throws(ConvError) -> Term {
    let (tokens, characters) = try Lexer.lex(text, conventions: conventions)
    return try evaluate(tokens: tokens, characters: characters, resolver: resolver, conventions: conventions)
  }

  /// Evaluates an expression the lexer has read: its tokens, and the characters their spans
  /// point into.
  static func evaluate(
    tokens: [Token], characters: [Character], resolver: any UnitResolving,
    conventions: NumberConventions = .standard
  ) throws(ConvError) -> Term {
    guard !tokens.isEmpty else { throw .emptyInput }
    var evaluator = Evaluator(
      tokens: try splitRunTogether(tokens, characters: characters, resolver: resolver),
      characters: characters, resolver: resolver, conventions: conventions)
    let term = try evaluator.parseSum()
    if evaluator.index < tokens.count {
      let token = tokens[evaluator.index]
      throw .syntax("unexpected \(Evaluator.describe(token))", span: token.span)
    }
    return term
  }

  // MARK: Grammar

  private mutating func parseSum() throws(ConvError) -> Term {
    // A sign before a quantity written in parts applies to every part: `-6 ft 2 in` is
    // -(6 ft 2 in), as `-33° 52′` is a latitude south and `-1 h 30 min` ninety minutes before.
    var signs = index
    var negative = false
    while signs < tokens.count, tokens[signs].kind == .minus || tokens[signs].kind == .plus {
      if tokens[signs].kind == .minus { negative.toggle() }
      signs += 1
    }
    let signSpan = negative ? tokens[index].span : nil
    var partsEnd: Int? = nil
    var total = try parseQuotient()
    while let token = peek() {
      var negate = false
      switch token.kind {
      case .plus:
        index += 1
      case .minus:
        index += 1
        negate = true
      case .number where total.unitCount > 0:
        break  // implicit sum: `6 ft 2 in`
      default:
        noteSign(signSpan, partsEnd: partsEnd)
        return total
      }
      let startSpan = token.span
      let start = index
      let unitBefore = lastUnit
      lastUnit = nil
      var next = try parseQuotient()
      if token.kind.isNumber {
        next = try implicitTerm(next, tokens: start..<index, after: unitBefore)
        if let signSpan {
          next = try Term.negatedChecked(next, span: signSpan)
          partsEnd = index
        }
      }
      if negate { next = try Term.negatedChecked(next, span: startSpan) }
      total = try Term.add(total, next, span: startSpan, resolverDescribe: describeDimension)
    }
    noteSign(signSpan, partsEnd: partsEnd)
    return total
  }

  /// The note that a sign applied to every part of a quantity (`-6 ft 2 in`), when one did.
  private func noteSign(_ signSpan: SourceSpan?, partsEnd: Int?) {
    guard let signSpan, let partsEnd else { return }
    let end = tokens[partsEnd - 1].span
    let whole = String(characters[signSpan.start..<(end.start + end.length)])
    resolver.note("the minus sign applies to all of '\(whole)'", bareNumber: false)
  }

  /// A term of a sum written without `+` (`2 in` in `6 ft 2 in`), read from `range` of the tokens
  /// after a unit: a bare number is a number of the unit's conventional smaller partner, noted
  /// (`5 ft 11` is 5 ft 11 in); units of two systems are refused (`5 ft 11 cm`, `1 st 4 kg`).
  private mutating func implicitTerm(_ term: Term, tokens range: Range<Int>, after unit: PrefixedUnit?)
    throws(ConvError) -> Term
  {
    let first = tokens[range.lowerBound].span
    let last = tokens[range.upperBound - 1].span
    let span = SourceSpan(start: first.start, length: last.start + last.length - first.start)
    let text = String(characters[span.start..<(span.start + span.length)])
    if term.unitCount == 0, range.count == 1, let unit {
      guard let partner = try ConventionalPairs.partner(of: unit, resolver: resolver) else {
        throw .syntax(
          "the number '\(text)' after \(unit.symbol) has no unit: write its unit, or '+' before it",
          span: span)
      }
      resolver.note("\(text) after \(unit.symbol) read as \(text) \(partner.symbol)", bareNumber: true)
      return try Term.multiply(term, Term(unit: partner), span: span)
    }
    if term.unitCount == 1, let unit, let next = lastUnit, !ConventionalPairs.join(unit, next) {
      throw .syntax(
        "'\(unit.symbol) \(text)' joins units of two systems without '+': write '+' for a sum of them, "
          + "or 'to' before a target", span: span)
    }
    return term
  }

  private mutating func parseQuotient() throws(ConvError) -> Term {
    var result = try parseProduct()
    while let token = peek() {
      switch token.kind {
      case .times:
        index += 1
        let right = try parseProduct()
        let left = difference(result, beside: right)
        result = try Term.multiply(left, difference(right, beside: result), span: token.span)
      case .divide:
        index += 1
        // A pure number over a number reads as a fraction: `pi/180 rad` is (π/180) rad, as
        // `3/4 cup` is; with a unit on the left, `L/100 km` stays L/(100 km).
        if result.dimension.isNone, let next = peek(), case .number(let denominator) = next.kind {
          index += 1
          result = try Term.divide(result, try Term.number(denominator, span: next.span), span: next.span)
          while let factor = peek(), factor.kind == .openParenthesis || factor.kind.isWord {
            let right = try parseUnary()
            result = try Term.juxtapose(
              difference(result, beside: right), difference(right, beside: result),
              span: factor.span)
          }
          continue
        }
        let right = try parseProduct()
        let left = difference(result, beside: right)
        result = try Term.divide(left, difference(right, beside: result, always: true), span: token.span)
      default:
        return result
      }
    }
    return result
  }

  private mutating func parseProduct() throws(ConvError) -> Term {
    let start = index
    var result = try parseUnary()
    while let token = peek() {
      switch token.kind {
      case .word, .openParenthesis:
        let right = try parseUnary()
        // A gauge number before a gauge (`(0000 AWG)`), as at the start of a quantity.
        if case .number = tokens[start].kind, start + 1 < tokens.count,
          tokens[start + 1].span.start == token.span.start,
          right.scaleUnit?.unit.scale?.readsGaugeNumbers == true
        {
          let span = tokens[start].span
          if let gauge = Catalog.gaugeNumber(String(characters[span.start..<(span.start + span.length)])) {
            result = Term(number: Rational(gauge))
          }
        }
        result = try Term.juxtapose(difference(result, beside: right), right, span: token.span)
      case .number(let value)
      where result.unitCount == 0 && value == .one && token.form == .integer
        && index + 2 < tokens.count && tokens[index + 1].kind == .divide
        && (tokens[index + 2].kind.isWord || tokens[index + 2].kind == .openParenthesis):
        // `1 1/s`, `5 1/min`: a number before a reciprocal unit written `1/UNIT`.
        index += 2
        let unit = try parseUnary()
        result = try Term.divide(result, difference(unit, beside: result, always: true), span: token.span)
      case .number where result.unitCount == 0:
        // Two numbers side by side (`1 2 m`, `1 000 000` where spaces do not group digits) are
        // never a product: refuse rather than guess.
        let previous = tokens[index - 1]
        let start = previous.span.start
        let end = token.span.start + token.span.length
        let text = String(characters[start..<end])
        let first = String(characters[previous.span.start..<(previous.span.start + previous.span.length)])
        let second = String(characters[token.span.start..<end])
        let span = SourceSpan(start: start, length: end - start)
        if previous.form == .integer, token.form == .integer, (1...3).contains(first.count), second.count == 3,
          first.allSatisfy(\.isASCIIDigit), second.allSatisfy(\.isASCIIDigit)
        {
          let mark = conventions.groupingMark.map { $0 == " " ? "\u{2009}" : String($0) } ?? ""
          let grouped = mark.isEmpty ? "" : " or " + first + mark + second
          throw .syntax(
            "two numbers side by side ('\(text)'): spaces do not group digits here; write "
              + first + second + grouped, span: span)
        }
        throw .syntax(
          "two numbers side by side ('\(text)'): write one number, or put a unit or an operator "
            + "between them", span: span)
      default:
        return result
      }
    }
    return result
  }

  private mutating func parseUnary() throws(ConvError) -> Term {
    // A loop rather than recursion, so that thousands of signs cannot exhaust the stack.
    var negate = false
    var signSpan: SourceSpan? = nil
    while let token = peek(), token.kind == .minus || token.kind == .plus {
      if token.kind == .minus { negate.toggle() }
      signSpan = signSpan ?? token.span
      index += 1
    }
    let term = try parsePower()
    return negate ? try Term.negatedChecked(term, span: signSpan!) : term
  }

  private mutating func parsePower() throws(ConvError) -> Term {
    var base = try parsePrimary()
    while let token = peek() {
      switch token.kind {
      case .superscript(let power):
        index += 1
        base = try Term.raise(
          difference(base, beside: Term(number: .one), always: power != 1), to: power, span: token.span)
      case .caret:
        index += 1
        let (power, span) = try parseInteger(after: token)
        base = try Term.raise(difference(base, beside: Term(number: .one), always: power != 1), to: power, span: span)
      default:
        return base
      }
    }
    return base
  }

  private mutating func parseInteger(after caret: Token) throws(ConvError) -> (Int, SourceSpan) {
    var negative = false
    var parenthesized = false
    if let token = peek(), token.kind == .openParenthesis {
      index += 1
      parenthesized = true
    }
    if let token = peek(), token.kind == .minus || token.kind == .plus {
      negative = token.kind == .minus
      index += 1
    }
    guard let token = peek(), case .number(let value) = token.kind else {
      throw .syntax("expected an integer exponent after '^'", span: peek()?.span ?? caret.span)
    }
    index += 1
    guard value.isInteger, let power = value.numerator.intValue else {
      if value.isInteger { throw .exponentTooLarge(Int.max, span: token.span) }
      throw .syntax("exponents must be whole numbers", span: token.span)
    }
    if parenthesized {
      guard let close = peek(), close.kind == .closeParenthesis else {
        throw .syntax("expected ')'", span: peek()?.span ?? token.span)
      }
      index += 1
    }
    return (negative ? -power : power, token.span)
  }

  private mutating func parsePrimary() throws(ConvError) -> Term {
    guard let token = peek() else {
      let end =
        tokens.last.map { SourceSpan(start: $0.span.start + $0.span.length, length: 1) }
        ?? SourceSpan(start: 0, length: 1)
      throw .syntax("expression ends too early", span: end)
    }
    switch token.kind {
    case .number(let value):
      index += 1
      return try Term.number(value, span: token.span)
    case .word:
      return try parseName()
    case .openParenthesis:
      depth += 1
      guard depth <= Evaluator.maximumDepth else {
        throw .nestingTooDeep(limit: Evaluator.maximumDepth, span: token.span)
      }
      index += 1
      let inner = try parseSum()
      guard let close = peek(), close.kind == .closeParenthesis else {
        throw .syntax("missing ')' to match '('", span: token.span)
      }
      index += 1
      depth -= 1
      return inner
    default:
      throw .syntax("unexpected \(Evaluator.describe(token))", span: token.span)
    }
  }

  /// Reads a unit name. The longest catalog spelling that starts here wins, whatever it holds
  /// (`short ton`, `degree Celsius`, `farad-90`, `OC-3`, `calorie at 20 °C`): up to eight names,
  /// numbers and hyphens separated by at most one space, ending in a name or a number.
  private mutating func parseName() throws(ConvError) -> Term {
    if let (unit, count) = try longestName(at: index) {
      index += count
      lastUnit = unit
      return try postfixPowers(Term(unit: unit))
    }
    guard case .word(let word) = tokens[index].kind else {
      throw .syntax("expected a unit name", span: tokens[index].span)
    }
    let span = tokens[index].span
    index += 1
    // `square`/`sq`/`cubic`/`cu` before a unit. Repeated ones (`square cubic m`) are collected in
    // a loop, innermost last, so that a long run of them cannot exhaust the stack.
    if let next = peek(), case .word = next.kind, let power = PowerWords.prefix[word.lowercased()],
      try resolver.resolveUnit(word, span: span) == nil
    {
      var powers = [(power, span)]
      while let token = peek(), case .word(let inner) = token.kind,
        let innerPower = PowerWords.prefix[inner.lowercased()],
        index + 1 < tokens.count, tokens[index + 1].kind.isWord,
        try !startsName(at: index), try resolver.resolveUnit(inner, span: token.span) == nil
      {
        powers.append((innerPower, token.span))
        index += 1
      }
      var unit = try parseName()
      for (power, span) in powers.reversed() {
        unit = try Term.raise(difference(unit, beside: Term(number: .one), always: power != 1), to: power, span: span)
      }
      return unit
    }
    let term = try resolveWord(word, span: span)
    lastUnit = term.unitCount == 1 ? try resolver.resolveUnit(word, span: span) : nil
    return try postfixPowers(term)
  }

  /// Whether two or more tokens from `start` form a known name (`cubic inch` is one).
  private func startsName(at start: Int) throws(ConvError) -> Bool {
    try longestName(at: start) != nil
  }

  /// Most tokens a name may span.
  static var longestNameTokens: Int { 8 }

  /// The unit named by the longest run of two or more tokens from `start` that is a catalog
  /// spelling, with the number of tokens; nil when no such run is one.
  private func longestName(at start: Int) throws(ConvError) -> (PrefixedUnit, Int)? {
    var end = start
    while end + 1 < tokens.count, end + 1 - start < Evaluator.longestNameTokens {
      let next = tokens[end + 1]
      let gap = next.span.start - (tokens[end].span.start + tokens[end].span.length)
      guard gap == 0 || (gap == 1 && characters[next.span.start - 1] == " ") else { break }
      // Names join words and numbers (`calorie at 20 °C`), and a hyphen or an exponent written
      // without spaces (`OC-3`, `farad-90`); never an operator, so `m/s` in a definition stays
      // the quotient of its units.
      let joins: Bool
      switch next.kind {
      case .word, .number: joins = true
      case .minus:
        joins = gap == 0 && end + 2 < tokens.count && tokens[end + 2].span.start == next.span.start + next.span.length
      case .superscript: joins = gap == 0
      default: joins = false
      }
      guard joins else { break }
      end += 1
    }
    guard end > start else { return nil }
    for last in stride(from: end, through: start + 1, by: -1) {
      switch tokens[last].kind {
      case .word, .number, .superscript: break
      default: continue
      }
      let from = tokens[start].span.start
      let to = tokens[last].span.start + tokens[last].span.length
      let spelling = String(characters[from..<to])
      if let unit = try resolver.resolveUnit(spelling, span: SourceSpan(start: from, length: to - from)) {
        return (unit, last - start + 1)
      }
    }
    return nil
  }

  /// Splits a name run together with numbers after a number (`5ft11in`, `1m80cm`) into names and
  /// numbers, when the run is no spelling of its own and its parts are.
  static func splitRunTogether(_ tokens: [Token], characters: [Character], resolver: any UnitResolving)
    throws(ConvError) -> [Token]
  {
    guard tokens.count >= 2 else { return tokens }
    var result: [Token] = []
    for (offset, token) in tokens.enumerated() {
      guard offset > 0, tokens[offset - 1].kind.isNumber, case .word(let word) = token.kind,
        word.contains(where: \.isASCIIDigit), let last = word.last
      else {
        result.append(token)
        continue
      }
      let partnerNumber =
        last.isASCIIDigit ? try endsWithPartnerNumber(word, resolver: resolver, span: token.span) : false
      guard !last.isASCIIDigit || partnerNumber, try resolver.resolveUnit(word, span: token.span) == nil else {
        result.append(token)
        continue
      }
      var pieces: [Token] = []
      var position = token.span.start
      var rest = Substring(word)
      var spaceBefore = token.spaceBefore
      var valid = true
      while !rest.isEmpty {
        let name = rest.prefix { !$0.isASCIIDigit }
        let digits = rest.dropFirst(name.count).prefix(while: \.isASCIIDigit)
        guard !name.isEmpty, try resolver.resolveUnit(String(name), span: token.span) != nil else {
          valid = false
          break
        }
        pieces.append(
          Token(
            kind: .word(String(name)), span: SourceSpan(start: position, length: name.count),
            spaceBefore: spaceBefore))
        spaceBefore = false
        position += name.count
        if !digits.isEmpty {
          guard let value = Rational(decimalLiteral: String(digits)) else {
            valid = false
            break
          }
          pieces.append(
            Token(
              kind: .number(value), span: SourceSpan(start: position, length: digits.count),
              spaceBefore: false, form: .integer))
          position += digits.count
        }
        rest = rest.dropFirst(name.count + digits.count)
      }
      if valid && pieces.count >= 2 { result += pieces } else { result.append(token) }
    }
    return result
  }

  /// Whether a word run together after a number ends in a number of its unit's conventional
  /// partner (`ft11` in `5ft11`, `st4`), not an exponent: a unit that has a partner, then a number
  /// above 3 (`ft2` stays ft²).
  static func endsWithPartnerNumber(_ word: String, resolver: any UnitResolving, span: SourceSpan) throws(ConvError)
    -> Bool
  {
    // (A word whose last byte is no ASCII digit ends in no such character.)
    guard Evaluator.mayEndInDigit(word) else { return false }
    let digits = word.reversed().prefix(while: \.isASCIIDigit)
    guard !digits.isEmpty, digits.count < word.count, let number = Int(String(digits.reversed())), number > 3 else {
      return false
    }
    let stem = String(word.dropLast(digits.count))
    guard let unit = try resolver.resolveUnit(stem, span: span) else { return false }
    return try ConventionalPairs.partner(of: unit, resolver: resolver) != nil
  }

  /// Applies `squared` / `cubed` written after a unit.
  private mutating func postfixPowers(_ term: Term) throws(ConvError) -> Term {
    var term = term
    while let token = peek(), case .word(let word) = token.kind,
      let power = PowerWords.postfix[word.lowercased()]
    {
      index += 1
      term = try Term.raise(
        difference(term, beside: Term(number: .one), always: power != 1), to: power, span: token.span)
    }
    return term
  }

  /// Resolves one word, trying `m2` as `m^2` and `kg-m` as a product before giving up.
  private func resolveWord(_ word: String, span: SourceSpan) throws(ConvError) -> Term {
    if let unit = try resolver.resolveUnit(word, span: span) { return Term(unit: unit) }
    // Trailing digits as an exponent: m2, cm3, s-1 is not supported.
    if Evaluator.mayEndInDigit(word) {
      let digits = word.reversed().prefix { $0.isASCIIDigit }
      if !digits.isEmpty, digits.count < word.count, digits.count <= 2 {
        let stem = String(word.dropLast(digits.count))
        if let unit = try resolver.resolveUnit(stem, span: span), let power = Int(String(digits.reversed())) {
          return try Term.raise(Term(unit: unit), to: power, span: span)
        }
      }
    }
    // Hyphenated products: kg-m, N-m. (The byte first: a word with the character `-` has its byte.)
    if ByteScan.contains(UInt8(ascii: "-"), in: word.utf8), word.contains("-") {
      var product: Term? = nil
      var offset = span.start
      for part in word.split(separator: "-", omittingEmptySubsequences: false) {
        let partSpan = SourceSpan(start: offset, length: max(1, part.count))
        offset += part.count + 1
        guard let unit = try resolver.resolveUnit(String(part), span: partSpan) else {
          product = nil
          break
        }
        product =
          try product.map { (p: Term) throws(ConvError) -> Term in
            try Term.multiply(p, Term(unit: unit), span: partSpan)
          } ?? Term(unit: unit)
      }
      if let product { return product }
    }
    #if CONV_FUZZING
      // Fuzzing builds (fuzz/run.sh) leave out the "did you mean" search here, whatever the
      // resolver (the catalog, the reading code's ExpressionReader, a units file's definitions): it
      // is most of the cost of an unknown word, and the fuzz targets exercise it on their own.
      throw .unknownUnit(word, span: span, suggestions: [])
    #else
      throw .unknownUnit(word, span: span, suggestions: resolver.suggestions(for: word))
    #endif
  }

  // MARK: Helpers

  /// Whether the word may end in an ASCII digit: false when its last byte is none (an ASCII digit
  /// is a character of one byte).
  static func mayEndInDigit(_ word: String) -> Bool { word.utf8.last.map { $0 &- 0x30 < 10 } ?? false }

  /// An absolute temperature with a shifted zero inside a compound unit is its difference, noted
  /// (`BTU/(h·ft²·°F)`, `J/(g·°C)`, `5 °C/km`, `1/°C`, as GNU units reads them): beside another
  /// unit, or `always` (a divisor, a power). Any other term is returned as it is.
  private func difference(_ term: Term, beside other: Term, always: Bool = false) -> Term {
    guard term.hasOffsetTemperature, always || other.unitCount > 0, let unit = term.absoluteUnit else { return term }
    resolver.note(
      "\(unit.symbol) read as \(Term.differenceName(for: unit)), a temperature difference, in a compound unit",
      bareNumber: false)
    return Term.difference(term)
  }

  private func peek() -> Token? { index < tokens.count ? tokens[index] : nil }

  private func describeDimension(_ dimension: PhysicalDimension) -> String {
    resolver.describe(dimension)
  }

  static func describe(_ token: Token) -> String {
    switch token.kind {
    case .number: "number"
    case .word(let word): "'\(word)'"
    case .times: "'*'"
    case .divide: "'/'"
    case .caret: "'^'"
    case .superscript: "exponent"
    case .plus: "'+'"
    case .minus: "'-'"
    case .openParenthesis: "'('"
    case .closeParenthesis: "')'"
    }
  }
}
