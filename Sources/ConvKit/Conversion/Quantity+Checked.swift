extension Catalog {
  /// The one checked way to make a quantity from a number and a unit, for front ends that hold a
  /// value and a unit apart (the REPL, favorites, unit lists): the same checks as reading `5 mi`.
  ///
  /// Refuses an absolute temperature below absolute zero (`-500` of `°C`). `text` is what error
  /// messages and output show; by default the number and the unit's symbol.
  public func quantity(_ number: Rational, in unit: UnitExpression, text: String? = nil) throws(ConvError) -> Quantity {
    let shown = text ?? ((number.terminatingDecimal?.plainString ?? number.description) + " " + unit.displaySymbol)
    let term = try Term.juxtapose(Term(number: number), unit.term, span: SourceSpan(start: 0, length: shown.count))
    return try Catalog.checkMeaning(Quantity(text: shown, term: term, number: number, unit: unit))
  }
}
