/// One of the independent quantities that every dimension is built from.
public enum BaseQuantity: Int, CaseIterable, Sendable {
  case length, mass, time, current, temperature, amount, luminousIntensity, information, angle

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
    }
  }

  /// The dimension symbol used in formulas (`L`, `M`, `T`, `I`, `Θ`, `N`, `J`, `B`, `A`).
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
    }
  }

  /// Looks a base quantity up by its identifier.
  public init?(identifier: some StringProtocol) {
    guard let match = BaseQuantity.allCases.first(where: { $0.identifier == identifier }) else { return nil }
    self = match
  }
}
