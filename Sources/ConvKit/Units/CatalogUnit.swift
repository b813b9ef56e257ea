/// A named unit of the catalog, such as the mile or the degree Celsius.
///
/// Its values are held by reference (one object, never changed): a unit is copied into every
/// reading, term and expression that names it, and a copy is then one reference, not some twenty
/// fields. Units compare and hash by their values.
public struct CatalogUnit: Sendable, Hashable {
  /// The unit's values.
  private struct Values: Sendable, Hashable {
    let name: String
    let plural: String
    let symbols: [String]
    let aliases: [String]
    let claimedNames: [String]
    let alternateNames: [String]
    let categoryIdentifier: String
    let dimension: PhysicalDimension
    var factor: Magnitude
    let offset: Rational
    let isAbsolute: Bool
    let isPositive: Bool
    let isExact: Bool
    let prefixes: PrefixFamily
    let isCommon: Bool
    let definition: String
    let source: String
    let cldrIdentifier: String?
    let order: Int
    let scale: UnitScale?
    var ratesUse: RatesUse = []
  }

  /// The values behind a reference.
  private final class Box: Sendable {
    let values: Values
    init(_ values: Values) { self.values = values }
  }

  private let box: Box

  /// Canonical singular name (`mile`, `degree Celsius`).
  public var name: String { box.values.name }
  /// Plural name (`miles`); equal to `name` when the plural is invariant (`hertz`).
  public var plural: String { box.values.plural }
  /// Symbols, the first being the one shown (`mi`). May be empty.
  public var symbols: [String] { box.values.symbols }
  /// Other accepted names and spellings.
  public var aliases: [String] { box.values.aliases }
  /// Bare spellings this unit takes over from another unit's symbol (`F` for °F, while the farad
  /// keeps `F` for display and prefixes). Written with a trailing `!` in `Data/`.
  package var claimedNames: [String] { box.values.claimedNames }
  /// Spellings of other units that read as this one when the other side of a conversion needs
  /// its dimension (`pt` is the pint, and the point when converting into a length). Written with
  /// a trailing `~` in `Data/`.
  package var alternateNames: [String] { box.values.alternateNames }
  /// Identifier of the category the unit belongs to (`length`).
  public var categoryIdentifier: String { box.values.categoryIdentifier }
  /// The unit's dimension.
  public var dimension: PhysicalDimension { box.values.dimension }
  /// The size of one unit in the coherent SI unit of its dimension (1 mi = 1609.344 m), exact,
  /// with π kept symbolic (1° = π/180 rad).
  public var factor: Magnitude { box.values.factor }
  /// For an absolute temperature with a shifted zero, how many of its own degrees lie between its
  /// zero and absolute zero (273.15 for °C, 459.67 for °F); zero otherwise.
  public var offset: Rational { box.values.offset }
  /// Whether this is an absolute temperature (kelvin, °C, °F, °R), which converts with offsets.
  public var isAbsolute: Bool { box.values.isAbsolute }
  /// Whether a value below zero means nothing in this unit (a fuel economy, a fuel consumption):
  /// such a quantity is refused as a temperature below absolute zero is (flag `positive`).
  public var isPositive: Bool { box.values.isPositive }
  /// Whether `factor` and `offset` are exact (false for measured or irrational definitions).
  public var isExact: Bool { box.values.isExact }
  /// Which prefixes the unit takes.
  public var prefixes: PrefixFamily { box.values.prefixes }
  /// Whether the unit is an everyday one, shown first in its category.
  public var isCommon: Bool { box.values.isCommon }
  /// The definition as written in `Data/` (`12 in`, `base`).
  public var definition: String { box.values.definition }
  /// Where the definition comes from.
  public var source: String { box.values.source }
  /// The CLDR unit identifier (`length-mile`), when CLDR knows the unit.
  public var cldrIdentifier: String? { box.values.cldrIdentifier }
  /// Position within its category, in display order (by magnitude): 0 for the category's first unit.
  package var order: Int { box.values.order }
  /// For a nonlinear unit (dBm, AWG, pH): how its values map to the reference unit, whose size
  /// `factor` is (and, for an absolute-temperature reference, whose offset the scale holds).
  public var scale: UnitScale? { box.values.scale }

  /// For a currency whose factor follows exchange rates newer than the catalog's snapshot: which
  /// publication the factor comes from (empty when only one is in use).
  package var ratesUse: RatesUse { box.values.ratesUse }

  /// The same unit with its factor from one publication of exchange rates (nil: the factor kept).
  package func rated(factor: Magnitude?, use: RatesUse) -> CatalogUnit {
    var values = box.values
    if let factor { values.factor = factor }
    values.ratesUse = use
    return CatalogUnit(box: Box(values))
  }

  private init(box: Box) { self.box = box }

  /// Creates a unit. Catalog loaders call this; most code looks units up in a `Catalog`.
  public init(
    name: String, plural: String, symbols: [String], aliases: [String], claimedNames: [String] = [],
    alternateNames: [String] = [], categoryIdentifier: String,
    dimension: PhysicalDimension, factor: Magnitude, offset: Rational = .zero, isAbsolute: Bool = false,
    isPositive: Bool = false, isExact: Bool = true, prefixes: PrefixFamily = .none, isCommon: Bool = false,
    definition: String,
    source: String, cldrIdentifier: String? = nil, order: Int = 0, scale: UnitScale? = nil
  ) {
    box = Box(
      Values(
        name: name, plural: plural, symbols: symbols, aliases: aliases, claimedNames: claimedNames,
        alternateNames: alternateNames, categoryIdentifier: categoryIdentifier, dimension: dimension,
        factor: factor, offset: offset, isAbsolute: isAbsolute, isPositive: isPositive, isExact: isExact,
        prefixes: prefixes,
        isCommon: isCommon, definition: definition, source: source, cldrIdentifier: cldrIdentifier,
        order: order, scale: scale))
  }

  public static func == (lhs: CatalogUnit, rhs: CatalogUnit) -> Bool {
    lhs.box === rhs.box || lhs.box.values == rhs.box.values
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(box.values) }

  /// The symbol shown in output: the first symbol, or the name when there is none.
  public var symbol: String { symbols.first ?? name }

  /// Whether the zero of this absolute temperature is shifted from absolute zero (°C, °F).
  public var hasOffset: Bool { !offset.isZero }
}

extension CatalogUnit: CustomStringConvertible {
  /// The name and symbol, as `conv list` shows a unit: `mile (mi)`, `Planck temperature`.
  public var description: String { symbols.isEmpty ? name : name + " (" + symbol + ")" }
}
