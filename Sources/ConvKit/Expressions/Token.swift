/// One lexical element of an expression.
struct Token: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// A number literal, already read exactly.
    case number(Rational)
    /// A run of unit-name characters (`km`, `°C`, `light-year`, `cmH2O`).
    case word(String)
    /// `*`, `·`, `×`, `⋅`.
    case times
    /// `/`, `÷`, or the word `per`.
    case divide
    /// `^`, `**`.
    case caret
    /// A superscript power already read (`²`, `⁻¹`).
    case superscript(Int)
    case plus
    case minus
    case openParenthesis
    case closeParenthesis
  }

  /// How a number token was written, for joining mixed numbers (`1 1/2`, `1¾`).
  enum NumberForm: Equatable, Sendable {
    /// Not a number, or a number with a decimal point or an exponent.
    case other
    /// Digits only (possibly grouped): `12`, `1,000`.
    case integer
    /// A fraction of two integers written without spaces: `3/4`.
    case fraction
    /// A vulgar fraction character: `¾`.
    case vulgar
  }

  var kind: Kind
  var span: SourceSpan
  /// Whether white space separates this token from the previous one.
  var spaceBefore: Bool
  /// How a number was written.
  var form: NumberForm = .other

}

extension Token.Kind {
  /// Whether this is a unit-name token.
  var isWord: Bool {
    if case .word = self { return true }
    return false
  }

  /// Whether this is `*`, `/` or `^`, which a unit cannot start with.
  var isOperator: Bool {
    switch self {
    case .times, .divide, .caret: true
    default: false
    }
  }
}
