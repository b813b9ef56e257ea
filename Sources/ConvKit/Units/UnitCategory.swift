/// A group of units of one dimension, as the seed app groups them (Length, Fuel economy, …).
public struct UnitCategory: Sendable, Hashable {
  /// Identifier (`fuel-economy`).
  public let identifier: String
  /// Display title (`Fuel economy`).
  public let title: String
  /// Dimension every unit of the category has.
  public let dimension: Dimension
  /// Other names the category answers to.
  public let aliases: [String]

  /// Creates a category.
  public init(identifier: String, title: String, dimension: Dimension, aliases: [String] = []) {
    self.identifier = identifier
    self.title = title
    self.dimension = dimension
    self.aliases = aliases
  }
}
