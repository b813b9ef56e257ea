/// Which family of prefixes a unit accepts.
public enum PrefixFamily: String, Sendable, Hashable {
  /// No prefixes.
  case none
  /// SI decimal prefixes, quecto (10⁻³⁰) to quetta (10³⁰).
  case si
  /// IEC binary prefixes (kibi … quebi) and the SI prefixes from kilo up: data is not divided
  /// (`dB` is no decibyte, `mb` no millibit).
  case iec
}

/// A unit prefix such as kilo (k, 10³) or gibi (Gi, 2³⁰).
public struct Prefix: Sendable, Hashable {
  /// Symbols, the first being the one shown (`µ`, then `μ` and `u`).
  public let symbols: [String]
  /// The word form (`micro`).
  public let name: String
  /// The multiplier.
  public let factor: Rational
  /// Whether this is an IEC binary prefix.
  public let isBinary: Bool

  /// The symbol shown in output.
  public var symbol: String { symbols[0] }

  init(_ symbols: [String], _ name: String, power: Int, binary: Bool = false) {
    self.symbols = symbols
    self.name = name
    self.isBinary = binary
    self.factor = binary ? Rational(BigInteger.one.shiftedLeft(by: power)) : Rational.powerOfTen(power)
  }

  /// SI prefixes (BIPM SI Brochure, 9th ed. 2019, Table 7, with the 2022 additions ronna, quetta, ronto, quecto).
  public static let si: [Prefix] = [
    Prefix(["Q"], "quetta", power: 30), Prefix(["R"], "ronna", power: 27), Prefix(["Y"], "yotta", power: 24),
    Prefix(["Z"], "zetta", power: 21), Prefix(["E"], "exa", power: 18), Prefix(["P"], "peta", power: 15),
    Prefix(["T"], "tera", power: 12), Prefix(["G"], "giga", power: 9), Prefix(["M"], "mega", power: 6),
    Prefix(["k"], "kilo", power: 3), Prefix(["h"], "hecto", power: 2), Prefix(["da"], "deca", power: 1),
    Prefix(["d"], "deci", power: -1), Prefix(["c"], "centi", power: -2), Prefix(["m"], "milli", power: -3),
    Prefix(["µ", "μ", "u"], "micro", power: -6), Prefix(["n"], "nano", power: -9),
    Prefix(["p"], "pico", power: -12), Prefix(["f"], "femto", power: -15), Prefix(["a"], "atto", power: -18),
    Prefix(["z"], "zepto", power: -21), Prefix(["y"], "yocto", power: -24), Prefix(["r"], "ronto", power: -27),
    Prefix(["q"], "quecto", power: -30),
  ]

  /// IEC binary prefixes (IEC 80000-13:2008, with robi and quebi).
  public static let iec: [Prefix] = [
    Prefix(["Ki"], "kibi", power: 10, binary: true), Prefix(["Mi"], "mebi", power: 20, binary: true),
    Prefix(["Gi"], "gibi", power: 30, binary: true), Prefix(["Ti"], "tebi", power: 40, binary: true),
    Prefix(["Pi"], "pebi", power: 50, binary: true), Prefix(["Ei"], "exbi", power: 60, binary: true),
    Prefix(["Zi"], "zebi", power: 70, binary: true), Prefix(["Yi"], "yobi", power: 80, binary: true),
    Prefix(["Ri"], "robi", power: 90, binary: true), Prefix(["Qi"], "quebi", power: 100, binary: true),
  ]

  /// Alternative word forms accepted on input (`deka`).
  static let nameAliases: [String: String] = ["deka": "deca"]

  /// Whether a unit with the given family accepts this prefix.
  public func applies(to family: PrefixFamily) -> Bool {
    switch family {
    case .none: false
    case .si: !isBinary
    case .iec: isBinary || factor >= Prefix.smallestDataMultiple
    }
  }

  /// The smallest SI prefix units of the `iec` family take: kilo.
  static let smallestDataMultiple = Rational.powerOfTen(3)
}
