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
    let source: UnitExpression
    let number: Rational
    if let unit = quantity.unit, let value = quantity.number {
      source = unit
      number = value
    } else if let absolute = quantity.term.absoluteUnit {
      source = UnitExpression(text: absolute.symbol, term: Term(unit: absolute), singleUnit: absolute)
      number = quantity.term.coefficient
    } else {
      source = UnitExpression(text: quantity.text, term: quantity.term, singleUnit: nil)
      number = .one
    }
    let conversion = try Conversion(from: source, to: target, catalog: self)
    let value = try conversion.convert(number)
    let symbolic = source.isExact && target.isExact && quantity.isExact
    return ConversionResult(quantity: quantity, target: target, kind: conversion.kind, value: value,
                            isExact: symbolic && conversion.isExact && value.isRational, isSymbolicallyExact: symbolic)
  }

  /// Reads and converts in one step: `try catalog.convert("5 mi", to: "km")`.
  public func convert(_ quantity: some StringProtocol, to target: some StringProtocol) throws(ConvError) -> ConversionResult {
    try convert(parseQuantity(quantity), to: parseUnit(target))
  }
}
