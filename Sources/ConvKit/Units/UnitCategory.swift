/// A group of units of one dimension, as the seed app groups them (Length, Fuel economy, …).
public struct UnitCategory: Sendable, Hashable {
  /// Identifier (`fuel-economy`).
  public let identifier: String
  /// Display title (`Fuel economy`).
  public let title: String
  /// The dimension every unit of the category has.
  public let dimension: PhysicalDimension
  /// Other names the category answers to.
  public let aliases: [String]
  /// Prefixed forms shown with the common units in the whole column (`km`, `cm`), as spellings the
  /// catalog resolves to a prefix and a unit of this category.
  public let featured: [String]
  /// Identifiers of the categories of the inverse dimension that this one converts to as a
  /// matter of course (fuel economy and fuel consumption, pace and speed). Any other reciprocal
  /// conversion is flagged (see `Conversion.isDeclaredReciprocal`).
  public let reciprocals: [String]
  /// Identifiers of categories of the same dimension whose common units join this one's curated
  /// whole column (nautical and astronomical lengths beside the length units).
  public let related: [String]
  /// The units people reach for, per measurement system (`everyday:` in `Data/`): what the
  /// curated whole column and the REPL's default pair draw on. Empty when not declared.
  package let everyday: [EverydayGroup]

  /// Creates a category.
  public init(
    identifier: String, title: String, dimension: PhysicalDimension, aliases: [String] = [],
    featured: [String] = [], reciprocals: [String] = [], related: [String] = []
  ) {
    self.init(
      identifier: identifier, title: title, dimension: dimension, aliases: aliases, featured: featured,
      reciprocals: reciprocals, related: related, everyday: [])
  }

  /// Creates a category with its everyday units (`everyday:` in `Data/`).
  package init(
    identifier: String, title: String, dimension: PhysicalDimension, aliases: [String] = [],
    featured: [String] = [], reciprocals: [String] = [], related: [String] = [],
    everyday: [EverydayGroup]
  ) {
    self.related = related
    self.everyday = everyday
    self.identifier = identifier
    self.title = title
    self.dimension = dimension
    self.aliases = aliases
    self.featured = featured
    self.reciprocals = reciprocals
  }
}
