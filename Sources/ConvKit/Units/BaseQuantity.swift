/// One of the independent quantities that every dimension is built from.
public enum BaseQuantity: Int, CaseIterable, Sendable {
  /// Length; coherent unit the metre.
  case length
  /// Mass; coherent unit the kilogram.
  case mass
  /// Time; coherent unit the second.
  case time
  /// Electric current; coherent unit the ampere.
  case current
  /// Thermodynamic temperature; coherent unit the kelvin.
  case temperature
  /// Amount of substance; coherent unit the mole.
  case amount
  /// Luminous intensity; coherent unit the candela.
  case luminousIntensity
  /// Information; coherent unit the bit.
  case information
  /// Plane angle, a base quantity in conv; coherent unit the radian.
  case angle
  /// Money, a base quantity in conv; coherent unit the euro (the ECB's rates are quoted against it).
  case currency

  /// The identifier used in `Data/` files (`length`, `luminous-intensity`).
  public var identifier: String {
    switch self {
    case .length: "length"
    case .mass: "mass"
    case .time: "time"
    case .current: "current"
    case .temperature: "temperature"
    case .amount: "amount"
    case .luminousIntensity: "luminous-intensity"
    case .information: "information"
    case .angle: "angle"
    case .currency: "currency"
    }
  }

  /// The dimension symbol used in formulas (`L`, `M`, `T`, `I`, `Θ`, `N`, `J`, `B`, `A`, `¤`).
  public var symbol: String {
    switch self {
    case .length: "L"
    case .mass: "M"
    case .time: "T"
    case .current: "I"
    case .temperature: "Θ"
    case .amount: "N"
    case .luminousIntensity: "J"
    case .information: "B"
    case .angle: "A"
    case .currency: "¤"
    }
  }

  /// Looks a base quantity up by its identifier.
  public init?(identifier: some StringProtocol) {
    guard let match = BaseQuantity.allCases.first(where: { $0.identifier == identifier }) else { return nil }
    self = match
  }
}
