/// Splits an expression such as `3/4 cup`, `kg·m/s²` or `L/(100 km)` into tokens.
struct Lexer {
  private let characters: [Character]
  /// The text lexed, for slices; its UTF-8 offsets are character positions when `bytes` is not empty.
  private let text: String
  /// The text's bytes when each is one character (ASCII without `\r`), else empty: the hot loops
  /// read them instead of characters.
  private let bytes: [UInt8]
  private let conventions: NumberConventions
  /// Whether numbers are written with a decimal point and grouped with commas, if at all (the
  /// standard conventions): then `readPlainDecimal` reads the plain ones.
  private let pointDecimals: Bool
  private var position = 0

  init(_ text: some StringProtocol, conventions: NumberConventions = .standard) {
    let text = String(text)
    self.text = text
    // ASCII text without `\r` needs no grapheme breaking: one character a byte.
    bytes = ByteScan.isOneCharacterPerByte(text.utf8) ? Array(text.utf8) : []
    characters = bytes.isEmpty ? Array(text) : bytes.map { Lexer.asciiCharacters[Int($0)] }
    self.conventions = conventions
    pointDecimals =
      conventions.decimalMark == "." && (conventions.groupingMark == nil || conventions.groupingMark == ",")
  }

  /// The 128 ASCII characters, by their byte: made once, copied for each byte of ASCII text.
  private static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

  /// The characters in `range` as a string: a copy of the text's bytes when it is ASCII.
  private func slice(_ range: Range<Int>) -> String {
    guard !bytes.isEmpty else { return String(characters[range]) }
    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    let end = utf8.index(start, offsetBy: range.count)
    return String(text[start..<end])
  }

  /// Longest input the lexer accepts, in characters.
  static let maximumLength = 4096

  /// Reads every token, or throws for a character that cannot start one.
  /// Numbers are read with `conventions` (decimal mark and digit grouping of the user's locale).
  static func tokenize(_ text: some StringProtocol, conventions: NumberConventions = .standard)
    throws(ConvError) -> [Token]
  {
    try lex(text, conventions: conventions).tokens
  }

  /// The tokens, with the characters of the text they point into.
  static func lex(_ text: some StringProtocol, conventions: NumberConventions = .standard)
    throws(ConvError) -> (tokens: [Token], characters: [Character])
  {
    // Counts at most one character past the limit, so a megabyte of input is refused at once.
    guard text.utf8.count <= maximumLength || text.prefix(maximumLength + 1).count <= maximumLength else {
      throw .inputTooLong(limit: maximumLength)
    }
    var lexer = Lexer(text, conventions: conventions)
    var tokens: [Token] = []
    // (Room for a usual expression's tokens at once: each growth is a copy.)
    tokens.reserveCapacity(8)
    while let token = try lexer.next() { tokens.append(token) }
    return (Lexer.joinMixedNumbers(Lexer.mergeFractions(tokens)), lexer.characters)
  }

  /// Whether a word ends in a currency sign (`$`, `€`, `£`, `¥`, `₹`, `US$`).
  static func endsWithCurrencySign(_ word: some StringProtocol) -> Bool {
    guard let last = word.unicodeScalars.last else { return false }
    return last.properties.generalCategory == .currencySymbol
  }

  private mutating func next() throws(ConvError) -> Token? {
    var sawSpace = false
    while position < bytes.count, bytes[position] == 0x20 || (bytes[position] >= 0x09 && bytes[position] <= 0x0D) {
      position += 1
      sawSpace = true
    }
    // (Text read by its bytes has had its white space skipped above.)
    while bytes.isEmpty, position < characters.count, characters[position].isSpace {
      position += 1
      sawSpace = true
    }
    guard position < characters.count else { return nil }
    let start = position
    let character = characters[position]

    func single(_ kind: Token.Kind) -> Token {
      position += 1
      return Token(kind: kind, span: SourceSpan(start: start, length: 1), spaceBefore: sawSpace)
    }

    // ASCII characters are told apart by their byte: comparing `Character`s costs a string
    // comparison each, and a number or unit name starts with none of the symbols below.
    let ascii = bytes.isEmpty ? character.asciiValue : bytes[position]
    if let ascii, ascii.isASCIIAlphanumeric {
      if ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9") { return try readNumber(spaceBefore: sawSpace) }
      return readWord(start: start, spaceBefore: sawSpace)
    }
    if let ascii {
      switch ascii {
      case UInt8(ascii: "*"):
        if position + 1 < characters.count, characters[position + 1].asciiValue == UInt8(ascii: "*") {
          position += 2
          return Token(kind: .caret, span: SourceSpan(start: start, length: 2), spaceBefore: sawSpace)
        }
        return single(.times)
      case UInt8(ascii: "/"): return single(.divide)
      case UInt8(ascii: "^"): return single(.caret)
      case UInt8(ascii: "("), UInt8(ascii: "["): return single(.openParenthesis)
      case UInt8(ascii: ")"), UInt8(ascii: "]"): return single(.closeParenthesis)
      case UInt8(ascii: "+"): return single(.plus)
      case UInt8(ascii: "-"): return single(.minus)
      default: break
      }
    } else {
      switch character {
      case "·", "×", "⋅", "•": return single(.times)
      case "÷", "∕", "⁄": return single(.divide)
      case _ where character.isMinusSign: return single(.minus)
      default: break
      }
    }
    if ascii == nil, let value = Lexer.vulgarFraction(character) {
      position += 1
      return Token(
        kind: .number(value), span: SourceSpan(start: start, length: 1), spaceBefore: sawSpace,
        form: .vulgar)
    }
    if ascii == nil, let power = readSuperscript() {
      return Token(
        kind: .superscript(power), span: SourceSpan(start: start, length: position - start),
        spaceBefore: sawSpace)
    }
    if character.isASCIIDigit
      || (character == "." && position + 1 < characters.count
        && characters[position + 1].isASCIIDigit)
    {
      return try readNumber(spaceBefore: sawSpace)
    }
    if Lexer.isWordCharacter(character) { return readWord(start: start, spaceBefore: sawSpace) }
    throw .unexpectedCharacter(String(character), span: SourceSpan(start: start, length: 1))
  }

  /// A unit name from `start`: word characters and digits, `-` between two letters and `.` after a
  /// letter (`B.A. unit`, `in w.c.`). A digit
  /// after a foot, inch, degree or minute mark starts a number (`5'11"`, `30°15'`).
  private mutating func readWord(start: Int, spaceBefore: Bool) -> Token {
    // A run of ASCII letters and digits from the start, by their bytes (no mark or sign comes
    // before a digit in it: the loop below reads from the first other character).
    while position < bytes.count, bytes[position].isASCIIAlphanumeric { position += 1 }
    // In ASCII text, most words end at a byte that no rule below continues them with (`km*mg`,
    // `m/s`, `m^2`, a space): their characters need no look.
    let mayGoOn =
      bytes.isEmpty
      || (position < bytes.count
        && (Lexer.isASCIIWordByte(bytes[position]) || bytes[position] == UInt8(ascii: ".")
          || bytes[position] == UInt8(ascii: "-")))
    while mayGoOn, position < characters.count {
      let character = characters[position]
      if let ascii = character.asciiValue, ascii.isASCIIAlphanumeric {
        if character.isASCIIDigit, position > start,
          Lexer.marks.contains(characters[position - 1])
            || Lexer.endsWithCurrencySign(String(characters[position - 1]))
        {
          break
        }
        position += 1
      } else if Lexer.isWordCharacter(character) || character.isASCIIDigit
        || (character == "." && characters[position - 1].isLetter)
        || (character == "-" && position + 1 < characters.count
          && characters[position + 1].isLetter && characters[position - 1].isLetter)
      {
        position += 1
      } else {
        break
      }
    }
    let word = slice(start..<position)
    let span = SourceSpan(start: start, length: position - start)
    if word == "per" { return Token(kind: .divide, span: span, spaceBefore: spaceBefore) }
    return Token(kind: .word(word), span: span, spaceBefore: spaceBefore)
  }

  /// Whether the character at `index` is the ASCII character `byte` (read from the bytes when the
  /// text is bytes).
  @inline(__always)
  private func isASCII(_ index: Int, _ byte: UInt8) -> Bool {
    bytes.isEmpty ? characters[index] == Lexer.asciiCharacters[Int(byte)] : bytes[index] == byte
  }

  /// Whether the character at `index` is an ASCII digit.
  @inline(__always)
  private func isDigit(at index: Int) -> Bool {
    bytes.isEmpty ? characters[index].isASCIIDigit : bytes[index] &- 0x30 < 10
  }

  /// Whether the character at `index` is `'` or `’`.
  private func isApostrophe(at index: Int) -> Bool {
    bytes.isEmpty ? characters[index] == "'" || characters[index] == "’" : bytes[index] == 0x27
  }

  /// Whether the character at `index` is the locale's decimal mark (`.` or `,`).
  private func isDecimalMark(at index: Int) -> Bool {
    bytes.isEmpty
      ? characters[index] == conventions.decimalMark : bytes[index] == (conventions.usesDecimalComma ? 0x2C : 0x2E)
  }

  /// Whether the character at `index` is the locale's grouping mark itself (`" "` a plain space).
  private func isGroupingByte(at index: Int) -> Bool {
    guard let mark = conventions.groupingMark else { return false }
    return bytes.isEmpty ? characters[index] == mark : mark.asciiValue == bytes[index]
  }

  /// Reads a number: digits with the locale's grouping (`1,000,000`, `1.000.000`, `1 000`), a
  /// decimal part after the locale's decimal mark (or a point that cannot be grouping), and an
  /// exponent. A grouping that could also be a decimal (`1.500` where the decimal mark is `,`) is
  /// refused with both readings.
  private mutating func readNumber(spaceBefore: Bool) throws(ConvError) -> Token {
    if let plain = readPlainDecimal(spaceBefore: spaceBefore) { return plain }
    let start = position
    var literal = ""
    var isInteger = true
    var pointGroups = 0
    readDigits(into: &literal)
    // Groups of exactly three digits after one to three leading digits.
    if (1...3).contains(literal.count) {
      while position + 3 < characters.count || position + 3 == characters.count {
        guard position < characters.count,
          conventions.isGroupingMark(characters[position])
            || (isASCII(position, 0x2E) && conventions.usesDecimalComma),
          isGroup(at: position + 1)
        else { break }
        if isASCII(position, 0x2E) { pointGroups += 1 }
        literal += slice((position + 1)..<(position + 4))
        position += 4
      }
    }
    // `1'000`: the Swiss grouping where the locale groups so, else refused (it could be feet).
    if position < characters.count, isApostrophe(at: position),
      (1...3).contains(literal.count), position - start == literal.count, isGroup(at: position + 1)
    {
      if conventions.groupingMark == "'" {
        while position < characters.count, isApostrophe(at: position),
          isGroup(at: position + 1)
        {
          literal += slice((position + 1)..<(position + 4))
          position += 4
        }
      } else {
        let end = position + 4
        let group = slice((position + 1)..<end)
        let text = slice(start..<end)
        throw .syntax(
          "'\(text)' can be read as the number \(literal + group) or as feet and inches: write "
            + "\(literal + group) or \(literal) ft \(group) in",
          span: SourceSpan(start: start, length: end - start))
      }
    }
    // A grouping mark that does not group here: `1,5` where the decimal mark is the point.
    if position + 1 < characters.count, isGroupingByte(at: position),
      conventions.groupingMark != " ", conventions.groupingMark != ".", isDigit(at: position + 1)
    {
      let end = endOfNumberLike(from: position)
      let text = slice(start..<end)
      position = end
      throw .syntax(
        "cannot read the number '\(text)': '\(conventions.groupingMark!)' groups digits in threes "
          + "(1\(conventions.groupingMark!)000) and the decimal mark is '\(conventions.decimalMark)'",
        span: SourceSpan(start: start, length: end - start))
    }
    // The decimal part.
    if position + 1 < characters.count, isDigit(at: position + 1),
      isDecimalMark(at: position) || (isASCII(position, 0x2E) && pointGroups == 0)
    {
      isInteger = false
      literal.append(".")
      position += 1
      readDigits(into: &literal)
    } else if position < characters.count, isASCII(position, 0x2E), pointGroups == 0,
      position + 1 == characters.count || !isDigit(at: position + 1)
    {
      // A trailing point (`5.`) belongs to the number.
      position += 1
    }
    if pointGroups == 1 && isInteger && conventions.usesDecimalComma {
      let text = slice(start..<position)
      let asDecimal = text.replacingFirstPoint()
      throw .syntax(
        "'\(text)' can be read as \(literal) or as \(asDecimal): write \(literal) or \(asDecimal.replacingPoint(with: conventions.decimalMark))",
        span: SourceSpan(start: start, length: position - start))
    }
    // A second decimal mark: `1.2.3`.
    if position + 1 < characters.count, isASCII(position, 0x2E) || isDecimalMark(at: position),
      isDigit(at: position + 1)
    {
      let end = endOfNumberLike(from: position)
      let text = slice(start..<end)
      position = end
      throw .malformedNumber(text, span: SourceSpan(start: start, length: end - start))
    }
    // An exponent: e or E, an optional sign, and at least one digit.
    if position < characters.count, isASCII(position, 0x65) || isASCII(position, 0x45) {
      var probe = position + 1
      if probe < characters.count, isASCII(probe, 0x2B) || isASCII(probe, 0x2D) { probe += 1 }
      if probe < characters.count, isDigit(at: probe) {
        isInteger = false
        literal += slice(position..<probe)
        position = probe
        readDigits(into: &literal)
      }
    }
    let span = SourceSpan(start: start, length: position - start)
    guard !literal.isEmpty, let value = Rational(decimalLiteral: literal) else {
      let text = slice(start..<position)
      if literal.contains("e") || literal.contains("E") { throw .numberOutOfRange(text, span: span) }
      throw .malformedNumber(text, span: span)
    }
    return Token(kind: .number(value), span: span, spaceBefore: spaceBefore, form: isInteger ? .integer : .other)
  }

  /// A number of ASCII text in the standard conventions that is digits, or digits, a point and
  /// digits (`5`, `61.82`), of at most 18 digits and followed by the end or by a character that
  /// none of the readings below takes after a number (not a digit, point, comma, apostrophe, `_`,
  /// `e` or `E`): the token `readNumber` makes for it, without its checks. Nil (nothing read) for
  /// any other number.
  private mutating func readPlainDecimal(spaceBefore: Bool) -> Token? {
    guard pointDecimals, !bytes.isEmpty else { return nil }
    let start = position
    var end = start
    var mantissa: UInt64 = 0
    while end < bytes.count, bytes[end] &- 0x30 < 10 {
      mantissa = mantissa &* 10 &+ UInt64(bytes[end] &- 0x30)
      end += 1
    }
    var fractionDigits = 0
    if end + 1 < bytes.count, bytes[end] == 0x2E, bytes[end + 1] &- 0x30 < 10 {
      end += 1
      while end < bytes.count, bytes[end] &- 0x30 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(bytes[end] &- 0x30)
        end += 1
        fractionDigits += 1
      }
    }
    let digits = end - start - (fractionDigits > 0 ? 1 : 0)
    guard digits > 0, digits <= Rational.smallDecimalDigits else { return nil }
    if end < bytes.count {
      switch bytes[end] {
      case 0x2E, 0x2C, 0x27, 0x5F, 0x65, 0x45: return nil  // . , ' _ e E
      default: break
      }
    }
    guard let value = Rational.smallDecimal(mantissa, scale: -fractionDigits) else { return nil }
    position = end
    return Token(
      kind: .number(value), span: SourceSpan(start: start, length: end - start), spaceBefore: spaceBefore,
      form: fractionDigits == 0 ? .integer : .other)
  }

  /// Appends ASCII digits (and `_` between digits) from the current position.
  private mutating func readDigits(into literal: inout String) {
    // A run of digits by its bytes; a `_` after it is read below, character by character.
    if !bytes.isEmpty {
      let run = position
      while position < bytes.count, bytes[position] &- 0x30 < 10 { position += 1 }
      literal += slice(run..<position)
    }
    while position < characters.count {
      let character = characters[position]
      if character.isASCIIDigit {
        literal.append(character)
      } else if character == "_", position + 1 < characters.count, isDigit(at: position + 1),
        !literal.isEmpty
      {
        // `1_000`: skipped.
      } else {
        break
      }
      position += 1
    }
  }

  /// Whether exactly three ASCII digits start at `index`, not followed by a fourth.
  private func isGroup(at index: Int) -> Bool {
    guard index + 3 <= characters.count else { return false }
    for offset in 0..<3 where !isDigit(at: index + offset) { return false }
    return index + 3 == characters.count || !isDigit(at: index + 3)
  }

  /// The end of a run of digits, points and commas from `index` (for quoting a bad number).
  private func endOfNumberLike(from index: Int) -> Int {
    var end = index
    while end < characters.count, characters[end].isASCIIDigit || characters[end] == "." || characters[end] == "," {
      end += 1
    }
    return end
  }

  private mutating func readSuperscript() -> Int? {
    var probe = position
    var negative = false
    if probe < characters.count, characters[probe] == "⁻" {
      negative = true
      probe += 1
    }
    var value = 0
    var digits = 0
    while probe < characters.count, let digit = Lexer.superscriptDigits.firstIndex(of: characters[probe]) {
      value = value * 10 + digit
      digits += 1
      probe += 1
      if digits > 4 { break }
    }
    guard digits > 0 else { return nil }
    position = probe
    return negative ? -value : value
  }

  static let superscriptDigits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]

  /// Marks written right after a number, after which a digit starts the next number: feet and
  /// inches (`5'11"`, `5′11″`), degrees and minutes (`30°15′`).
  static let marks: Set<Character> = ["'", "\"", "′", "″", "°", "’", "”"]

  /// The value of a Unicode vulgar fraction (`½`, `1¾`); nil for any other character. (None is
  /// ASCII: ASCII text is told without the table, which a one-shot then never builds.)
  static func vulgarFraction(_ character: Character) -> Rational? {
    character.isASCII ? nil : vulgarFractions[character]
  }

  /// The Unicode vulgar fractions, read as exact numbers (`½`, `1¾`).
  private static let vulgarFractions: [Character: Rational] = [
    "½": Rational(BigInteger(1), BigInteger(2)), "⅓": Rational(BigInteger(1), BigInteger(3)),
    "⅔": Rational(BigInteger(2), BigInteger(3)), "¼": Rational(BigInteger(1), BigInteger(4)),
    "¾": Rational(BigInteger(3), BigInteger(4)),
    "⅕": Rational(BigInteger(1), BigInteger(5)), "⅖": Rational(BigInteger(2), BigInteger(5)),
    "⅗": Rational(BigInteger(3), BigInteger(5)), "⅘": Rational(BigInteger(4), BigInteger(5)),
    "⅙": Rational(BigInteger(1), BigInteger(6)),
    "⅚": Rational(BigInteger(5), BigInteger(6)), "⅐": Rational(BigInteger(1), BigInteger(7)),
    "⅛": Rational(BigInteger(1), BigInteger(8)), "⅜": Rational(BigInteger(3), BigInteger(8)),
    "⅝": Rational(BigInteger(5), BigInteger(8)),
    "⅞": Rational(BigInteger(7), BigInteger(8)), "⅑": Rational(BigInteger(1), BigInteger(9)),
    "⅒": Rational(BigInteger(1), BigInteger(10)), "↉": Rational(BigInteger(0), BigInteger(3)),
  ]

  /// Characters that are operators, signs or parts of numbers, never of a unit name.
  private static let nonWordCharacters: Set<Character> = [
    "·", "×", "⋅", "•", "÷", "∕", "⁄", "−", "–", "⁻", "∙",
  ]

  /// Whether an ASCII character, by its byte, is a word character: a letter or one of `%'"_$#!&@`.
  static func isASCIIWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "%"),
      UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "#"),
      UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "@"):
      true
    default:
      false
    }
  }

  /// Characters that may appear in a unit name: letters, the marks and signs of the catalog's
  /// symbols, and any other symbol character (`☉`, `⊕`, `℥`) that is not an operator.
  static func isWordCharacter(_ character: Character) -> Bool {
    // ASCII by its byte (every word ends at one: `km*mg`, `m/s`).
    if let ascii = character.asciiValue { return isASCIIWordByte(ascii) }
    if character.isLetter { return !superscriptDigits.contains(character) }
    switch character {
    case "°", "%", "‰", "‱", "′", "″", "'", "\"", "_", "$", "€", "£", "Ω", "Å", "℃", "℉", "µ", "ℓ", "#",
      "₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉", "Δ", "∆", "!", "&", "@", "’", "”":
      return true
    default:
      break
    }
    guard character.asciiValue == nil, !character.isWhitespace, !nonWordCharacters.contains(character),
      vulgarFraction(character) == nil, !superscriptDigits.contains(character),
      let scalar = character.unicodeScalars.first
    else { return false }
    switch scalar.properties.generalCategory {
    case .otherSymbol, .mathSymbol, .currencySymbol, .modifierSymbol, .letterNumber, .otherPunctuation,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  /// Joins `number / number` written without spaces (`3/4`, `5/9`) into one exact fraction, unless
  /// it follows a `/` itself.
  static func mergeFractions(_ tokens: [Token]) -> [Token] {
    guard tokens.contains(where: { if case .divide = $0.kind { true } else { false } }) else { return tokens }
    var result: [Token] = []
    var index = 0
    while index < tokens.count {
      if index + 2 < tokens.count,
        case .number(let numerator) = tokens[index].kind,
        tokens[index + 1].kind == .divide, !tokens[index + 1].spaceBefore,
        case .number(let denominator) = tokens[index + 2].kind, !tokens[index + 2].spaceBefore,
        !denominator.isZero,
        result.last?.kind != .divide
      {
        let span = SourceSpan(
          start: tokens[index].span.start,
          length: tokens[index + 2].span.start + tokens[index + 2].span.length
            - tokens[index].span.start)
        let isFraction = tokens[index].form == .integer && tokens[index + 2].form == .integer
        result.append(
          Token(
            kind: .number(numerator / denominator), span: span,
            spaceBefore: tokens[index].spaceBefore, form: isFraction ? .fraction : .other))
        index += 3
      } else {
        result.append(tokens[index])
        index += 1
      }
    }
    return result
  }
}

extension Lexer {
  /// Joins a whole number and a proper fraction after it into their sum: `1 1/2`, `2 3/4`, `1¾`,
  /// `1 ¾`. The whole number must be written with digits only and follow no number, `/` or `^`.
  static func joinMixedNumbers(_ tokens: [Token]) -> [Token] {
    // Each join takes a fraction (`1 1/2`, `1-1/2`) or a vulgar fraction (`1¾`).
    guard tokens.count >= 2, tokens.contains(where: { $0.form == .fraction || $0.form == .vulgar }) else {
      return tokens
    }
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      // `1-1/2` (a hyphen between the whole number and the fraction, no spaces) is a mixed
      // number as in `1-1/2 in pipe`, never a difference.
      if index + 2 < tokens.count, token.form == .integer, case .number(let whole) = token.kind,
        tokens[index + 1].kind == .minus, !tokens[index + 1].spaceBefore, !tokens[index + 2].spaceBefore,
        tokens[index + 2].form == .fraction, case .number(let part) = tokens[index + 2].kind,
        part < .one, !part.isNegative,
        !(result.last.map { [.divide, .caret].contains($0.kind) || $0.kind.isNumber } ?? false)
      {
        let last = tokens[index + 2]
        let span = SourceSpan(start: token.span.start, length: last.span.start + last.span.length - token.span.start)
        result.append(Token(kind: .number(whole + part), span: span, spaceBefore: token.spaceBefore, form: .other))
        index += 3
        continue
      }
      if index + 1 < tokens.count, token.form == .integer, case .number(let whole) = token.kind,
        case .number(let part) = tokens[index + 1].kind,
        tokens[index + 1].form == .vulgar
          || (tokens[index + 1].form == .fraction && tokens[index + 1].spaceBefore && part < .one),
        !part.isNegative,
        !(result.last.map { [.divide, .caret].contains($0.kind) || $0.kind.isNumber } ?? false)
      {
        let next = tokens[index + 1]
        let span = SourceSpan(start: token.span.start, length: next.span.start + next.span.length - token.span.start)
        result.append(Token(kind: .number(whole + part), span: span, spaceBefore: token.spaceBefore, form: .other))
        index += 2
      } else {
        result.append(token)
        index += 1
      }
    }
    return result
  }
}

extension Token.Kind {
  /// Whether this is a number token.
  var isNumber: Bool {
    if case .number = self { return true }
    return false
  }
}

extension String {
  /// The text with its first `.` made a decimal point and any other point removed (`1.500` → `1.5`).
  func replacingFirstPoint() -> String {
    guard let index = firstIndex(of: ".") else { return self }
    var digits = String(self[index...].dropFirst()).filter(\.isASCIIDigit)
    while digits.hasSuffix("0") { digits.removeLast() }
    return String(self[..<index]) + (digits.isEmpty ? "" : "." + digits)
  }

  /// The text with `.` replaced by `mark`.
  func replacingPoint(with mark: Character) -> String {
    String(map { $0 == "." ? mark : $0 })
  }
}

extension Character {
  var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }

  /// `isWhitespace`, answered from the byte for ASCII characters.
  var isSpace: Bool {
    if let ascii = asciiValue { return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D) }
    return isWhitespace
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII letter or digit.
  var isASCIIAlphanumeric: Bool {
    (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
      || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z"))
  }
}
