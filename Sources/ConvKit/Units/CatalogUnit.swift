/// A named unit of the catalog, such as the mile or the degree Celsius.
public struct CatalogUnit: Sendable, Hashable {
  /// Canonical singular name (`mile`, `degree Celsius`).
  public let name: String
  /// Plural name (`miles`); equal to `name` when the plural is invariant (`hertz`).
  public let plural: String
  /// Symbols, the first being the one shown (`mi`). May be empty.
  public let symbols: [String]
  /// Other accepted names and spellings.
  public let aliases: [String]
  /// Bare spellings this unit takes over from another unit's symbol (`F` for °F, while the farad
  /// keeps `F` for display and prefixes). Written with a trailing `!` in `Data/`.
  public let claimedNames: [String]
  /// Spellings of other units that read as this one when the other side of a conversion needs
  /// its dimension (`pt` is the pint, and the point when converting into a length). Written with
  /// a trailing `~` in `Data/`.
  public let alternateNames: [String]
  /// Identifier of the category the unit belongs to (`length`).
  public let categoryIdentifier: String
  /// The unit's dimension.
  public let dimension: PhysicalDimension
  /// The size of one unit in the coherent SI unit of its dimension (1 mi = 1609.344 m), exact,
  /// with π kept symbolic (1° = π/180 rad).
  public let factor: Magnitude
  /// For an absolute temperature with a shifted zero, how many of its own degrees lie between its
  /// zero and absolute zero (273.15 for °C, 459.67 for °F); zero otherwise.
  public let offset: Rational
  /// Whether this is an absolute temperature (kelvin, °C, °F, °R), which converts with offsets.
  public let isAbsolute: Bool
  /// Whether `factor` and `offset` are exact (false for measured or irrational definitions).
  public let isExact: Bool
  /// Which prefixes the unit takes.
  public let prefixes: PrefixFamily
  /// Whether the unit is an everyday one, shown first in its category.
  public let isCommon: Bool
  /// The definition as written in `Data/` (`12 in`, `base`).
  public let definition: String
  /// Where the definition comes from.
  public let source: String
  /// The CLDR unit identifier (`length-mile`), when CLDR knows the unit.
  public let cldrIdentifier: String?
  /// Position within its category, in display order (by magnitude).
  public let order: Int

  /// Creates a unit. Catalog loaders call this; most code looks units up in a `Catalog`.
  public init(name: String, plural: String, symbols: [String], aliases: [String], claimedNames: [String] = [],
              alternateNames: [String] = [], categoryIdentifier: String,
              dimension: PhysicalDimension, factor: Magnitude, offset: Rational = .zero, isAbsolute: Bool = false,
              isExact: Bool = true, prefixes: PrefixFamily = .none, isCommon: Bool = false, definition: String,
              source: String, cldrIdentifier: String? = nil, order: Int = 0) {
    self.name = name
    self.plural = plural
    self.symbols = symbols
    self.aliases = aliases
    self.claimedNames = claimedNames
    self.alternateNames = alternateNames
    self.categoryIdentifier = categoryIdentifier
    self.dimension = dimension
    self.factor = factor
    self.offset = offset
    self.isAbsolute = isAbsolute
    self.isExact = isExact
    self.prefixes = prefixes
    self.isCommon = isCommon
    self.definition = definition
    self.source = source
    self.cldrIdentifier = cldrIdentifier
    self.order = order
  }

  /// The symbol shown in output: the first symbol, or the name when there is none.
  public var symbol: String { symbols.first ?? name }

  /// Whether the zero of this absolute temperature is shifted from absolute zero (°C, °F).
  public var hasOffset: Bool { !offset.isZero }
}
