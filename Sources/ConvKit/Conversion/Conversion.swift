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

  /// Resolves a conversion between two unit expressions, or explains why there is none.
  public init(from source: UnitExpression, to target: UnitExpression, catalog: Catalog) throws(ConvError) {
    self.source = source
    self.target = target
    kind = try Conversion.kind(from: source.term, to: target.term, fromText: source.text, toText: target.text,
                               catalog: catalog)
    // A unit of size zero (`0km`, or a personal unit defined as `0 m`) would divide by zero below.
    if target.factor.isZero { throw .zeroUnit(target.text) }
    if source.factor.isZero && kind == .reciprocal { throw .zeroUnit(source.text) }
    sourceScale = source.absoluteUnit?.factor ?? source.factor
    targetScale = target.absoluteUnit?.factor ?? target.factor
    sourceOffset = kind == .affine ? (source.absoluteUnit?.unit.offset ?? .zero) : .zero
    targetOffset = kind == .affine ? (target.absoluteUnit?.unit.offset ?? .zero) : .zero
    switch kind {
    case .linear, .affine:
      scale = source.factor / target.factor
    case .reciprocal:
      scale = (source.factor * target.factor).reciprocal
    case .cycles:
      scale = source.factor / target.factor
        * Conversion.cycleFactor(from: source.dimension, to: target.dimension)
    }
    doubleScale = scale.approximation.doubleValue
    doubleSourceOffset = sourceOffset.doubleValue
    doubleTargetOffset = targetOffset.doubleValue
    doubleAffineScale = (sourceScale / targetScale).approximation.doubleValue
  }

  /// Whether results are exact (every factor exact and no π left over).
  public var isExact: Bool { source.isExact && target.isExact && scale.isRational }

  /// Converts an exact value. Every value converts, temperatures below absolute zero included
  /// (the map is the same affine one): front ends that read a value from a person refuse those
  /// with `checkAboveAbsoluteZero(_:)`, as `Catalog.parseQuantity` does for quantities.
  public func convert(_ value: Rational) throws(ConvError) -> Magnitude {
    switch kind {
    case .linear, .cycles:
      return Magnitude(value) * scale
    case .affine:
      let kelvin = Magnitude(value + sourceOffset) * sourceScale
      return kelvin / targetScale + Magnitude(-targetOffset)
    case .reciprocal:
      guard !value.isZero else { throw .reciprocalOfZero(from: source.text, to: target.text) }
      return scale / Magnitude(value)
    }
  }

  /// Throws `ConvError.belowAbsoluteZero` when `value` in the source unit is an absolute
  /// temperature below absolute zero (`-500` for °C, `-1` for K); does nothing for other units.
  public func checkAboveAbsoluteZero(_ value: Rational) throws(ConvError) {
    guard let unit = source.absoluteUnit, !sourceScale.rational.isNegative,
          (Magnitude(value + unit.unit.offset) * sourceScale).rational.isNegative else { return }
    let written = value.terminatingDecimal?.plainString ?? value.description
    throw .belowAbsoluteZero(written + " " + source.text, minimum: Catalog.absoluteZero(in: unit), span: nil)
  }

  /// Converts an exact value that may itself carry powers of π (the output of another conversion).
  public func convertExactly(_ value: Magnitude) throws(ConvError) -> Magnitude {
    switch kind {
    case .linear, .cycles:
      return value * scale
    case .affine:
      let kelvin = (value + Magnitude(sourceOffset)) * sourceScale
      return kelvin / targetScale + Magnitude(-targetOffset)
    case .reciprocal:
      guard !value.isZero else { throw .reciprocalOfZero(from: source.text, to: target.text) }
      return scale / value
    }
  }

  /// Converts a `Double` with one or two floating-point operations (not correctly rounded). No
  /// value is refused: NaN and infinities pass through, and so do temperatures below absolute zero.
  @inlinable public func convert(_ value: Double) -> Double {
    switch kind {
    case .linear, .cycles: value * linearScale
    case .affine: affineConvert(value)
    case .reciprocal: linearScale / value
    }
  }

  /// The multiplier of a linear conversion (or the numerator of a reciprocal one), as a `Double`.
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
    }
  }

  // MARK: Deciding the kind

  static func kind(from source: Term, to target: Term, fromText: String, toText: String,
                   catalog: Catalog) throws(ConvError) -> Kind {
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
        throw .incompatible(from: catalog.describe(source.dimension), to: catalog.describe(target.dimension),
                            fromUnit: fromText, toUnit: toText)
      }
      return .reciprocal
    }
    if let difference = source.dimension.divided(by: target.dimension),
       difference == PhysicalDimension(.angle) || difference == PhysicalDimension(.angle).inverse {
      return .cycles
    }
    throw .incompatible(from: catalog.describe(source.dimension), to: catalog.describe(target.dimension),
                        fromUnit: fromText, toUnit: toText)
  }

  /// 1 / (2π) per radian of difference: one revolution counts as one cycle.
  static func cycleFactor(from source: PhysicalDimension, to target: PhysicalDimension) -> Magnitude {
    let difference = source[.angle] - target[.angle]
    return Magnitude(Rational(2), piPower: 1).power(-difference)
  }
}

extension Catalog {
  /// Resolves a reusable conversion between two unit expressions.
  public func conversion(from source: some StringProtocol, to target: some StringProtocol) throws(ConvError) -> Conversion {
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
