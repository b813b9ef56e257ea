/// A resolved, reusable conversion from one unit to another, with an exact path and a fast
/// `Double` path.
///
/// ```swift
/// let catalog = Catalog.builtin
/// let conversion = try catalog.conversion(from: "mi", to: "km")
/// conversion.convert(Rational(5))   // exactly 8.04672
/// conversion.convert(5.0)           // 8.04672
/// ```
public struct Conversion: Sendable {
  /// How values map from source to target.
  public enum Kind: String, Sendable, Hashable {
    /// Multiplication by a constant (miles to kilometres).
    case linear
    /// Scale and offset, between absolute temperatures (°F to °C).
    case affine
    /// The reciprocal of a linear map, between inverse dimensions (mpg to L/100km, pace to speed).
    case reciprocal
    /// Linear, counting one revolution as one cycle, between rotation and frequency (rpm to Hz).
    case cycles
    /// Through a nonlinear scale on either side (dBm to mW, mm to AWG), in floating point.
    case scale
  }

  /// The source unit.
  public let source: UnitExpression
  /// The target unit.
  public let target: UnitExpression
  /// How values map.
  public let kind: Kind

  /// For linear and cycles: target = source × scale. For reciprocal: target = scale / source.
  /// For affine: kelvin = (source + sourceOffset) × sourceScale; target = kelvin / targetScale − targetOffset.
  private let scale: Magnitude
  private let sourceOffset: Rational
  private let targetOffset: Rational
  private let sourceScale: Magnitude
  private let targetScale: Magnitude
  private let doubleScale: Double
  private let doubleSourceOffset: Double
  private let doubleTargetOffset: Double
  private let doubleAffineScale: Double
  /// For `.scale`: the nonlinear scale of each side, if it has one.
  private let sourceNonlinear: UnitScale?
  private let targetNonlinear: UnitScale?
  /// For `.scale` between a wire gauge and an area: +1 from the gauge to the area of the round
  /// wire's cross-section (π d²/4), −1 from an area to the gauge of that cross-section, 0 otherwise.
  private let crossSection: Int
  /// The substance that carries the source's dimension to the target's, when they differ and the
  /// source names one (`cup` of flour to `g`); nil otherwise, and always when the conversion
  /// needs no substance (exact conversions stay exact).
  package let bridge: SubstanceBridge?

  /// Resolves a conversion between two unit expressions, or explains why there is none.
  public init(from source: UnitExpression, to target: UnitExpression, catalog: Catalog) throws(ConvError) {
    self.source = source
    self.target = target
    (kind, bridge) = try Conversion.kindOrBridge(from: source, to: target, catalog: catalog)
    // A unit of size zero (`0km`, or a personal unit defined as `0 m`) would divide by zero below.
    if target.factor.isZero { throw .zeroUnit(target.text) }
    if source.factor.isZero && kind == .reciprocal { throw .zeroUnit(source.text) }
    sourceNonlinear = source.term.scaleUnit?.unit.scale
    targetNonlinear = target.term.scaleUnit?.unit.scale
    sourceScale = source.term.scaleUnit?.factor ?? source.absoluteUnit?.factor ?? source.factor
    targetScale = target.term.scaleUnit?.factor ?? target.absoluteUnit?.factor ?? target.factor
    sourceOffset = kind == .affine || kind == .scale ? (source.absoluteUnit?.unit.offset ?? .zero) : .zero
    targetOffset = kind == .affine || kind == .scale ? (target.absoluteUnit?.unit.offset ?? .zero) : .zero
    crossSection = kind == .scale ? Conversion.crossSectionDirection(from: source.term, to: target.term) : 0
    switch kind {
    case .scale where crossSection > 0:
      // The area of the gauge's diameter d (in its reference unit): π/4 · d² · (size of the
      // reference unit)² in the target's unit.
      scale = Magnitude(Rational(BigInteger(1), BigInteger(4)), piPower: 1) * sourceScale * sourceScale / targetScale
    case .scale where crossSection < 0:
      // The diameter of a cross-section A, in the gauge's reference unit: √(4/π · A · size / ref²).
      scale = Magnitude(Rational(4), piPower: -1) * sourceScale / (targetScale * targetScale)
    case .scale:
      scale = sourceScale / targetScale
    case .linear, .affine:
      scale = source.factor / target.factor * Magnitude(bridge?.factor ?? .one)
    case .reciprocal:
      scale = (source.factor * target.factor).reciprocal
    case .cycles:
      scale =
        source.factor / target.factor
        * Conversion.cycleFactor(from: source.dimension, to: target.dimension)
    }
    doubleScale = scale.approximation.doubleValue
    doubleSourceOffset = sourceOffset.doubleValue
    doubleTargetOffset = targetOffset.doubleValue
    doubleAffineScale = (sourceScale / targetScale).approximation.doubleValue
  }

  /// Whether results are exact (every factor exact and no π left over).
  public var isExact: Bool { kind != .scale && bridge == nil && source.isExact && target.isExact && scale.isRational }

  /// Converts an exact value. Every value converts, temperatures below absolute zero included
  /// (the map is the same affine one): front ends that read a value from a person refuse those
  /// with `checkAboveAbsoluteZero(_:)`, as `Catalog.parseQuantity` does for quantities.
  public func convert(_ value: Rational) throws(ConvError) -> Magnitude {
    switch kind {
    case .scale:
      return try convertThroughScale(value)
    case .linear, .cycles:
      let result = Magnitude(value) * scale
      return bridge?.rounded(result) ?? result
    case .affine:
      let kelvin = Magnitude(value + sourceOffset) * sourceScale
      return kelvin / targetScale + Magnitude(-targetOffset)
    case .reciprocal:
      guard !value.isZero else { throw .reciprocalOfZero(from: source.text, to: target.text) }
      guard !value.isNegative else { throw .reciprocalOfNegative(from: source.text, to: target.text) }
      return scale / Magnitude(value)
    }
  }

  /// Throws `ConvError.belowAbsoluteZero` when `value` in the source unit is an absolute
  /// temperature below absolute zero (`-500` for °C, `-1` for K); does nothing for other units.
  public func checkAboveAbsoluteZero(_ value: Rational) throws(ConvError) {
    guard let unit = source.absoluteUnit, !sourceScale.rational.isNegative,
      (Magnitude(value + unit.unit.offset) * sourceScale).rational.isNegative
    else { return }
    let written = value.terminatingDecimal?.plainString ?? value.description
    throw .belowAbsoluteZero(written + " " + source.text, minimum: Catalog.absoluteZero(in: unit), span: nil)
  }

  /// Converts an exact value that may itself carry powers of π (the output of another conversion).
  public func convertExactly(_ value: Magnitude) throws(ConvError) -> Magnitude {
    switch kind {
    case .scale:
      return try convertThroughScale(value.approximation)
    case .linear, .cycles:
      let result = value * scale
      return bridge?.rounded(result) ?? result
    case .affine:
      let kelvin = (value + Magnitude(sourceOffset)) * sourceScale
      return kelvin / targetScale + Magnitude(-targetOffset)
    case .reciprocal:
      guard !value.isZero else { throw .reciprocalOfZero(from: source.text, to: target.text) }
      guard !value.rational.isNegative else { throw .reciprocalOfNegative(from: source.text, to: target.text) }
      return scale / value
    }
  }

  /// Converts a `Double` with one or two floating-point operations (not correctly rounded), or
  /// through a nonlinear scale's functions. No value is refused: NaN and infinities pass through,
  /// and so do temperatures below absolute zero; a value with no result on a scale (`0` W in dBm,
  /// `60` AWG) gives NaN. ``convert(_:)-(Rational)`` throws the reason instead.
  @inlinable public func convert(_ value: Double) -> Double {
    switch kind {
    case .linear, .cycles: value * linearScale
    case .affine: affineConvert(value)
    case .reciprocal: linearScale / value
    case .scale: scaleConvert(value) ?? .nan
    }
  }

  /// The multiplier of a linear conversion (or the numerator of a reciprocal one), as a `Double`;
  /// for a conversion through a scale, only the ratio of the two reference units' sizes.
  public var linearScale: Double { doubleScale }

  @usableFromInline func affineConvert(_ value: Double) -> Double {
    (value + doubleSourceOffset) * doubleAffineScale - doubleTargetOffset
  }

  /// Converts every element of a buffer in place. A linear conversion is one multiplication per
  /// element, which the compiler vectorizes.
  public func convert(_ values: inout [Double]) {
    values.withUnsafeMutableBufferPointer { convert($0) }
  }

  /// Converts every element of a buffer in place.
  public func convert(_ values: UnsafeMutableBufferPointer<Double>) {
    switch kind {
    case .linear, .cycles:
      let k = doubleScale
      for index in values.indices { values[index] *= k }
    case .affine:
      let (a, b, c) = (doubleSourceOffset, doubleAffineScale, doubleTargetOffset)
      for index in values.indices { values[index] = (values[index] + a) * b - c }
    case .reciprocal:
      let k = doubleScale
      for index in values.indices { values[index] = k / values[index] }
    case .scale:
      for index in values.indices { values[index] = scaleConvert(values[index]) ?? .nan }
    }
  }

  // MARK: Nonlinear scales

  /// A value through the nonlinear scale(s): to the source's reference unit, across the exact
  /// ratio of the two sides' sizes (with absolute-temperature offsets), and onto the target's
  /// scale. Nil where there is no result (outside a domain, `0 W` in dBm).
  @usableFromInline func scaleConvert(_ value: Double) -> Double? {
    if crossSection != 0 { return crossSectionConvert(value) }
    var linear: Double
    if let source = sourceNonlinear {
      guard let reference = source.referenceValue(value) else { return nil }
      linear = reference + source.referenceOffset
    } else {
      linear = value + doubleSourceOffset
    }
    linear *= doubleScale
    if let target = targetNonlinear { return target.scaleValue(linear - target.referenceOffset) }
    let result = linear - doubleTargetOffset
    return result.isFinite ? result : nil
  }

  /// `scaleConvert` on an exact value, with the reason when there is no result. The linear part
  /// (the ratio of the two sides' sizes, temperature offsets) is exact; the scale functions are
  /// evaluated in floating point, on logarithms where a `Double` would overflow or underflow
  /// (`-5000 dBm`, `1e400 W` in dBm). A result is the decimal its `Double` prints as (its
  /// shortest round-trip form), or exact when it comes from the linear side.
  private func convertThroughScale(_ value: Rational) throws(ConvError) -> Magnitude {
    let written = value.terminatingDecimal?.plainString ?? value.description
    if crossSection > 0, let scale = sourceNonlinear {
      // A gauge to the area of its round wire's cross-section.
      let number = value.doubleValue
      guard number.isFinite else { throw .numberOutOfRange(written, span: SourceSpan(start: 0, length: written.count)) }
      guard scale.contains(number), let diameter = scale.referenceRational(number) else {
        throw .outsideScale(written + " " + source.text, unit: source.text, domain: scale.domainDescription, span: nil)
      }
      let area = diameter * diameter * self.scale.approximation
      guard ExactBound.admits(area) else { throw .resultOutOfRange }
      return Magnitude(area)
    }
    if crossSection < 0, let target = targetNonlinear {
      // An area to the gauge whose round wire has that cross-section.
      let squared = value * self.scale.approximation
      guard !squared.isNegative, let result = target.scaleValue(squared.doubleValue.squareRoot()),
        let decimal = Rational(shortestDecimal: result)
      else {
        throw .noScaleValue(written + " " + source.text, unit: self.target.text, domain: target.domainDescription)
      }
      return Magnitude(decimal)
    }
    var linear: Rational
    if let scale = sourceNonlinear {
      let number = value.doubleValue
      guard number.isFinite else { throw .numberOutOfRange(written, span: SourceSpan(start: 0, length: written.count)) }
      guard scale.contains(number) else {
        throw .outsideScale(written + " " + source.text, unit: source.text, domain: scale.domainDescription, span: nil)
      }
      guard let reference = scale.referenceRational(number),
        let offset = Rational(shortestDecimal: scale.referenceOffset)
      else {
        throw .outsideScale(written + " " + source.text, unit: source.text, domain: scale.domainDescription, span: nil)
      }
      linear = reference + offset
      if let target = targetNonlinear,
        let result = target.scaleValue(number, on: scale, ratio: self.scale.approximation),
        let decimal = Rational(shortestDecimal: result)
      {
        return Magnitude(decimal)
      }
    } else {
      linear = value + sourceOffset
    }
    linear = linear * scale.approximation
    guard ExactBound.admits(linear) else { throw .resultOutOfRange }
    if let target = targetNonlinear {
      guard let offset = Rational(shortestDecimal: target.referenceOffset),
        let result = target.scaleValue(exactly: linear - offset),
        let decimal = Rational(shortestDecimal: result)
      else {
        throw .noScaleValue(written + " " + source.text, unit: self.target.text, domain: target.domainDescription)
      }
      return Magnitude(decimal)
    }
    return Magnitude(linear - targetOffset)
  }

  /// `scaleConvert` between a gauge and an area (`crossSection` not 0).
  private func crossSectionConvert(_ value: Double) -> Double? {
    if crossSection > 0 {
      guard let diameter = sourceNonlinear?.referenceValue(value) else { return nil }
      let area = diameter * diameter * doubleScale
      return area.isFinite ? area : nil
    }
    let squared = value * doubleScale
    guard squared >= 0 else { return nil }
    return targetNonlinear?.scaleValue(squared.squareRoot())
  }

  /// Whether a conversion reads a wire gauge as the cross-section of its round wire: +1 from a
  /// value on a gauge (`12 AWG`) to an area (`mm2`, `kcmil`), −1 from an area to a gauge
  /// (`2.5 mm2 AWG`), 0 otherwise. A gauge denotes a diameter d; its cross-section is π d²/4.
  package static func crossSectionDirection(from source: Term, to target: Term) -> Int {
    func isGauge(_ term: Term) -> Bool {
      term.scaleUnit?.unit.scale?.readsGaugeNumbers == true && term.dimension == PhysicalDimension(.length)
    }
    let area = PhysicalDimension(.length).multiplied(by: PhysicalDimension(.length))
    if isGauge(source), target.scaleUnit == nil, target.dimension == area, target.absoluteUnit == nil { return 1 }
    if isGauge(target), source.scaleUnit == nil, source.dimension == area, source.absoluteUnit == nil { return -1 }
    return 0
  }

  // MARK: Deciding the kind

  /// The kind of conversion; when the sides do not convert as they are but the source names a
  /// substance that carries one dimension to the other, a linear conversion through it.
  static func kindOrBridge(
    from source: UnitExpression, to target: UnitExpression,
    catalog: Catalog
  ) throws(ConvError) -> (Kind, SubstanceBridge?) {
    do {
      return (
        try kind(from: source.term, to: target.term, fromText: source.text, toText: target.text, catalog: catalog), nil
      )
    } catch {
      guard let use = source.substance else { throw error }
      guard source.term.scaleUnit == nil, target.term.scaleUnit == nil,
        !source.term.hasOffsetTemperature, !target.term.hasOffsetTemperature
      else { throw error }
      let bridge = try SubstanceBridge(
        use: use, from: source.dimension, to: target.dimension, fromText: source.text,
        toText: target.text, catalog: catalog)
      return (.linear, bridge)
    }
  }

  static func kind(
    from source: Term, to target: Term, fromText: String, toText: String,
    catalog: Catalog
  ) throws(ConvError) -> Kind {
    if source.scaleUnit != nil || target.scaleUnit != nil {
      return try scaleKind(from: source, to: target, fromText: fromText, toText: toText, catalog: catalog)
    }
    if source.dimension == target.dimension {
      let sourceAbsolute = source.absoluteUnit != nil
      let targetAbsolute = target.absoluteUnit != nil
      if sourceAbsolute && targetAbsolute { return .affine }
      if source.hasOffsetTemperature && !targetAbsolute {
        throw .absoluteVersusDifference(absolute: fromText, difference: toText)
      }
      if target.hasOffsetTemperature && !sourceAbsolute {
        throw .absoluteVersusDifference(absolute: toText, difference: fromText)
      }
      return .linear
    }
    if !source.dimension.isNone && source.dimension == target.dimension.inverse {
      if source.hasOffsetTemperature || target.hasOffsetTemperature {
        throw .incompatible(
          from: catalog.describe(source.dimension), to: catalog.describe(target.dimension),
          fromUnit: fromText, toUnit: toText)
      }
      return .reciprocal
    }
    if let difference = source.dimension.divided(by: target.dimension),
      difference == PhysicalDimension(.angle) || difference == PhysicalDimension(.angle).inverse
    {
      return .cycles
    }
    throw .incompatible(
      from: catalog.describe(source.dimension), to: catalog.describe(target.dimension),
      fromUnit: fromText, toUnit: toText)
  }

  /// Checks a conversion through a nonlinear scale: the same dimension on both sides, two scales of
  /// one category (octaves and decibels are both ratios, of different things), and an absolute
  /// temperature facing a scale defined in one (gas mark).
  static func scaleKind(
    from source: Term, to target: Term, fromText: String, toText: String,
    catalog: Catalog
  ) throws(ConvError) -> Kind {
    let incompatible = ConvError.incompatible(
      from: catalog.describe(source.dimension), to: catalog.describe(target.dimension), fromUnit: fromText,
      toUnit: toText)
    // A wire gauge and an area: the cross-section of the round wire.
    if crossSectionDirection(from: source, to: target) != 0 { return .scale }
    guard source.dimension == target.dimension else { throw incompatible }
    if let from = source.scaleUnit, let to = target.scaleUnit {
      guard from.unit.categoryIdentifier == to.unit.categoryIdentifier else {
        let names = [from, to].map { unit in
          catalog.category(named: unit.unit.categoryIdentifier)?.title.lowercased() ?? ""
        }
        throw .incompatible(from: names[0], to: names[1], fromUnit: fromText, toUnit: toText)
      }
      return .scale
    }
    // A scale on an absolute temperature converts to absolute temperatures only.
    if let scale = (source.scaleUnit ?? target.scaleUnit)?.unit.scale, scale.referenceOffset != 0 {
      let linear = source.scaleUnit == nil ? source : target
      if linear.absoluteUnit == nil {
        throw source.scaleUnit == nil
          ? .absoluteVersusDifference(absolute: toText, difference: fromText)
          : .absoluteVersusDifference(absolute: fromText, difference: toText)
      }
    }
    return .scale
  }

  /// 1 / (2π) per radian of difference: one revolution counts as one cycle.
  static func cycleFactor(from source: PhysicalDimension, to target: PhysicalDimension) -> Magnitude {
    let difference = source[.angle] - target[.angle]
    return Magnitude(Rational(2), piPower: 1).power(-difference)
  }
}

extension Catalog {
  /// Resolves a reusable conversion between two unit expressions.
  public func conversion(from source: some StringProtocol, to target: some StringProtocol) throws(ConvError)
    -> Conversion
  {
    try Conversion(from: parseUnit(source), to: parseUnit(target), catalog: self)
  }
}

extension Catalog {
  /// Whether a reciprocal conversion between these two unit expressions is one the catalog
  /// declares (a `reciprocal:` header in `Data/`: fuel economy and fuel consumption, pace and
  /// speed), judged by the categories each side can belong to: its unit's own category, or for an
  /// expression every category of its dimension. False for any other kind of conversion.
  public func isDeclaredReciprocal(from source: UnitExpression, to target: UnitExpression) -> Bool {
    func categories(_ expression: UnitExpression) -> [UnitCategory] {
      if let unit = expression.singleUnit { return category(of: unit.unit).map { [$0] } ?? [] }
      return self.categories.filter { $0.dimension == expression.dimension }
    }
    let targets = categories(target)
    return categories(source).contains { from in
      targets.contains { to in from.reciprocals.contains(to.identifier) || to.reciprocals.contains(from.identifier) }
    }
  }
}
