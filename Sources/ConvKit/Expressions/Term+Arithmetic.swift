/// Words that raise the unit next to them to a power (`square foot`, `metre squared`).
enum PowerWords {
  static let prefix: [String: Int] = ["square": 2, "sq": 2, "cubic": 3, "cu": 3]
  static let postfix: [String: Int] = ["squared": 2, "cubed": 3]
}

/// Arithmetic on terms, with the checks that keep absolute temperatures and sizes sane.
extension Term {
  /// Largest numerator or denominator, in bits, that an intermediate value may reach.
  static var maximumBits: Int { ExactBound.maximumBits }
  /// Largest power of π a value may carry.
  static let maximumPiPower = 64
  /// Largest unit count kept (the count only steers parsing, so it saturates instead of overflowing).
  static let maximumUnitCount = 1 << 24

  /// Refuses a value beyond ``ExactBound`` or with too high a power of π.
  static func checkSize(_ value: Magnitude, span: SourceSpan) throws(ConvError) {
    guard ExactBound.admits(value.rational) else { throw .exactValueTooLarge(span: span) }
    if abs(value.piPower) > maximumPiPower { throw .numberOutOfRange("power of π", span: span) }
  }

  /// A number as a term, refused when it is beyond ``ExactBound`` (a 4,000-digit mantissa with an
  /// exponent of 4,000, or a fraction of two such numbers).
  static func number(_ value: Rational, span: SourceSpan) throws(ConvError) -> Term {
    guard ExactBound.admits(value) else { throw .exactValueTooLarge(span: span) }
    return Term(number: value)
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

  /// The term with its absolute temperature read as a difference of it (`°C` as `Δ°C`).
  static func difference(_ term: Term) -> Term {
    var result = term
    result.absoluteUnit = nil
    result.coefficient = .one
    return result
  }

  static func differenceName(for unit: PrefixedUnit) -> String {
    "Δ" + unit.symbol
  }

  /// Refuses arithmetic on a nonlinear unit or a value on its scale: a product, quotient, power,
  /// sign or sum of dB has no meaning (`3 dBm*2`, `2*(3 dBm)`, `dBm/s`). The one way a number
  /// reaches a scale is written before its unit, side by side (`juxtapose`).
  static func checkScale(_ term: Term, span: SourceSpan) throws(ConvError) {
    if let scale = term.scaleUnit { throw .scaleInCompound(unit: scale.symbol, span: span) }
  }

  /// `a b` written side by side: a number before a nonlinear unit is the value on its scale
  /// (`20 dBm`, `(3+1) dB`, `3/4 dB`); anything else is a product.
  static func juxtapose(_ a: Term, _ b: Term, span: SourceSpan) throws(ConvError) -> Term {
    if b.scaleUnit != nil, !b.scaleHasNumber, b.unitCount == 1, a.unitCount == 0, a.scaleUnit == nil {
      return b.valueOnScale(a.value.approximation)
    }
    return try multiply(a, b, span: span)
  }

  /// `-term`; refused for a nonlinear unit or a value on its scale (`-(3 dBm)`: write `-3 dBm`).
  static func negatedChecked(_ term: Term, span: SourceSpan) throws(ConvError) -> Term {
    try checkScale(term, span: span)
    return negated(term)
  }

  static func multiply(_ a: Term, _ b: Term, span: SourceSpan) throws(ConvError) -> Term {
    try checkScale(a, span: span)
    try checkScale(b, span: span)
    if a.hasOffsetTemperature && b.unitCount > 0 {
      throw .absoluteTemperatureInCompound(
        unit: a.absoluteUnit!.symbol,
        differenceUnit: differenceName(for: a.absoluteUnit!), span: span)
    }
    if b.hasOffsetTemperature && a.unitCount > 0 {
      throw .absoluteTemperatureInCompound(
        unit: b.absoluteUnit!.symbol,
        differenceUnit: differenceName(for: b.absoluteUnit!), span: span)
    }
    guard let dimension = a.dimension.multiplied(by: b.dimension) else {
      throw .dimensionTooLarge(a.dimension.unboundedFormula(times: b.dimension), span: span)
    }
    var result = a
    result.value = a.value * b.value
    try checkSize(result.value, span: span)
    result.dimension = dimension
    result.isExact = a.isExact && b.isExact
    result.unitCount = unitCount(a.unitCount, plus: b.unitCount)
    result.ratesUse = a.ratesUse.union(b.ratesUse)
    if a.absoluteUnit != nil && b.unitCount == 0 {
      result.coefficient = a.coefficient * b.value.approximation
    } else if b.absoluteUnit != nil && a.unitCount == 0 {
      result.absoluteUnit = b.absoluteUnit
      result.coefficient = b.coefficient * a.value.approximation
    } else {
      result.absoluteUnit = nil
      result.scaleUnit = nil
      result.coefficient = .one
    }
    return result
  }

  static func divide(_ a: Term, _ b: Term, span: SourceSpan) throws(ConvError) -> Term {
    try checkScale(a, span: span)
    try checkScale(b, span: span)
    if b.hasOffsetTemperature {
      throw .absoluteTemperatureInCompound(
        unit: b.absoluteUnit!.symbol,
        differenceUnit: differenceName(for: b.absoluteUnit!), span: span)
    }
    if a.hasOffsetTemperature && b.unitCount > 0 {
      throw .absoluteTemperatureInCompound(
        unit: a.absoluteUnit!.symbol,
        differenceUnit: differenceName(for: a.absoluteUnit!), span: span)
    }
    guard !b.value.isZero else { throw .divisionByZero(span: span) }
    guard let dimension = a.dimension.divided(by: b.dimension) else {
      throw .dimensionTooLarge(a.dimension.unboundedFormula(times: b.dimension, sign: -1), span: span)
    }
    var result = a
    result.value = a.value / b.value
    try checkSize(result.value, span: span)
    result.dimension = dimension
    result.isExact = a.isExact && b.isExact
    result.unitCount = unitCount(a.unitCount, plus: b.unitCount)
    result.ratesUse = a.ratesUse.union(b.ratesUse)
    if a.absoluteUnit != nil && b.unitCount == 0 {
      result.coefficient = a.coefficient / b.value.approximation
    } else {
      result.absoluteUnit = nil
      result.scaleUnit = nil
      result.coefficient = .one
    }
    return result
  }

  static func raise(_ term: Term, to power: Int, span: SourceSpan) throws(ConvError) -> Term {
    if power == 1 { return term }
    if let scale = term.scaleUnit { throw .scaleInCompound(unit: scale.symbol, span: span) }
    if term.hasOffsetTemperature {
      throw .absoluteTemperatureInCompound(
        unit: term.absoluteUnit!.symbol,
        differenceUnit: differenceName(for: term.absoluteUnit!), span: span)
    }
    // A power beyond any dimension's is the problem itself; a smaller one, what it makes.
    if abs(power) > PhysicalDimension.maximumExponent { throw .exponentTooLarge(power, span: span) }
    guard let dimension = term.dimension.raised(to: power) else {
      throw .dimensionTooLarge(term.dimension.unboundedFormula(power: power), span: span)
    }
    if power < 0 && term.value.isZero { throw .divisionByZero(span: span) }
    // Checked before computing: a power's size is known in advance, within one bit per factor.
    // `dimension` exists, so |power| <= PhysicalDimension.maximumExponent: these products cannot overflow.
    let bits = max(term.value.rational.numerator.bitWidth, term.value.rational.denominator.bitWidth)
    if (bits - 1) * abs(power) + 1 > Term.maximumBits { throw .exactValueTooLarge(span: span) }
    if abs(term.value.piPower * power) > maximumPiPower { throw .numberOutOfRange("power of π", span: span) }
    var result = term
    result.value = term.value.power(power)
    try checkSize(result.value, span: span)
    result.dimension = dimension
    result.unitCount = unitCount(term.unitCount, raisedTo: power)
    result.absoluteUnit = nil
    result.coefficient = .one
    return result
  }

  static func add(
    _ a: Term, _ b: Term, span: SourceSpan,
    resolverDescribe: (PhysicalDimension) -> String
  ) throws(ConvError) -> Term {
    if let scale = a.scaleUnit ?? b.scaleUnit { throw .scaleInCompound(unit: scale.symbol, span: span) }
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
    result.isExact =
      a.isExact && b.isExact
      && (a.value.piPower == b.value.piPower || a.value.isZero || b.value.isZero)
    result.unitCount = unitCount(a.unitCount, plus: b.unitCount)
    result.ratesUse = a.ratesUse.union(b.ratesUse)
    result.absoluteUnit = nil
    result.scaleUnit = nil
    result.coefficient = .one
    return result
  }
}
