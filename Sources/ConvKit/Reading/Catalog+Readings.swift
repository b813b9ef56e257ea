extension Catalog {
  /// Every unit a spelling can name, the default reading first; empty for an unknown spelling.
  ///
  /// A spelling has more than one reading when a unit claims it as a whole input (`C` is °C
  /// alone, the coulomb inside `C/kg`) or when another unit takes it as an alternative reading
  /// (`pt~` on the point: `pt` is the pint unless the other side of a conversion is a length).
  /// `standalone` says whether the spelling is the whole unit typed.
  public func readings(of spelling: some StringProtocol, standalone: Bool = true) -> [PrefixedUnit] {
    let spelling = String(spelling)
    guard let first = unit(named: spelling, standalone: standalone) else { return [] }
    var result = [first]
    if standalone, storage.claimedIndex(spelling) != nil, let plain = unit(named: spelling, standalone: false),
      plain != first
    {
      result.append(plain)
    }
    if let index = storage.alternateIndex(spelling) {
      let alternate = PrefixedUnit(unit: storage.unit(at: index))
      if !result.contains(alternate) { result.append(alternate) }
    }
    // A scale's symbol that is also a prefixed symbol (`pH`, the picohenry) keeps that reading for
    // when the other side asks for its dimension (`5 pH nH`).
    if first.unit.scale != nil, first.prefix == nil, let prefixed = prefixedSymbol(spelling), !result.contains(prefixed)
    {
      result.append(prefixed)
    }
    return result
  }
}

extension Catalog {
  /// Reads one unit as every front end does (`info`, favorites): the default reading of a
  /// spelling or prefixed form, with the other readings the spelling has (`pt`: the pint, and the
  /// point when the other side is a length). Throws for an unknown spelling, with suggestions, and
  /// for an expression that is not one unit.
  public func readUnit(_ text: some StringProtocol, conventions: NumberConventions = .standard)
    throws(ConvError) -> (unit: PrefixedUnit, others: [PrefixedUnit])
  {
    let reader = ExpressionReader(catalog: self, conventions: conventions)
    let expression = try reader.unit(text)
    guard let unit = expression.singleUnit else {
      throw .syntax(
        "'\(ConvError.printable(expression.text))' is an expression, not one unit of the catalog",
        span: SourceSpan(start: 0, length: expression.text.count))
    }
    let others = reader.log.entries.first.map { Array($0.readings.dropFirst()) } ?? []
    return (unit, others)
  }
}
