/// How a nonlinear unit maps its values to a linear unit: decibels, wire gauges, pH, Beaufort.
///
/// A value `x` on the scale is `forward(x)` of the reference unit (`10^(x/10)` mW for dBm), and a
/// value `y` of the reference unit is `inverse(y)` on the scale. Without a written inverse, the
/// forward function is inverted numerically inside the domain, which it must cover monotonically.
public struct UnitScale: Sendable, Hashable {
  /// The reference unit as written (`mW`, `20 µPa`, `°F`).
  public let reference: String
  /// The value of the reference unit for a value on the scale.
  public let forward: ScaleFunction
  /// The value on the scale for a value of the reference unit, when written in `Data/`.
  public let inverse: ScaleFunction?
  /// The smallest value on the scale, when it has one (−3, for AWG 0000).
  public let minimum: Double?
  /// The largest value on the scale, when it has one (40, for AWG).
  public let maximum: Double?
  /// Whether the scale reads gauge numbers: `0000` and `4/0` are −3, `00` and `2/0` are −1.
  public let readsGaugeNumbers: Bool
  /// Whether the scale's name may be written before its number, as recipes print `gas mark 4`
  /// (flag `name-first`).
  public let takesNameFirst: Bool
  /// For an absolute-temperature reference (`°F`): how many of its degrees lie between its zero
  /// and absolute zero (459.67). Zero otherwise.
  public let referenceOffset: Double

  /// Creates a scale; `CatalogLoader` makes them from `scale(REF; FORWARD; INVERSE)` definitions.
  package init(
    reference: String, forward: ScaleFunction, inverse: ScaleFunction?, minimum: Double?, maximum: Double?,
    readsGaugeNumbers: Bool = false, takesNameFirst: Bool = false, referenceOffset: Double = 0
  ) {
    self.reference = reference
    self.forward = forward
    self.inverse = inverse
    self.minimum = minimum
    self.maximum = maximum
    self.readsGaugeNumbers = readsGaugeNumbers
    self.takesNameFirst = takesNameFirst
    self.referenceOffset = referenceOffset
  }

  /// Whether `value` lies on the scale.
  public func contains(_ value: Double) -> Bool {
    value.isFinite && (minimum.map { value >= $0 } ?? true) && (maximum.map { value <= $0 } ?? true)
  }

  /// The value of the reference unit for `value` on the scale; nil outside the domain or where the
  /// function is undefined.
  public func referenceValue(_ value: Double) -> Double? {
    guard contains(value) else { return nil }
    let result = forward(value)
    // The quantities scales measure (power, amplitude, diameter, density, speed) are not negative;
    // only a scale on an absolute temperature (gas mark, in °F) goes below its reference's zero.
    guard result.isFinite, result >= 0 || referenceOffset != 0 else { return nil }
    return result
  }

  /// The value of the reference unit for `value` on the scale as an exact rational, also where a
  /// `Double` would overflow or underflow (`-5000 dBm` is 10⁻⁵⁰⁰ mW, not 0); nil outside the
  /// domain, where the function is undefined, or beyond ``ExactBound``.
  public func referenceRational(_ value: Double) -> Rational? {
    guard contains(value), let wide = forward(wide: .plain(value)) else { return nil }
    if case .plain(let result) = wide {
      guard result.isFinite, result >= 0 || referenceOffset != 0 else { return nil }
    }
    return wide.rational
  }

  /// The value on this scale for `value` on `source`, another scale of the same category, whose
  /// reference unit is `ratio` of this one's: on logarithms all the way when both scales are
  /// exponential (3 dB is 0.3 bel exactly, not 0.29999999999999993); nil when that does not apply.
  public func scaleValue(_ value: Double, on source: UnitScale, ratio: Rational) -> Double? {
    guard source.referenceOffset == 0, referenceOffset == 0, source.contains(value), let inverse,
      case .powerOfTen(let power)? = source.forward(wide: .plain(value), preferringPowers: true),
      let ratioLogarithm = WideValue.log10(of: ratio),
      case .plain(let result)? = inverse(wide: .powerOfTen(power + ratioLogarithm))
    else { return nil }
    return onScale(result)
  }

  /// The value on the scale for an exact `value` of the reference unit, computed from the rational
  /// where no `Double` holds it with all its digits (`1e400 W` is 4030 dBm; `1e-320` is −3200 dB
  /// exactly); nil where there is none or it falls outside the domain.
  public func scaleValue(exactly value: Rational) -> Double? {
    let double = value.doubleValue
    if double.isNormal || value.isZero || value.isNegative { return scaleValue(double) }
    guard let inverse, let logarithm = WideValue.log10(of: value),
      case .plain(let result)? = inverse(wide: .powerOfTen(logarithm))
    else { return nil }
    return onScale(result)
  }

  /// The value on the scale for `value` of the reference unit; nil where there is none (`0 W` has
  /// no dBm value) or it falls outside the domain.
  public func scaleValue(_ value: Double) -> Double? {
    guard value.isFinite, value >= 0 || referenceOffset != 0 else { return nil }
    let result: Double
    if let inverse {
      result = inverse(value)
    } else {
      guard let solved = solve(value) else { return nil }
      result = solved
    }
    return onScale(result)
  }

  /// A computed value on the scale, snapped to a bound it missed by a rounding error; nil when it
  /// is not finite or lies outside the domain.
  private func onScale(_ result: Double) -> Double? {
    guard result.isFinite else { return nil }
    // A written inverse may land a rounding error outside a bounded domain: snap to the bound.
    if let minimum, result < minimum, minimum - result <= 1e-9 * max(1, abs(minimum)) { return minimum }
    if let maximum, result > maximum, result - maximum <= 1e-9 * max(1, abs(maximum)) { return maximum }
    return contains(result) ? result : nil
  }

  /// Solves `forward(x) = target` for x in the domain by bisection (the function is monotonic there).
  private func solve(_ target: Double) -> Double? {
    guard let low = minimum, let high = maximum else { return nil }
    var a = low
    var b = high
    let fa = forward(a)
    let fb = forward(b)
    guard fa.isFinite, fb.isFinite else { return nil }
    if fa == target { return a }
    if fb == target { return b }
    let increasing = fb > fa
    guard increasing ? (target > fa && target < fb) : (target < fa && target > fb) else { return nil }
    for _ in 0..<200 {
      let middle = a + (b - a) / 2
      if middle <= a || middle >= b { break }
      let value = forward(middle)
      if value == target { return middle }
      if (value < target) == increasing { a = middle } else { b = middle }
    }
    // The end of the bracket whose image is closer to the target.
    return abs(forward(a) - target) <= abs(forward(b) - target) ? a : b
  }

  /// What is wrong with the scale's functions, checked on sample values of its domain (or of
  /// −60…60 without one): a written inverse must undo the forward function, and a forward function
  /// that conv inverts numerically must be monotonic. Nil when nothing is.
  package func consistencyProblem() -> String? {
    let low = minimum ?? -60
    let high = maximum ?? 60
    let samples = (0...64).map { low + (high - low) * Double($0) / 64 }
    var previous: Double? = nil
    var direction = 0
    for x in samples {
      guard let y = referenceValue(x) else { continue }
      if let inverse {
        let back = inverse(y)
        if !(abs(back - x) <= 1e-9 * max(1, abs(x))) {
          return "the inverse function does not undo the forward one: x = \(ScaleNumber.plain(x)) gives y = \(y), "
            + "and the inverse of that is \(back)"
        }
      } else if let previous, y != previous {
        let step = y > previous ? 1 : -1
        if direction != 0 && step != direction {
          return
            "the forward function is not monotonic between min= and max= (it turns near x = \(ScaleNumber.plain(x))), "
            + "so it cannot be inverted: write the inverse function"
        }
        direction = step
      }
      previous = y
    }
    return nil
  }

  /// How a gauge number below one is written on a scale that reads them: −3 as `0000`, −1 as `00`;
  /// nil for any other value (or scale).
  public func gaugeSpelling(_ value: Rational) -> String? {
    guard readsGaugeNumbers, value.isInteger, value < .one, value > Rational(-8) else { return nil }
    let zeros = Int((Rational.one - value).doubleValue)
    return zeros >= 2 ? String(repeating: "0", count: zeros) : nil
  }

  /// The domain in words (`from 0000 to 40`, `from 0 to 17`, `from 0 up`), with gauge numbers where the scale reads them.
  public var domainDescription: String? {
    func number(_ value: Double) -> String {
      Rational(shortestDecimal: value).flatMap(gaugeSpelling) ?? ScaleNumber.plain(value)
    }
    switch (minimum, maximum) {
    case (let low?, let high?): return "from " + number(low) + " to " + number(high)
    case (let low?, nil): return "from " + number(low) + " up"
    case (nil, let high?): return "up to " + number(high)
    case (nil, nil): return nil
    }
  }
}

/// Short plain decimal forms of scale bounds and gauge numbers for messages (`40`, `0.25`, `-6`).
enum ScaleNumber {
  static func plain(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}

extension Rational {
  /// The decimal that a `Double` prints as (its shortest round-trip form: 0.1, not the binary
  /// fraction nearest to it); nil for NaN and infinities.
  public init?(shortestDecimal value: Double) {
    guard value.isFinite else { return nil }
    if value == 0 {
      self = .zero
      return
    }
    let text = "\(value.magnitude)".replacing(text: "e+", with: "e")
    guard let parsed = Rational(decimalLiteral: text) else { return nil }
    self = value < 0 ? -parsed : parsed
  }
}
