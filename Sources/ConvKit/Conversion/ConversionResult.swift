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
  /// The exchange rates the value was computed at, for a target with money in it: one
  /// publication for both sides (nil otherwise).
  public let exchangeRates: ExchangeRates?
  /// The substance that carried the quantity across dimensions, with its figures (nil when the
  /// conversion needed none).
  package var bridge: SubstanceBridge? = nil

  /// The value as a fraction (π, if left, taken to 50 digits).
  public var rational: Rational { value.approximation }
  /// The value as the nearest `Double`.
  public var doubleValue: Double { value.approximation.doubleValue }
}

extension Catalog {
  /// Converts a quantity into a unit.
  public func convert(_ quantity: Quantity, to target: UnitExpression) throws(ConvError) -> ConversionResult {
    let (written, number) = Catalog.conversionSource(quantity)
    let (source, target) = try atOnePublication(written, target)
    let conversion = try Conversion(from: source, to: target, catalog: self)
    let value = try conversion.convert(number)
    let symbolic = source.isExact && target.isExact && quantity.isExact && conversion.bridge == nil
    var result = ConversionResult(
      quantity: quantity, target: target, kind: conversion.kind, value: value,
      isExact: symbolic && conversion.isExact && value.isRational, isSymbolicallyExact: symbolic,
      exchangeRates: exchangeRates(between: source, and: target))
    result.bridge = conversion.bridge
    return result
  }

  /// The unit a quantity converts from, and the number of it: `5 mi` is 5 of `mi`; a sum or
  /// product (`6 ft 2 in`) is 1 of itself, an absolute temperature its coefficient of the unit.
  static func conversionSource(_ quantity: Quantity) -> (UnitExpression, Rational) {
    if let unit = quantity.unit, let value = quantity.number {
      guard let substance = quantity.attachedSubstance, unit.substance == nil else { return (unit, value) }
      var carried = unit
      carried.substance = substance
      return (carried, value)
    }
    if let scale = quantity.term.scaleUnit {
      return (UnitExpression(text: scale.symbol, term: Term(unit: scale), singleUnit: scale), quantity.term.coefficient)
    }
    if let absolute = quantity.term.absoluteUnit {
      return (
        UnitExpression(text: absolute.symbol, term: Term(unit: absolute), singleUnit: absolute),
        quantity.term.coefficient
      )
    }
    var whole = UnitExpression(text: quantity.text, term: quantity.term, singleUnit: nil)
    whole.substance = quantity.substance
    return (whole, .one)
  }

  /// Reads and converts in one step, as the `conv` tool does: `try catalog.convert("5 mi", to: "km")`.
  ///
  /// A spelling with several readings takes the one the other side's dimension asks for
  /// (`5 pH` into `nH` reads the picohenry, `1 B` into `dB` the bel), as every front end of `conv`
  /// does; ``parseQuantity(_:conventions:)`` and ``parseUnit(_:conventions:)`` alone take the
  /// default readings.
  public func convert(
    _ quantity: some StringProtocol, to target: some StringProtocol,
    conventions: NumberConventions = .standard
  ) throws(ConvError) -> ConversionResult {
    let quantityText = String(quantity)
    let targetText = String(target)
    let request = ConversionRequest(
      quantity: quantityText, targets: [targetText],
      source: quantityText + " to " + targetText, quantityOffset: 0,
      targetOffset: quantityText.count + 4)
    let reading: ConversionReading
    do throws(ConvError) {
      reading = try read(request, conventions: conventions)
    } catch {
      // Spans point into the text they are about: the quantity, or the target.
      if let span = error.span, span.start >= request.targetOffset { throw error.shifted(by: -request.targetOffset) }
      throw error
    }
    guard let first = reading.targets.first else { throw .emptyInput }
    return try convert(reading.quantity, to: first)
  }
}

extension ConversionResult: CustomStringConvertible {
  /// The value, as the nearest `Double` prints, and the target as written: `8.04672 km`.
  public var description: String { "\(doubleValue) \(target.text)" }
}
