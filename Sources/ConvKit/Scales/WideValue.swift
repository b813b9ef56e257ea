/// A value of a scale function that may lie beyond a `Double`'s range: a `Double`, or a positive
/// number held as its base-10 logarithm (`-5000 dBm` is 10⁻⁵⁰⁰ mW, `1e400 W` is 10⁴⁰³ mW).
///
/// Scale functions are mostly exponentials and logarithms; evaluated on logarithms where a plain
/// `Double` would overflow or lose its digits to underflow, they give the exact-rational engine
/// its answer (`1e-320 W` is exactly −3200 dBW, not −3200.00004834948).
enum WideValue: Sendable, Hashable {
  /// A plain floating-point value.
  case plain(Double)
  /// 10 raised to this power.
  case powerOfTen(Double)

  /// The value as a `Double` when one holds it with full precision (a normal number or zero); nil
  /// otherwise.
  var normalDouble: Double? {
    switch self {
    case .plain(let value): return value.isFinite && (value == 0 || value.isNormal) ? value : nil
    case .powerOfTen(let power):
      guard power.isFinite, power < 308, power > -307 else { return nil }
      let value = RealFunctions.pow(10, power)
      return value.isNormal ? value : nil
    }
  }

  /// The base-10 logarithm of a positive value; nil for zero, negatives and non-finite values.
  var log10: Double? {
    switch self {
    case .plain(let value): return value > 0 && value.isFinite ? RealFunctions.log10(value) : nil
    case .powerOfTen(let power): return power.isFinite ? power : nil
    }
  }

  static let ln10 = 2.302585092994045684017991454684364208
  /// lg 2 as `RealFunctions.log10` gives it, so that lg of 2ˣ over it is x again (1 octave is
  /// 1200 cents, not 1199.9999999999998).
  static let log10Of2 = RealFunctions.log10(2)

  /// The value as an exact rational: a plain value as the decimal it prints as, a power of ten as
  /// 10ⁿ times the decimal of the rest; nil when it is not finite or beyond ``ExactBound``.
  var rational: Rational? {
    switch self {
    case .plain(let value): return Rational(shortestDecimal: value)
    case .powerOfTen(let power):
      guard power.isFinite, abs(power) < Double(ExactBound.maximumDigits - 20) else { return nil }
      let whole = power.rounded(.down)
      let mantissa = RealFunctions.pow(10, power - whole)
      guard let digits = Rational(shortestDecimal: mantissa) else { return nil }
      return digits * Rational.powerOfTen(Int(whole))
    }
  }

  /// The base-10 logarithm of a positive rational, from its leading digits and its power of ten
  /// (no `Double` overflow: 10⁴⁰³ gives 403 exactly); nil for zero and negatives.
  static func log10(of value: Rational) -> Double? {
    guard value > .zero else { return nil }
    let digits = value.rounded(significantDigits: 17)
    let leading = digits.digits
    let first = leading.prefix(1)
    let rest = leading.dropFirst()
    guard let mantissa = Double(first + (rest.isEmpty ? "" : "." + rest)) else { return nil }
    return Double(digits.scientificExponent) + RealFunctions.log10(mantissa)
  }
}

extension ScaleFunction {
  /// The function's value at `value`, evaluated on logarithms where a `Double` would overflow or
  /// underflow: exponentials and powers of positive values give powers of ten, logarithms of them
  /// plain values. Sums, tables and signs need plain values; nil where one is beyond range.
  /// With `preferringPowers`, a power of a positive base is always held as a power of ten, so that
  /// a logarithm taken of it later loses nothing (3 dB in bels is 0.3, not 0.29999999999999993).
  func callAsFunction(wide value: WideValue, preferringPowers: Bool = false) -> WideValue? {
    ScaleFunction.evaluate(root, atWide: value, preferringPowers: preferringPowers)
  }

  private static func plain(_ value: WideValue?) -> Double? {
    guard let value else { return nil }
    switch value {
    case .plain(let number): return number
    case .powerOfTen: return value.normalDouble
    }
  }

  private static func evaluate(_ node: Node, atWide x: WideValue, preferringPowers: Bool) -> WideValue? {
    func evaluate(_ node: Node, atWide x: WideValue) -> WideValue? {
      ScaleFunction.evaluate(node, atWide: x, preferringPowers: preferringPowers)
    }
    switch node {
    case .number(let value): return .plain(value)
    case .variable: return x
    case .negate(let a):
      return plain(evaluate(a, atWide: x)).map { .plain(-$0) }
    case .add(let a, let b), .subtract(let a, let b):
      guard let left = plain(evaluate(a, atWide: x)), let right = plain(evaluate(b, atWide: x)) else { return nil }
      if case .add = node { return .plain(left + right) }
      return .plain(left - right)
    case .multiply(let a, let b), .divide(let a, let b):
      guard let left = evaluate(a, atWide: x), let right = evaluate(b, atWide: x) else { return nil }
      let isProduct = if case .multiply = node { true } else { false }
      if case .plain(let l) = left, case .plain(let r) = right {
        let value = isProduct ? l * r : l / r
        // A true zero (a zero factor or numerator), or a normal result: plain.
        if value.isNaN || (value == 0 && (l == 0 || (isProduct && r == 0))) || value.isNormal { return .plain(value) }
      }
      guard let logLeft = left.log10, let logRight = right.log10 else {
        guard let l = plain(left), let r = plain(right) else { return nil }
        return .plain(isProduct ? l * r : l / r)
      }
      return .powerOfTen(isProduct ? logLeft + logRight : logLeft - logRight)
    case .power(let a, let b):
      guard let base = evaluate(a, atWide: x), let exponent = plain(evaluate(b, atWide: x)) else { return nil }
      if case .plain(let value) = base, !preferringPowers || value <= 0 {
        let result = RealFunctions.pow(value, exponent)
        if result.isNaN || result.isNormal || (result == 0 && value == 0) || exponent == 0 { return .plain(result) }
      }
      guard let logarithm = base.log10 else { return plain(base).map { .plain(RealFunctions.pow($0, exponent)) } }
      return .powerOfTen(logarithm * exponent)
    case .function(let name, let a):
      guard let argument = evaluate(a, atWide: x) else { return nil }
      if case .powerOfTen(let power) = argument {
        switch name {
        case "log10": return .plain(power)
        case "ln": return .plain(power * WideValue.ln10)
        case "log2": return .plain(power / WideValue.log10Of2)
        case "sqrt": return .powerOfTen(power / 2)
        default: return plain(argument).map { .plain(apply(name, $0)) }
        }
      }
      guard case .plain(let value) = argument else { return nil }
      let result = apply(name, value)
      if name == "exp", preferringPowers || !(result.isNormal || result.isNaN) {
        return .powerOfTen(value / WideValue.ln10)
      }
      return .plain(result)
    case .table(let argument, let xs, let ys):
      guard let value = plain(evaluate(argument, atWide: x)) else { return nil }
      return .plain(interpolate(value, xs, ys))
    }
  }
}
