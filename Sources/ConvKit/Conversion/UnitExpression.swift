/// A unit as written by a user, resolved: `km`, `L/100km`, `kg·m/s²`, `short ton`.
public struct UnitExpression: Sendable, Hashable {
  /// The text as written (trimmed).
  public let text: String
  /// The value of one of this unit, in coherent SI units, with its dimension.
  package let term: Term
  /// The catalog unit, when the expression names exactly one (possibly prefixed).
  public let singleUnit: PrefixedUnit?
  /// The substance a quantity in this unit is of (`cup` in `1 cup flour`), which carries it to
  /// mass, volume or amount of substance when the other side asks (see `SubstanceBridge`).
  package var substance: SubstanceUse? = nil

  /// Creates a unit expression from its parts (normally made by `Catalog.parseUnit`).
  package init(text: String, term: Term, singleUnit: PrefixedUnit?) {
    self.text = text
    self.term = term
    self.singleUnit = singleUnit
  }

  /// The expression naming one catalog unit.
  public init(unit: PrefixedUnit) {
    self.init(text: unit.symbol, term: Term(unit: unit), singleUnit: unit)
  }

  /// The unit's dimension.
  public var dimension: PhysicalDimension { term.dimension }
  /// The size of one of this unit in the coherent SI unit.
  public var factor: Magnitude { term.value }
  /// Whether the factor is exact.
  public var isExact: Bool { term.isExact }
  /// The absolute temperature this expression names, if it names one.
  public var absoluteUnit: PrefixedUnit? { term.absoluteUnit }

  /// What to print after a value: the unit's symbol when it is one catalog unit, else the text.
  public var displaySymbol: String { singleUnit?.symbol ?? text }
}

extension Catalog {
  /// Resolves a unit expression (`km`, `L/100km`, `N m`, `short ton`).
  ///
  /// A text that is exactly one catalog spelling wins over reading it as an expression, so
  /// symbols such as `km/h` or `L/100km` name their catalog unit.
  public func parseUnit(_ text: some StringProtocol, conventions: NumberConventions = .standard)
    throws(ConvError) -> UnitExpression
  {
    try ExpressionReader(catalog: self, conventions: conventions).unit(text)
  }
}
