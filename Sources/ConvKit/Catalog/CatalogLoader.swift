/// Builds a catalog from `Data/`-format text, resolving every definition exactly.
///
/// The built-in catalog is generated from `Data/` by the same loader; personal unit files
/// (`$CONV_UNITS`) are loaded on top of it at run time.
public enum CatalogLoader {
  /// Loads catalog files, on top of `base` when given.
  ///
  /// Returns the catalog with every unit that resolved, and a diagnostic for every problem: syntax,
  /// unresolvable or circular definitions, name clashes, and units whose dimension is not their
  /// category's. A caller that must not accept a partial catalog checks that the list is empty.
  ///
  /// A source whose path ends in `.xml` is an exchange rates document in the ECB's format: units
  /// defined as `rate` take their factor from it (else from `base`'s rates).
  public static func load(_ sources: [CatalogSource], base: Catalog? = nil) -> (Catalog, [CatalogDiagnostic]) {
    var parser = CatalogFileParser()
    // Personal files (on top of another catalog) name units completion offers on a command line.
    parser.refusesShellCharacters = base != nil
    var rates: ExchangeRates? = nil
    var diagnostics: [CatalogDiagnostic] = []
    for source in sources {
      guard source.path.hasSuffix(".xml") else {
        parser.parse(source, existing: { base?.category(named: $0) }, known: base?.categories.map(\.identifier) ?? [])
        continue
      }
      do throws(ExchangeRatesError) {
        rates = try ExchangeRates(ecbDocument: source.text)
      } catch {
        diagnostics.append(CatalogDiagnostic(path: source.path, line: 1, message: error.message))
      }
    }
    diagnostics += parser.diagnostics
    let resolver = DefinitionResolver(
      units: parser.units, categories: parser.categories.map(\.category),
      base: base, rates: rates)
    diagnostics += resolver.checkClashes()
    var resolved: [CatalogUnit] = []
    for index in parser.units.indices {
      do throws(CatalogDiagnostic) {
        resolved.append(try resolver.resolve(index))
      } catch {
        diagnostics.append(error)
      }
    }
    let newCategories = parser.categories.filter { !$0.isExisting }.map(\.category)
    var catalog = (base ?? Catalog(categories: [], units: [])).adding(categories: newCategories, units: resolved)
    if let rates { catalog = Catalog(storage: catalog.storage.with(rates: RatesInUse(snapshot: { rates }))) }
    for raw in parser.categories where !raw.isExisting {
      for spelling in raw.category.featured where !catalog.isFeaturable(spelling, in: raw.category) {
        // A featured unit whose own definition failed is reported once, as that failure.
        if resolver.declaresPrefixed(spelling, in: raw.category) { continue }
        diagnostics.append(
          CatalogDiagnostic(
            path: raw.path, line: raw.featuredLine ?? raw.line,
            message: "featured '\(spelling)' is not a prefixed unit of category '\(raw.category.identifier)'"))
      }
    }
    for raw in parser.categories where !raw.isExisting {
      // `everyday:` names units of the category, of its related and of its reciprocal categories.
      let allowed = Set(
        [raw.category.identifier]
          + (raw.category.related + raw.category.reciprocals).map { catalog.category(named: $0)?.identifier ?? $0 })
      for spelling in raw.category.everyday.flatMap(\.spellings) {
        guard let unit = catalog.unit(named: spelling) else {
          diagnostics.append(
            CatalogDiagnostic(
              path: raw.path, line: raw.everydayLine ?? raw.line,
              message: "everyday unit '\(spelling)' does not resolve to a unit"))
          continue
        }
        guard !allowed.contains(unit.unit.categoryIdentifier) else { continue }
        diagnostics.append(
          CatalogDiagnostic(
            path: raw.path, line: raw.everydayLine ?? raw.line,
            message: "everyday unit '\(spelling)' is of category '\(unit.unit.categoryIdentifier)', "
              + "not '\(raw.category.identifier)' nor one it names related or reciprocal"))
      }
    }
    for raw in parser.categories where !raw.isExisting {
      // `reciprocal:` names categories of the inverse dimension, `related:` of the same one.
      let links = [
        (
          "reciprocal", raw.category.reciprocals, raw.reciprocalLine, raw.category.dimension.inverse,
          "the inverse of " + raw.category.dimension.formula
        ),
        (
          "related", raw.category.related, raw.relatedLine, raw.category.dimension,
          raw.category.dimension.formula
        ),
      ]
      for (kind, identifiers, line, dimension, expected) in links {
        for identifier in identifiers {
          let message: String
          if let other = catalog.category(named: identifier) {
            guard other.dimension != dimension else { continue }
            message = "\(kind) category '\(identifier)' has dimension \(other.dimension.formula), not \(expected)"
          } else {
            message = "\(kind) category '\(identifier)' does not exist"
          }
          diagnostics.append(CatalogDiagnostic(path: raw.path, line: line ?? raw.line, message: message))
        }
      }
    }
    diagnostics.sort { ($0.path, $0.line) < ($1.path, $1.line) }
    return (catalog, Array(Set(diagnostics)).sorted { ($0.path, $0.line, $0.message) < ($1.path, $1.line, $1.message) })
  }
}

/// Resolves raw units' definitions on demand, memoized, with cycle detection.
final class DefinitionResolver: UnitResolving {
  private let raw: [RawUnit]
  private let categories: [UnitCategory]
  private let base: Catalog?
  /// A catalog of placeholders, used only for its name lookup rules; `order` holds the raw index.
  private let names: Catalog
  private var resolved: [Int: CatalogUnit] = [:]
  private var failed: Set<Int> = []
  private var inProgress: Set<Int> = []
  private var current: Int? = nil
  /// Each raw unit's position in its category's display order (after the base's units of it).
  private let positions: [Int]

  private let rates: ExchangeRates?

  init(units: [RawUnit], categories: [UnitCategory], base: Catalog?, rates: ExchangeRates? = nil) {
    raw = units
    self.categories = categories
    self.base = base
    var counts: [String: Int] = [:]
    positions = units.map { unit in
      let identifier = categories[unit.category].identifier
      let position = counts[identifier] ?? base?.storage.unitCount(inCategory: identifier) ?? 0
      counts[identifier] = position + 1
      return position
    }
    self.rates = rates
    let placeholders = units.enumerated().map { index, unit in
      CatalogUnit(
        name: unit.name, plural: unit.plural, symbols: unit.symbols, aliases: unit.aliases,
        claimedNames: unit.isOverride
          ? [unit.name, unit.plural] + unit.symbols + unit.aliases + unit.claimedNames
          : unit.claimedNames,
        categoryIdentifier: categories[unit.category].identifier, dimension: .none, factor: .one,
        prefixes: DefinitionResolver.prefixFamily(unit.flags), definition: unit.definition, source: unit.source,
        order: index)
    }
    names = Catalog(categories: categories, units: placeholders)
  }

  /// Longest chain of units defined by one another that is resolved.
  static let maximumChainLength = 64
  static let chainTooLong = " is part of a chain of more than \(maximumChainLength) units defined by one another"

  static func prefixFamily(_ flags: [String]) -> PrefixFamily {
    flags.contains("iec") ? .iec : flags.contains("si") ? .si : .none
  }

  /// Reports spellings shared by two units (and with the base catalog, unless overridden).
  func checkClashes() -> [CatalogDiagnostic] {
    var diagnostics: [CatalogDiagnostic] = []
    var exact: [String: Int] = [:]
    var folded: [String: Int] = [:]
    var claimed: [String: Int] = [:]
    var alternates: [String: Int] = [:]
    for (index, unit) in raw.enumerated() {
      func clash(_ spelling: String, _ other: Int) {
        let first = raw[other]
        diagnostics.append(
          CatalogDiagnostic(
            path: unit.path, line: unit.line,
            message: "'\(spelling)' of '\(unit.name)' is already used by '\(first.name)' at \(first.path):\(first.line)"
          ))
      }
      for spelling in Set(unit.symbols + [unit.name, unit.plural] + unit.aliases) {
        if let other = exact[spelling], other != index { clash(spelling, other) } else { exact[spelling] = index }
      }
      for spelling in Set(([unit.name, unit.plural] + unit.aliases).map { $0.lowercased() }) {
        if let other = folded[spelling], other != index { clash(spelling, other) } else { folded[spelling] = index }
      }
      for spelling in unit.claimedNames {
        if let other = claimed[spelling], other != index {
          clash(spelling + "!", other)
        } else {
          claimed[spelling] = index
        }
      }
      for spelling in unit.alternateNames {
        if let other = alternates[spelling], other != index {
          clash(spelling + "~", other)
        } else {
          alternates[spelling] = index
        }
      }
      if let base, !unit.isOverride {
        for spelling in Set(unit.symbols + [unit.name, unit.plural] + unit.aliases + unit.claimedNames)
        where base.unit(named: spelling).map({ $0.prefix == nil }) ?? false {
          diagnostics.append(
            CatalogDiagnostic(
              path: unit.path, line: unit.line,
              message: "'\(spelling)' is already a built-in unit; add the flag 'override' to redefine it"))
        }
      }
    }
    return diagnostics
  }

  /// Whether a spelling is a prefix and a unit that these files put in the category, resolved or not.
  func declaresPrefixed(_ spelling: String, in category: UnitCategory) -> Bool {
    guard let match = names.unit(named: spelling) else { return false }
    return match.prefix != nil && match.unit.categoryIdentifier == category.identifier
  }

  func resolveUnit(_ spelling: String, span: SourceSpan) throws(ConvError) -> PrefixedUnit? {
    if let constant = PrefixedUnit.constant(named: spelling) { return constant }
    if let match = names.unit(named: spelling, standalone: false) {
      let index = match.unit.order
      do throws(CatalogDiagnostic) {
        let unit = try resolve(index)
        return PrefixedUnit(unit: unit, prefix: match.prefix)
      } catch {
        throw .catalog(error.message)
      }
    }
    if let match = base?.unit(named: spelling, standalone: false) { return match }
    return nil
  }

  func suggestions(for spelling: String) -> [String] {
    names.suggestions(for: spelling, limit: 3)
  }

  /// Resolves one raw unit, resolving what its definition refers to first.
  func resolve(_ index: Int) throws(CatalogDiagnostic) -> CatalogUnit {
    if let unit = resolved[index] { return unit }
    let unit = raw[index]
    let diagnostic = { (message: String) in CatalogDiagnostic(path: unit.path, line: unit.line, message: message) }
    if failed.contains(index) { throw diagnostic("definition of '\(unit.name)' does not resolve") }
    guard !inProgress.contains(index) else {
      throw diagnostic("circular definition involving '\(unit.name)'")
    }
    // Each level of a chain (a defined by b, b by c, ...) recurses through the evaluator: a long
    // chain in a personal units file would overflow the stack.
    guard inProgress.count < DefinitionResolver.maximumChainLength else {
      throw diagnostic("definition of '\(unit.name)'" + DefinitionResolver.chainTooLong)
    }
    inProgress.insert(index)
    defer { inProgress.remove(index) }
    let category = categories[unit.category]
    var magnitude = Magnitude.one
    var dimension = category.dimension
    var isExact = !unit.flags.contains("approx")
    var scale: (forward: ScaleFunction, inverse: ScaleFunction?, reference: String)? = nil
    var scaleOffset = 0.0
    if unit.definition == ExchangeRates.rateDefinition {
      // A currency: one unit is worth 1/rate euros, at the rates loaded with it.
      let code = unit.symbols.first ?? unit.name
      guard let euros = (rates ?? base?.exchangeRates)?.euros(per: code) else {
        failed.insert(index)
        throw diagnostic(
          "no exchange rate for '\(code)' (a 'rate' unit needs the rates document, and its ISO code as first symbol)")
      }
      magnitude = Magnitude(euros)
      isExact = false
    } else if unit.definition == "base" {
      let isSingleBase = BaseQuantity.allCases.contains { PhysicalDimension($0) == category.dimension }
      guard isSingleBase || category.dimension.isNone else {
        failed.insert(index)
        throw diagnostic("'base' is only for categories whose dimension is one base quantity")
      }
    } else if unit.definition.hasPrefix("scale("), ScaleDefinition.parts(of: unit.definition) == nil {
      failed.insert(index)
      throw diagnostic(
        "cannot read the scale of '\(unit.name)': expected scale(REFERENCE; FORWARD; INVERSE) or "
          + "scale(REFERENCE; FORWARD), the functions of x and y separated by ';'")
    } else if let parts = ScaleDefinition.parts(of: unit.definition) {
      // Resolved in a function of its own: this one recurses once per unit of a chain of
      // definitions, and its frame must stay small.
      let resolved = try resolveScale(parts, of: unit, index: index)
      (magnitude, dimension, scale, scaleOffset) = (
        resolved.factor, resolved.dimension, resolved.functions, resolved.offset
      )
      isExact = false
    } else {
      do throws(ConvError) {
        let term = try Evaluator.evaluate(unit.definition, resolver: self)
        if term.hasOffsetTemperature {
          throw ConvError.catalog("a definition cannot use an absolute temperature with an offset")
        }
        magnitude = term.value
        dimension = term.dimension
        isExact = isExact && term.isExact
      } catch {
        failed.insert(index)
        if case .catalog(let message) = error, message.hasSuffix(DefinitionResolver.chainTooLong) {
          throw diagnostic("definition of '\(unit.name)'" + DefinitionResolver.chainTooLong)
        }
        if case .catalog(let message) = error,
          message.contains(text: "does not resolve") || message.contains(text: "circular")
        {
          throw diagnostic("definition of '\(unit.name)' depends on a unit that does not resolve: \(message)")
        }
        throw diagnostic("definition of '\(unit.name)': \(error.message)")
      }
    }
    guard dimension == category.dimension else {
      failed.insert(index)
      throw diagnostic(
        "'\(unit.name)' has dimension \(dimension.formula), but category '\(category.identifier)' is \(category.dimension.formula)"
      )
    }
    var offset = Rational.zero
    var cldr: String? = nil
    var minimum: Double? = nil
    var maximum: Double? = nil
    for flag in unit.flags {
      if flag.hasPrefix("offset=") {
        guard let value = DefinitionResolver.number(String(flag.dropFirst(7))) else {
          failed.insert(index)
          throw diagnostic("cannot read '\(flag)' (expected offset=NUMBER)")
        }
        offset = value
      } else if flag.hasPrefix("cldr=") {
        cldr = String(flag.dropFirst(5))
      } else if flag.hasPrefix("min=") || flag.hasPrefix("max=") {
        guard scale != nil, let value = DefinitionResolver.number(String(flag.dropFirst(4))) else {
          failed.insert(index)
          throw diagnostic(
            scale == nil
              ? "'\(flag)' is only for scale(…) definitions"
              : "cannot read '\(flag)' (expected \(flag.prefix(4))NUMBER)")
        }
        if flag.hasPrefix("min=") { minimum = value.doubleValue } else { maximum = value.doubleValue }
      } else if (flag == "gauge" || flag == "name-first") && scale != nil {
      } else if !["si", "iec", "common", "abs", "positive", "approx", "override"].contains(flag) {
        failed.insert(index)
        throw diagnostic(
          "unknown flag '\(flag)' (expected si, iec, common, abs, positive, offset=X, cldr=ID, approx, override; "
            + "for a scale min=X, max=X, gauge, name-first)")
      }
    }
    let unitScale = try scale.map { functions throws(CatalogDiagnostic) in
      try checkedScale(functions, offset: scaleOffset, minimum: minimum, maximum: maximum, of: unit, index: index)
    }
    let result = CatalogUnit(
      name: unit.name, plural: unit.plural, symbols: unit.symbols, aliases: unit.aliases,
      claimedNames: unit.isOverride
        ? [unit.name, unit.plural] + unit.symbols + unit.aliases + unit.claimedNames
        : unit.claimedNames,
      alternateNames: unit.alternateNames, categoryIdentifier: category.identifier, dimension: dimension,
      factor: magnitude, offset: offset,
      isAbsolute: unit.flags.contains("abs") || !offset.isZero, isPositive: unit.flags.contains("positive"),
      isExact: isExact,
      prefixes: DefinitionResolver.prefixFamily(unit.flags), isCommon: unit.flags.contains("common"),
      definition: unit.definition, source: unit.source, cldrIdentifier: cldr, order: positions[index], scale: unitScale)
    resolved[index] = result
    return result
  }

  /// The scale of a `scale(…)` definition with its flags, checked: a domain where there is no
  /// inverse, no prefixes or offset, functions that agree (`UnitScale.consistencyProblem()`).
  @inline(never)
  private func checkedScale(
    _ scale: (forward: ScaleFunction, inverse: ScaleFunction?, reference: String), offset: Double,
    minimum: Double?, maximum: Double?, of unit: RawUnit, index: Int
  )
    throws(CatalogDiagnostic) -> UnitScale
  {
    func refuse(_ message: String) -> CatalogDiagnostic {
      failed.insert(index)
      return CatalogDiagnostic(path: unit.path, line: unit.line, message: message)
    }
    if scale.inverse == nil && (minimum == nil || maximum == nil) {
      throw refuse("scale of '\(unit.name)' has no inverse function: give one, or the domain with min= and max=")
    }
    if let minimum, let maximum, minimum >= maximum {
      throw refuse("scale of '\(unit.name)': min= must be below max=")
    }
    if unit.flags.contains(where: { ["si", "iec", "abs"].contains($0) || $0.hasPrefix("offset=") }) {
      throw refuse(
        "scale '\(unit.name)' takes no prefixes (si, iec) and no abs or offset= flag: its reference unit carries them")
    }
    let result = UnitScale(
      reference: scale.reference, forward: scale.forward, inverse: scale.inverse,
      minimum: minimum, maximum: maximum, readsGaugeNumbers: unit.flags.contains("gauge"),
      takesNameFirst: unit.flags.contains("name-first"), referenceOffset: offset)
    if let problem = result.consistencyProblem() { throw refuse("scale of '\(unit.name)': \(problem)") }
    return result
  }

  /// The reference unit's size, dimension and offset and the functions of a `scale(…)` definition.
  @inline(never)
  private func resolveScale(
    _ parts: (reference: String, forward: String, inverse: String?), of unit: RawUnit,
    index: Int
  ) throws(CatalogDiagnostic)
    -> (
      factor: Magnitude, dimension: PhysicalDimension, offset: Double,
      functions: (forward: ScaleFunction, inverse: ScaleFunction?, reference: String)
    )
  {
    let diagnostic = { (message: String) in CatalogDiagnostic(path: unit.path, line: unit.line, message: message) }
    var factor = Magnitude.one
    var offset = 0.0
    let dimension: PhysicalDimension
    do throws(ConvError) {
      let reference = try Evaluator.evaluate(parts.reference, resolver: self)
      if reference.scaleUnit != nil {
        throw ConvError.catalog("the reference unit of a scale must be linear, not another scale")
      }
      if let absolute = reference.absoluteUnit {
        guard reference.coefficient == .one else {
          throw ConvError.catalog("an absolute temperature as a scale's reference must stand alone ('°F', not '2 °F')")
        }
        factor = absolute.factor
        offset = absolute.unit.offset.doubleValue
      } else {
        factor = reference.value
      }
      dimension = reference.dimension
    } catch {
      failed.insert(index)
      throw diagnostic("reference unit of '\(unit.name)': \(error.message)")
    }
    do throws(ScaleFunctionError) {
      let forward = try ScaleFunction(parts.forward, variable: "x")
      let inverse = try parts.inverse.map { text throws(ScaleFunctionError) in try ScaleFunction(text, variable: "y") }
      return (factor, dimension, offset, (forward, inverse, parts.reference))
    } catch {
      failed.insert(index)
      throw diagnostic("scale of '\(unit.name)': \(error.message)")
    }
  }

  static func number(_ text: String) -> Rational? {
    struct NoUnits: UnitResolving {
      func resolveUnit(_ spelling: String, span: SourceSpan) throws(ConvError) -> PrefixedUnit? { nil }
      func suggestions(for spelling: String) -> [String] { [] }
    }
    guard let term = try? Evaluator.evaluate(text, resolver: NoUnits()), term.value.isRational else { return nil }
    return term.value.rational
  }
}
