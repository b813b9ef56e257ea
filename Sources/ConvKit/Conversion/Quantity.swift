/// An amount of something as written by a user: `5 mi`, `-40 °C`, `3/4 cup`, `6 ft 2 in`.
public struct Quantity: Sendable, Hashable {
  /// The text as written (trimmed).
  public let text: String
  /// The evaluated value.
  public let term: Term
  /// The leading number, when the quantity is a number followed by a unit (`5` in `5 mi`).
  public let number: Rational?
  /// The unit after the leading number, when there is one (`mi` in `5 mi`).
  public let unit: UnitExpression?

  /// Creates a quantity from its parts (normally made by `Catalog.parseQuantity`).
  public init(text: String, term: Term, number: Rational?, unit: UnitExpression?) {
    self.text = text
    self.term = term
    self.number = number
    self.unit = unit
  }

  /// The dimension.
  public var dimension: Dimension { term.dimension }
  /// Whether the value is exact.
  public var isExact: Bool { term.isExact }
}

extension Catalog {
  /// Reads a quantity: an optional number followed by a unit expression, or a sum of such terms.
  ///
  /// A unit alone (`mi`) means one of it.
  public func parseQuantity(_ text: some StringProtocol) throws(ConvError) -> Quantity {
    let original = String(text)
    let trimmed = String(original.trimmed)
    let leading = original.prefix { $0.isWhitespace }.count
    guard !trimmed.isEmpty else { throw .emptyInput }
    do throws(ConvError) {
      return try Catalog.checkAboveAbsoluteZero(parseTrimmedQuantity(trimmed))
    } catch {
      throw error.shifted(by: leading)
    }
  }

  /// Refuses an absolute temperature below absolute zero (`-500 °C`, `-1 K`): such a value has no
  /// meaning, and converting it would print a number that looks plausible.
  static func checkAboveAbsoluteZero(_ quantity: Quantity) throws(ConvError) -> Quantity {
    guard let unit = quantity.term.absoluteUnit, quantity.term.baseValue.rational.isNegative,
          !unit.factor.rational.isNegative else { return quantity }
    throw .belowAbsoluteZero(quantity.text, minimum: Catalog.absoluteZero(in: unit),
                             span: SourceSpan(start: 0, length: quantity.text.count))
  }

  /// Absolute zero written in an absolute temperature unit: `-273.15 °C`, `0 K`.
  static func absoluteZero(in unit: PrefixedUnit) -> String {
    let zero = -unit.unit.offset
    return (zero.terminatingDecimal?.plainString ?? zero.description) + " " + unit.symbol
  }

  private func parseTrimmedQuantity(_ trimmed: String) throws(ConvError) -> Quantity {
    let tokens = try Lexer.tokenize(trimmed)
    guard !tokens.isEmpty else { throw ConvError.emptyInput }
    // The simple, common form: [-] NUMBER UNIT, where UNIT has no numbers or signs of its own.
    var numberIndex = 0
    var negative = false
    if tokens[0].kind == .minus {
      negative = true
      numberIndex = 1
    }
    if numberIndex < tokens.count, case .number(let value) = tokens[numberIndex].kind {
      let rest = tokens[(numberIndex + 1)...]
      if rest.isEmpty {
        return Quantity(text: trimmed, term: Term(number: negative ? -value : value),
                        number: negative ? -value : value, unit: nil)
      }
      let simple = !rest.contains { token in
        switch token.kind {
        case .number, .plus, .minus: return true
        default: return false
        }
      } && !(rest.first.map { [.times, .divide, .caret].contains($0.kind) } ?? false)
      if simple {
        let unitStart = rest.first!.span.start
        let unitText = String(Array(trimmed)[unitStart...])
        do throws(ConvError) {
          let unit = try parseUnit(unitText)
          let number = negative ? -value : value
          let term = try Term.multiply(Term(number: number), unit.term, span: rest.first!.span)
          return Quantity(text: trimmed, term: term, number: number, unit: unit)
        } catch {
          throw error.shifted(by: unitStart)
        }
      }
    } else if !tokens.contains(where: { if case .number = $0.kind { return true } else { return false } }),
              tokens[0].kind != .minus {
      let unit = try parseUnit(trimmed)
      return Quantity(text: trimmed, term: unit.term, number: .one, unit: unit)
    }
    let term = try Evaluator<Catalog>.evaluate(trimmed, resolver: self)
    return Quantity(text: trimmed, term: term, number: nil, unit: nil)
  }
}
