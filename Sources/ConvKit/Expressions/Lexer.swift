/// Splits an expression such as `3/4 cup`, `kg·m/s²` or `L/(100 km)` into tokens.
struct Lexer {
  private let characters: [Character]
  private var position = 0

  init(_ text: some StringProtocol) { characters = Array(text) }

  /// Longest input the lexer accepts, in characters.
  static let maximumLength = 4096

  /// Reads every token, or throws for a character that cannot start one.
  static func tokenize(_ text: some StringProtocol) throws(ConvError) -> [Token] {
    // Counts at most one character past the limit, so a megabyte of input is refused at once.
    guard text.utf8.count <= maximumLength || text.prefix(maximumLength + 1).count <= maximumLength else {
      throw .inputTooLong(limit: maximumLength)
    }
    var lexer = Lexer(text)
    var tokens: [Token] = []
    while let token = try lexer.next() { tokens.append(token) }
    return Lexer.mergeFractions(tokens)
  }

  private mutating func next() throws(ConvError) -> Token? {
    var sawSpace = false
    while position < characters.count, characters[position].isSpace {
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
    let ascii = character.asciiValue
    if let ascii, ascii.isASCIIAlphanumeric {
      if ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9") { return try readNumber(spaceBefore: sawSpace) }
      return readWord(start: start, spaceBefore: sawSpace)
    }
    switch character {
    case "*":
      if position + 1 < characters.count, characters[position + 1] == "*" {
        position += 2
        return Token(kind: .caret, span: SourceSpan(start: start, length: 2), spaceBefore: sawSpace)
      }
      return single(.times)
    case "·", "×", "⋅", "•": return single(.times)
    case "/", "÷", "∕": return single(.divide)
    case "^": return single(.caret)
    case "(", "[": return single(.openParenthesis)
    case ")", "]": return single(.closeParenthesis)
    case "+": return single(.plus)
    case "-", "−", "–": return single(.minus)
    default: break
    }
    if ascii == nil, let power = readSuperscript() {
      return Token(kind: .superscript(power), span: SourceSpan(start: start, length: position - start),
                   spaceBefore: sawSpace)
    }
    if character.isASCIIDigit || (character == "." && position + 1 < characters.count
                                  && characters[position + 1].isASCIIDigit) {
      return try readNumber(spaceBefore: sawSpace)
    }
    if Lexer.isWordCharacter(character) { return readWord(start: start, spaceBefore: sawSpace) }
    throw .unexpectedCharacter(String(character), span: SourceSpan(start: start, length: 1))
  }

  /// A unit name from `start`: word characters and digits, and `-` between two letters.
  private mutating func readWord(start: Int, spaceBefore: Bool) -> Token {
    while position < characters.count {
      let character = characters[position]
      if let ascii = character.asciiValue, ascii.isASCIIAlphanumeric {
        position += 1
      } else if Lexer.isWordCharacter(character) || character.isASCIIDigit
                  || (character == "-" && position + 1 < characters.count
                      && characters[position + 1].isLetter && characters[position - 1].isLetter) {
        position += 1
      } else {
        break
      }
    }
    let word = String(characters[start..<position])
    let span = SourceSpan(start: start, length: position - start)
    if word == "per" { return Token(kind: .divide, span: span, spaceBefore: spaceBefore) }
    return Token(kind: .word(word), span: span, spaceBefore: spaceBefore)
  }

  private mutating func readNumber(spaceBefore: Bool) throws(ConvError) -> Token {
    let start = position
    while position < characters.count, characters[position].isASCIIDigit || characters[position] == "."
            || characters[position] == "_" {
      position += 1
    }
    // An exponent: e or E, an optional sign, and at least one digit.
    if position < characters.count, characters[position] == "e" || characters[position] == "E" {
      var probe = position + 1
      if probe < characters.count, characters[probe] == "+" || characters[probe] == "-" { probe += 1 }
      if probe < characters.count, characters[probe].isASCIIDigit {
        position = probe
        while position < characters.count, characters[position].isASCIIDigit { position += 1 }
      }
    }
    let text = String(characters[start..<position])
    let span = SourceSpan(start: start, length: position - start)
    guard text.filter({ $0 == "." }).count <= 1, let value = Rational(decimalLiteral: text) else {
      if text.contains("e") || text.contains("E") { throw .numberOutOfRange(text, span: span) }
      throw .malformedNumber(text, span: span)
    }
    return Token(kind: .number(value), span: span, spaceBefore: spaceBefore)
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

  /// Characters that may appear in a unit name.
  static func isWordCharacter(_ character: Character) -> Bool {
    if character.isLetter { return !superscriptDigits.contains(character) }
    switch character {
    case "°", "%", "‰", "‱", "′", "″", "'", "\"", "_", "$", "€", "£", "Ω", "Å", "℃", "℉", "µ", "ℓ", "#",
      "₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉", "Δ", "∆", "!", "&", "@":
      return true
    default:
      return false
    }
  }

  /// Joins `number / number` written without spaces (`3/4`, `5/9`) into one exact fraction, unless
  /// it follows a `/` itself.
  static func mergeFractions(_ tokens: [Token]) -> [Token] {
    var result: [Token] = []
    var index = 0
    while index < tokens.count {
      if index + 2 < tokens.count,
         case .number(let numerator) = tokens[index].kind,
         tokens[index + 1].kind == .divide, !tokens[index + 1].spaceBefore,
         case .number(let denominator) = tokens[index + 2].kind, !tokens[index + 2].spaceBefore,
         !denominator.isZero,
         result.last?.kind != .divide {
        let span = SourceSpan(start: tokens[index].span.start,
                              length: tokens[index + 2].span.start + tokens[index + 2].span.length
                                - tokens[index].span.start)
        result.append(Token(kind: .number(numerator / denominator), span: span,
                            spaceBefore: tokens[index].spaceBefore))
        index += 3
      } else {
        result.append(tokens[index])
        index += 1
      }
    }
    return result
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
    (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z"))
  }
}
