/// The elementary functions that nonlinear scales need, in pure Swift (the engine links no C
/// library): natural logarithm, exponential and real powers, accurate to a few units in the last
/// place of a `Double`.
enum RealFunctions {
  /// ln 2 split in two parts, so that `k · ln 2` is exact for the high part (Cody and Waite).
  private static let ln2High = 6.93147180369123816490e-01
  private static let ln2Low = 1.90821492927058770002e-10
  private static let ln2 = 0.693147180559945309417232121458176568

  /// The natural logarithm; NaN below zero, −∞ at zero.
  static func ln(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x.isInfinite { return .infinity }
    // x = m · 2^e with m in [√½, √2): ln x = e · ln 2 + ln m, and ln m = 2 atanh(z), z = (m − 1)/(m + 1).
    var exponent = Double(x.exponent)
    var mantissa = x.significand  // in [1, 2)
    if mantissa > 1.4142135623730951 {
      mantissa /= 2
      exponent += 1
    }
    let z = (mantissa - 1) / (mantissa + 1)
    let z2 = z * z
    // |z| ≤ 0.1716, so z² ≤ 0.0295: 12 terms of the odd series reach well below 10⁻¹⁷.
    var term = z
    var sum = 0.0
    var denominator = 1.0
    for _ in 0..<14 {
      sum += term / denominator
      term *= z2
      denominator += 2
    }
    return exponent * ln2High + (2 * sum + exponent * ln2Low)
  }

  /// e raised to `x`; 0 below about −745, +∞ above about 709.8.
  static func exp(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if x > 709.8 { return .infinity }
    if x < -745.2 { return 0 }
    // x = k ln 2 + r with |r| ≤ ln 2 / 2; e^x = 2^k e^r.
    let k = (x / ln2).rounded()
    let r = (x - k * ln2High) - k * ln2Low
    var term = 1.0
    var sum = 1.0
    for n in 1...24 {
      term *= r / Double(n)
      sum += term
      if abs(term) < 1e-18 * abs(sum) { break }
    }
    return scaled(sum, byPowerOfTwo: Int(k))
  }

  /// `value × 2^power`, through subnormal results without double rounding issues that matter here.
  private static func scaled(_ value: Double, byPowerOfTwo power: Int) -> Double {
    var result = value
    var remaining = power
    while remaining > 1000 {
      result *= 0x1p1000
      remaining -= 1000
    }
    while remaining < -1000 {
      result *= 0x1p-1000
      remaining += 1000
    }
    return result * Double(sign: .plus, exponent: remaining, significand: 1)
  }

  /// The base-10 logarithm.
  static func log10(_ x: Double) -> Double {
    let exact = exactPowerOfTen(x)
    return exact ?? ln(x) / 2.302585092994045684017991454684364208
  }

  /// The base-2 logarithm.
  static func log2(_ x: Double) -> Double {
    if x > 0, x.isFinite, x.significand == 1 { return Double(x.exponent) }
    return ln(x) / ln2
  }

  /// `base` raised to `exponent`, for real exponents: exact for integer exponents of moderate size
  /// (repeated squaring) and for powers of ten, else `exp(exponent · ln base)`. NaN for a negative
  /// base with a non-integer exponent.
  static func pow(_ base: Double, _ exponent: Double) -> Double {
    if exponent == 0 { return 1 }
    if base.isNaN || exponent.isNaN { return .nan }
    if exponent == exponent.rounded(), abs(exponent) <= 64 {
      var result = 1.0
      var factor = base
      var n = Int(abs(exponent))
      while n > 0 {
        if n & 1 == 1 { result *= factor }
        factor *= factor
        n >>= 1
      }
      return exponent < 0 ? 1 / result : result
    }
    if base == 10, exponent == exponent.rounded(), abs(exponent) <= 308 {
      return Double("1e\(Int(exponent))")!
    }
    if base < 0 { return .nan }
    if base == 0 { return exponent > 0 ? 0 : .infinity }
    if base.isInfinite { return exponent > 0 ? .infinity : 0 }
    // base = m · 2^e: base^b = 2^(e·b) · m^b. The product e·b is split into an integer k, its
    // fraction and the rounding error of the product (by a fused multiply-add), so that a large
    // exponent of two does not cost the result its last digits.
    let e = Double(base.exponent)
    let m = base.significand
    let product = e * exponent
    guard product.isFinite, abs(product) < 1e6 else { return exp(exponent * ln(base)) }
    let error = (-product).addingProduct(e, exponent)
    let k = product.rounded(.down)
    let argument = ((product - k) + error) * ln2 + exponent * ln(m)
    return scaled(exp(argument), byPowerOfTwo: Int(k))
  }

  /// n when `x` is exactly the double nearest to 10ⁿ (so that `log10(1000) = 3` exactly).
  private static func exactPowerOfTen(_ x: Double) -> Double? {
    guard x > 0, x.isFinite else { return nil }
    let guess = (ln(x) / 2.302585092994045684017991454684364208).rounded()
    guard abs(guess) <= 308, Double("1e\(Int(guess))") == x else { return nil }
    return guess
  }

  /// The square root (the standard library's correctly rounded one).
  static func sqrt(_ x: Double) -> Double { x.squareRoot() }
}
