/// The outcome of converting a quantity: the exact value and how it was obtained.
public struct ConversionResult: Sendable {
  /// What was converted.
  public let quantity: Quantity
  /// The unit converted to.
  public let target: UnitExpression
  /// Linear, affine (temperatures), reciprocal (mpg ↔ L/100km) or cycles (rpm ↔ Hz).
  public let kind: Conversion.Kind
  /// The value in the target unit, exact (π kept symbolic).
  public let value: Magnitude
  /// Whether `value` is exact: no measured factor involved and no π left over.
  public let isExact: Bool
  /// Whether `value` is exact as written with its power of π (`π/2`): no measured factor involved.
  public let isSymbolicallyExact: Bool

  /// The value as a fraction (π, if left, taken to 50 digits).
  public var rational: Rational { value.approximation }
  /// The value as the nearest `Double`.
  public var doubleValue: Double { value.approximation.doubleValue }
}

extension Catalog {
  /// Converts a quantity into a unit.
  public func convert(_ quantity: Quantity, to target: UnitExpression) throws(ConvError) -> ConversionResult {
    let (source, number) = Catalog.conversionSource(quantity)
    let conversion = try Conversion(from: source, to: target, catalog: self)
    let value = try conversion.convert(number)
    let symbolic = source.isExact && target.isExact && quantity.isExact
    return ConversionResult(quantity: quantity, target: target, kind: conversion.kind, value: value,
                            isExact: symbolic && conversion.isExact && value.isRational, isSymbolicallyExact: symbolic)
  }

  /// The unit a quantity converts from, and the number of it: `5 mi` is 5 of `mi`; a sum or
  /// product (`6 ft 2 in`) is 1 of itself, an absolute temperature its coefficient of the unit.
  static func conversionSource(_ quantity: Quantity) -> (UnitExpression, Rational) {
    if let unit = quantity.unit, let value = quantity.number { return (unit, value) }
    if let scale = quantity.term.scaleUnit {
      return (UnitExpression(text: scale.symbol, term: Term(unit: scale), singleUnit: scale), quantity.term.coefficient)
    }
    if let absolute = quantity.term.absoluteUnit {
      return (UnitExpression(text: absolute.symbol, term: Term(unit: absolute), singleUnit: absolute),
              quantity.term.coefficient)
    }
    return (UnitExpression(text: quantity.text, term: quantity.term, singleUnit: nil), .one)
  }

  /// Reads and converts in one step: `try catalog.convert("5 mi", to: "km")`.
  public func convert(_ quantity: some StringProtocol, to target: some StringProtocol) throws(ConvError) -> ConversionResult {
    try convert(parseQuantity(quantity), to: parseUnit(target))
  }
}
