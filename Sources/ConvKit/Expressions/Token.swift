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

  var kind: Kind
  var span: SourceSpan
  /// Whether white space separates this token from the previous one.
  var spaceBefore: Bool

}

extension Token.Kind {
  /// Whether this is a unit-name token.
  var isWord: Bool {
    if case .word = self { return true }
    return false
  }
}
