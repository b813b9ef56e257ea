/// An amount of something as written by a user: `5 mi`, `-40 °C`, `3/4 cup`, `6 ft 2 in`.
public struct Quantity: Sendable, Hashable {
  /// The text as written (trimmed).
  public let text: String
  /// The evaluated value.
  package let term: Term
  /// The leading number, when the quantity is a number followed by a unit (`5` in `5 mi`).
  public let number: Rational?
  /// The unit after the leading number, when there is one (`mi` in `5 mi`).
  public let unit: UnitExpression?
  /// The substance of a quantity without a single unit (a sum such as `1 1/2 cup flour`); one with
  /// a unit keeps its substance on the unit.
  package var attachedSubstance: SubstanceUse? = nil
  /// What the quantity is of (`flour` in `1 cup flour`), if a substance was named.
  package var substance: SubstanceUse? { attachedSubstance ?? unit?.substance }

  /// Creates a quantity from its parts, unchecked: front ends make quantities with
  /// `Catalog.parseQuantity`, `Catalog.read` or `Catalog.quantity(_:in:)`, which check them.
  init(text: String, term: Term, number: Rational?, unit: UnitExpression?) {
    self.text = text
    self.term = term
    self.number = number
    self.unit = unit
  }

  /// The dimension.
  public var dimension: PhysicalDimension { term.dimension }
  /// The amount in the coherent SI unit of its dimension (`6 ft 2 in` is 1.8796 m; an absolute
  /// temperature in kelvins), exact with π kept symbolic; for a value on a nonlinear scale
  /// (`20 dBm`), the number on the scale times the reference unit's size, not the amount.
  public var value: Magnitude { term.baseValue }
  /// Whether the value is exact.
  public var isExact: Bool { term.isExact }
}

extension Catalog {
  /// Reads a quantity: an optional number followed by a unit expression, or a sum of such terms.
  ///
  /// A unit alone (`mi`) means one of it. Numbers are read with `conventions` (`1,5` where the
  /// decimal mark is the comma); mixed numbers (`1 1/2`) and vulgar fractions (`1¾`) are sums.
  /// Spellings with several readings take their default one: `read(_:conventions:)` lets the
  /// other side of a conversion decide.
  public func parseQuantity(_ text: some StringProtocol, conventions: NumberConventions = .standard)
    throws(ConvError) -> Quantity
  {
    try ExpressionReader(catalog: self, conventions: conventions).quantity(text)
  }

  /// Refuses a quantity that has no meaning, whose conversion would print a number that looks
  /// plausible: an absolute temperature below absolute zero (`-500 °C`, `-1 K`), or a value off a
  /// nonlinear scale (`60 AWG`, `-1 Bft`, `1e400 dBm`), or a value below zero in a unit where
  /// that means nothing (`-1 mpg`: the unit's flag `positive`).
  static func checkMeaning(_ quantity: Quantity) throws(ConvError) -> Quantity {
    if let unit = quantity.unit?.singleUnit, unit.unit.isPositive, quantity.term.baseValue.rational.isNegative {
      throw .outsideScale(
        quantity.text, unit: unit.symbol, domain: "from 0 up: a value below zero means nothing",
        span: SourceSpan(start: 0, length: quantity.text.count))
    }
    if quantity.term.scaleUnit != nil, !quantity.term.coefficient.doubleValue.isFinite {
      throw .numberOutOfRange(quantity.text, span: SourceSpan(start: 0, length: quantity.text.count))
    }
    if let unit = quantity.term.scaleUnit, let scale = unit.unit.scale,
      scale.referenceRational(quantity.term.coefficient.doubleValue) == nil
    {
      throw .outsideScale(
        quantity.text, unit: unit.symbol, domain: scale.domainDescription,
        span: SourceSpan(start: 0, length: quantity.text.count))
    }
    guard let unit = quantity.term.absoluteUnit, quantity.term.baseValue.rational.isNegative,
      !unit.factor.rational.isNegative
    else { return quantity }
    throw .belowAbsoluteZero(
      quantity.text, minimum: Catalog.absoluteZero(in: unit),
      span: SourceSpan(start: 0, length: quantity.text.count))
  }

  /// Absolute zero written in an absolute temperature unit: `-273.15 °C`, `0 K`.
  static func absoluteZero(in unit: PrefixedUnit) -> String {
    let zero = -unit.unit.offset
    return (zero.terminatingDecimal?.plainString ?? zero.description) + " " + unit.symbol
  }
}

extension Quantity {
  /// The quantity with its unit written `typed` rather than as read (`5 Meilen`, read as `5 mi`
  /// through the user's language): the echo then shows the unit as typed. Nil when the quantity's
  /// unit is not one unit written `spelling` at the end of its text.
  package func writing(unit spelling: String, as typed: String) -> Quantity? {
    guard let unit, unit.singleUnit != nil, unit.text == spelling, text.hasSuffix(spelling) else { return nil }
    var renamed = UnitExpression(text: typed, term: unit.term, singleUnit: unit.singleUnit)
    renamed.substance = unit.substance
    var quantity = Quantity(
      text: String(text.dropLast(spelling.count)) + typed, term: term, number: number,
      unit: renamed)
    quantity.attachedSubstance = attachedSubstance
    return quantity
  }
}
