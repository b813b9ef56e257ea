/// Words that raise the unit next to them to a power (`square foot`, `metre squared`).
enum PowerWords {
  static let prefix: [String: Int] = ["square": 2, "sq": 2, "cubic": 3, "cu": 3]
  static let postfix: [String: Int] = ["squared": 2, "cubed": 3]
}

/// Arithmetic on terms, with the checks that keep absolute temperatures and sizes sane.
extension Term {
  /// Largest numerator or denominator, in bits, that an intermediate value may reach.
  static let maximumBits = 16_384
  /// Largest unit count kept (the count only steers parsing, so it saturates instead of overflowing).
  static let maximumUnitCount = 1 << 24


  static func checkSize(_ value: Magnitude, span: SourceSpan) throws(ConvError) {
    if value.rational.numerator.bitWidth > Term.maximumBits || value.rational.denominator.bitWidth > Term.maximumBits
      || abs(value.piPower) > 64 {
      throw .numberOutOfRange("intermediate value", span: span)
    }
  }

  /// `a + b` for unit counts, saturating at `maximumUnitCount`.
  static func unitCount(_ a: Int, plus b: Int) -> Int { min(a + b, maximumUnitCount) }

  /// `count × |power|` (at least `count`), saturating at `maximumUnitCount`.
  static func unitCount(_ count: Int, raisedTo power: Int) -> Int {
    let (product, overflow) = count.multipliedReportingOverflow(by: max(1, Int(clamping: power.magnitude)))
    return overflow ? maximumUnitCount : min(product, maximumUnitCount)
  }

  static func negated(_ term: Term) -> Term {
    var result = term
    result.value = -term.value
    result.coefficient = -term.coefficient
    return result
  }

  static func differenceName(for unit: PrefixedUnit) -> String {
    "Δ" + unit.symbol
  }

  static func multiply(_ a: Term, _ b: Term, span: SourceSpan) throws(ConvError) -> Term {
    if a.hasOffsetTemperature && b.unitCount > 0 {
      throw .absoluteTemperatureInCompound(unit: a.absoluteUnit!.symbol,
                                           differenceUnit: differenceName(for: a.absoluteUnit!), span: span)
    }
    if b.hasOffsetTemperature && a.unitCount > 0 {
      throw .absoluteTemperatureInCompound(unit: b.absoluteUnit!.symbol,
                                           differenceUnit: differenceName(for: b.absoluteUnit!), span: span)
    }
    guard let dimension = a.dimension.multiplied(by: b.dimension) else {
      throw .exponentTooLarge(PhysicalDimension.maximumExponent + 1, span: span)
    }
    var result = a
    result.value = a.value * b.value
    try checkSize(result.value, span: span)
    result.dimension = dimension
    result.isExact = a.isExact && b.isExact
    result.unitCount = unitCount(a.unitCount, plus: b.unitCount)
    if a.absoluteUnit != nil && b.unitCount == 0 {
      result.coefficient = a.coefficient * b.value.approximation
    } else if b.absoluteUnit != nil && a.unitCount == 0 {
      result.absoluteUnit = b.absoluteUnit
      result.coefficient = b.coefficient * a.value.approximation
    } else {
      result.absoluteUnit = nil
      result.coefficient = .one
    }
    return result
  }

  static func divide(_ a: Term, _ b: Term, span: SourceSpan) throws(ConvError) -> Term {
    if b.hasOffsetTemperature {
      throw .absoluteTemperatureInCompound(unit: b.absoluteUnit!.symbol,
                                           differenceUnit: differenceName(for: b.absoluteUnit!), span: span)
    }
    if a.hasOffsetTemperature && b.unitCount > 0 {
      throw .absoluteTemperatureInCompound(unit: a.absoluteUnit!.symbol,
                                           differenceUnit: differenceName(for: a.absoluteUnit!), span: span)
    }
    guard !b.value.isZero else { throw .divisionByZero(span: span) }
    guard let dimension = a.dimension.divided(by: b.dimension) else {
      throw .exponentTooLarge(PhysicalDimension.maximumExponent + 1, span: span)
    }
    var result = a
    result.value = a.value / b.value
    try checkSize(result.value, span: span)
    result.dimension = dimension
    result.isExact = a.isExact && b.isExact
    result.unitCount = unitCount(a.unitCount, plus: b.unitCount)
    if a.absoluteUnit != nil && b.unitCount == 0 {
      result.coefficient = a.coefficient / b.value.approximation
    } else {
      result.absoluteUnit = nil
      result.coefficient = .one
    }
    return result
  }

  static func raise(_ term: Term, to power: Int, span: SourceSpan) throws(ConvError) -> Term {
    if power == 1 { return term }
    if term.hasOffsetTemperature {
      throw .absoluteTemperatureInCompound(unit: term.absoluteUnit!.symbol,
                                           differenceUnit: differenceName(for: term.absoluteUnit!), span: span)
    }
    guard let dimension = term.dimension.raised(to: power) else { throw .exponentTooLarge(power, span: span) }
    if power < 0 && term.value.isZero { throw .divisionByZero(span: span) }
    let bits = max(term.value.rational.numerator.bitWidth, term.value.rational.denominator.bitWidth)
    // `dimension` exists, so |power| <= PhysicalDimension.maximumExponent: these products cannot overflow.
    if bits * abs(power) > Term.maximumBits || abs(term.value.piPower * power) > 64 {
      throw .numberOutOfRange("power", span: span)
    }
    var result = term
    result.value = term.value.power(power)
    result.dimension = dimension
    result.unitCount = unitCount(term.unitCount, raisedTo: power)
    result.absoluteUnit = nil
    result.coefficient = .one
    return result
  }

  static func add(_ a: Term, _ b: Term, span: SourceSpan,
                  resolverDescribe: (PhysicalDimension) -> String) throws(ConvError) -> Term {
    if a.hasOffsetTemperature || b.hasOffsetTemperature {
      let unit = (a.hasOffsetTemperature ? a.absoluteUnit : b.absoluteUnit)!
      throw .absoluteTemperatureInCompound(unit: unit.symbol, differenceUnit: differenceName(for: unit), span: span)
    }
    guard a.dimension == b.dimension else {
      throw .mismatchedSum(resolverDescribe(a.dimension), resolverDescribe(b.dimension), span: span)
    }
    var result = a
    result.value = a.value + b.value
    try checkSize(result.value, span: span)
    result.isExact = a.isExact && b.isExact
      && (a.value.piPower == b.value.piPower || a.value.isZero || b.value.isZero)
    result.unitCount = unitCount(a.unitCount, plus: b.unitCount)
    result.absoluteUnit = nil
    result.coefficient = .one
    return result
  }
}
