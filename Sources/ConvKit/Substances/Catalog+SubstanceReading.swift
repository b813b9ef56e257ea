/// Reading a substance named between a quantity and its target: `1 cup flour g`,
/// `1 cup of flour to g`, `2 mol NaCl g`, `1 cup flour` (the whole column).
extension Catalog {
  /// Words of a substance's name read at most (`all-purpose flour`, `extra virgin olive oil`).
  static let longestSubstanceName = 4
  /// Words no substance's name starts with: the separators of a request, and `of`.
  static let substanceSeparators = ConversionRequest.separators.union(["of"])

  /// Whether a word is one of ``substanceSeparators`` in any case (each at most three bytes long,
  /// as ``ConversionRequest/isSeparator(_:)`` reads them).
  static func isSubstanceSeparator(_ word: String) -> Bool {
    word.utf8.count <= 3 && substanceSeparators.contains(word.lowercased())
  }

  /// The reading of a request whose words name a substance right after a quantity with a unit
  /// (and an optional `of`): the substance is taken out, the rest read as every request is, and
  /// the quantity carries the substance (see `SubstanceBridge`). Nil when no such words are found.
  ///
  /// The first place where a substance's name (the longest there), or else a chemical formula that
  /// is no unit, follows a quantity wins. When the rest reads but its sides do not convert as they
  /// are (`1 cup` and `g`), the sides are read by their default readings and the substance decides
  /// at conversion, or gives its reason (`1 cup flour km`).
  /// `words` are the words of `request.source` (`WordSplitter.split`).
  func substanceReading(
    _ request: ConversionRequest, words: [WordSplitter.Word], conventions: NumberConventions, suggesting: Bool,
    table: () -> SubstanceTable
  ) throws(ConvError) -> ConversionReading? {
    let line = request.source
    guard words.count >= 2, words.count <= 64 else { return nil }
    func readsWithUnit(_ text: String) -> Bool {
      guard !Catalog.isPlainNumber(text) else { return false }
      let reader = ExpressionReader(catalog: self, conventions: conventions, suggests: false)
      return ((try? reader.quantity(text))?.term.unitCount ?? 0) > 0
    }
    for start in 1..<words.count {
      if Catalog.isSubstanceSeparator(words[start].text) { continue }
      // The quantity before the place first (the table is read only where a substance can stand):
      // it has a unit, and no word that splits a request (`5 zq to km` has no substance).
      var quantityEnd = start
      if quantityEnd >= 2, words[quantityEnd - 1].text.lowercased() == "of" { quantityEnd -= 1 }
      if words[1..<quantityEnd].contains(where: { ConversionRequest.isSeparator($0.text) }) {
        break
      }
      let quantityText = String(line[words[0].range.lowerBound..<words[quantityEnd - 1].range.upperBound])
      guard readsWithUnit(quantityText) else { continue }
      for length in stride(from: min(Catalog.longestSubstanceName, words.count - start), through: 1, by: -1) {
        let phraseWords = words[start..<(start + length)]
        if phraseWords.contains(where: { ConversionRequest.isSeparator($0.text) }) { continue }
        let phrase = String(line[phraseWords.first!.range.lowerBound..<phraseWords.last!.range.upperBound])
        let substance: Substance
        if table().isName(phrase), let named = table().substance(named: phrase) {
          substance = named
        } else if length == 1, unit(named: phrase) == nil, let chemical = table().chemical(phrase) {
          // (A formula that reads as a product of units, `N2`, is taken only here: the request
          // did not read or convert with the units.)
          substance = chemical
        } else {
          continue
        }
        let after = start + length
        let rest = after < words.count ? String(line[words[after].range.lowerBound...]) : ""
        let reduced = rest.isEmpty ? quantityText : quantityText + " " + rest
        let inner = ConversionRequest.parse(line: reduced, catalog: self, conventions: conventions)
        guard inner.quantity == quantityText else { continue }
        // Spans past the quantity point into the rest, which starts further right in the line.
        let shift = after < words.count ? words[after].start - (quantityText.count + 1) : 0
        let use = SubstanceUse(substance: substance, typed: phrase)
        let reading = try readSides(inner, use: use, conventions: conventions, suggesting: suggesting)
          .mapError { error in error.mappingSpan { $0.start > quantityText.count ? $0.shifted(by: shift) : $0 } }.get()
        // The whole column of a quantity the substance does not carry anywhere (`1 m Ca`,
        // `1 kg/L flour`) would leave the substance out silently: refused.
        if reading.targets.isEmpty,
          Catalog.substanceColumnDimensions(substance, from: reading.quantity.dimension).isEmpty
        {
          throw .substanceMismatch(
            "\(ConvError.printable(phrase)) does not apply to '\(ConvError.printable(quantityText))' (\(describe(reading.quantity.dimension))): a substance carries mass, volume and amount of substance into each other; give a target unit"
          )
        }
        let typed = String(line[words[0].range.lowerBound..<phraseWords.last!.range.upperBound])
        return ConversionReading(
          quantity: reading.quantity.carrying(use, text: typed), targets: reading.targets,
          choices: reading.choices, chosen: reading.chosen)
      }
    }
    return nil
  }

  /// The sides of a request without its substance: by their default readings when the substance
  /// carries the quantity to every target (`oz` stays the ounce of mass for `1 cup flour oz`),
  /// else read as every request is (`pt` as the point before a length); when nothing fits, the
  /// default readings, and the conversion gives the reason.
  private func readSides(
    _ request: ConversionRequest, use: SubstanceUse, conventions: NumberConventions,
    suggesting: Bool
  ) -> Result<ConversionReading, ConvError> {
    let reader = ExpressionReader(catalog: self, conventions: conventions, suggests: suggesting)
    var plain: ConversionReading? = nil
    if let quantity = try? reader.quantity(request.quantity) {
      var targets: [UnitExpression] = []
      for text in request.targets {
        guard let target = try? reader.unit(text) else { break }
        targets.append(target)
      }
      if targets.count == request.targets.count {
        plain = ConversionReading(quantity: quantity, targets: targets, choices: [])
        let source = Catalog.conversionSource(quantity.carrying(use, text: quantity.text)).0
        if targets.allSatisfy({ (try? Conversion.kindOrBridge(from: source, to: $0, catalog: self)) != nil }) {
          return .success(plain!)
        }
      }
    }
    do throws(ConvError) {
      return .success(try read(request, conventions: conventions, suggesting: suggesting, substances: false))
    } catch {
      return plain.map { .success($0) } ?? .failure(error)
    }
  }

  /// Whether a text is written with digits, signs, points, commas, slashes and spaces alone (`50.9`,
  /// `-3/4`): a number without a unit, told without reading it (a batch of bad lines asks on every line).
  static func isPlainNumber(_ text: String) -> Bool {
    text.utf8.allSatisfy { byte in
      (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",")
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        || byte == UInt8(ascii: " ")
    }
  }

  /// The error for a word where a substance would go that names nothing (`1 cup flor g`): the
  /// substance names near it, when there are some and the words before it are a quantity; nil
  /// otherwise (the unit error stands). `words` are the words of `request.source`.
  func unknownSubstance(
    _ word: String, span: SourceSpan, request: ConversionRequest, words: [WordSplitter.Word],
    conventions: NumberConventions, table: () -> SubstanceTable
  ) -> ConvError? {
    // The cheap tests first: a batch of bad lines comes here for every unknown word.
    guard let index = words.firstIndex(where: { $0.start == span.start && $0.text == word }), index >= 1 else {
      return nil
    }
    var end = index
    if end >= 2, words[end - 1].text.lowercased() == "of" { end -= 1 }
    let text = String(request.source[words[0].range.lowerBound..<words[end - 1].range.upperBound])
    let reader = ExpressionReader(catalog: self, conventions: conventions, suggests: false)
    guard !Catalog.isPlainNumber(text), ((try? reader.quantity(text))?.term.unitCount ?? 0) > 0 else { return nil }
    let near = table().suggestions(for: word)
    guard !near.isEmpty else { return nil }
    return .unknownSubstance(word, span: span, suggestions: near)
  }
}

extension Catalog {
  /// A unit followed by a substance (`cup flour`, `mol NaCl`), as the REPL's `from` takes it: the
  /// unit and the substance; nil when the text is not one catalog unit and a substance.
  package func unitOfSubstance(_ text: String, conventions: NumberConventions = .standard)
    -> (unit: PrefixedUnit, substance: SubstanceUse)?
  {
    let line = "1 " + text
    let request = ConversionRequest(
      quantity: line, targets: [], source: line, quantityOffset: 0, targetOffset: line.count)
    guard let reading = try? read(request, conventions: conventions, suggesting: false), reading.targets.isEmpty,
      let use = reading.quantity.substance, let unit = reading.quantity.unit?.singleUnit,
      reading.quantity.number == .one
    else { return nil }
    return (unit, use)
  }
}

extension Quantity {
  /// The quantity of a substance: the substance on its unit (or on itself, for a sum), and the
  /// text as typed with the substance's name (`1 cup flour`).
  package func carrying(_ use: SubstanceUse, text: String) -> Quantity {
    guard var unit else {
      var whole = Quantity(text: text, term: term, number: number, unit: nil)
      whole.attachedSubstance = use
      return whole
    }
    unit.substance = use
    return Quantity(text: text, term: term, number: number, unit: unit)
  }
}

extension ConversionReading {
  /// The note on the substance for standard error: the figure used and its source, or that the
  /// substance was not needed (`note: flour not needed: cup and mL are both volumes`).
  package var substanceNotes: [String] {
    guard let use = quantity.substance else { return [] }
    let from = quantity.dimension
    // The whole column uses the substance for the rows of the other dimensions.
    let powers =
      targets.isEmpty
      ? SubstanceNote.columnPowers(use.substance, from: from)
      : targets.compactMap { SubstanceBridge.powers(from: from, to: $0.dimension) }
    if powers.isEmpty {
      guard !targets.isEmpty, targets.allSatisfy({ $0.dimension == from }) else { return [] }
      return ["note: \(ConvError.printable(use.typed)) not needed: the conversion is the same for any substance"]
    }
    return [
      SubstanceNote.text(
        use, usesDensity: powers.contains { $0.density != 0 },
        usesMolarMass: powers.contains { $0.molarMass != 0 })
    ]
  }
}

/// The words of a substance's note.
package enum SubstanceNote {
  /// `note: flour read as all-purpose flour, 125 g per US cup, spooned and levelled (USDA FDC 169761)`.
  package static func text(_ use: SubstanceUse, usesDensity: Bool, usesMolarMass: Bool) -> String {
    let substance = use.substance
    var figures: [String] = []
    if usesDensity, let density = substance.densityText {
      figures.append(figure(density))
      if !substance.measured.isEmpty { figures.append(substance.measured) }
      if !substance.conditions.isEmpty {
        // A temperature reads `at 15 °C`; a state as it is (`hardened`, `dry, loose`).
        let atTemperature = substance.conditions.first.map { $0.isNumber || $0 == "-" || $0 == "−" } ?? false
        figures.append((atTemperature ? "at " : "") + substance.conditions)
      }
    }
    if usesMolarMass, let mass = substance.molarMassText {
      let formula = substance.formula.flatMap { $0 == substance.name ? nil : " (" + $0 + ")" } ?? ""
      figures.append("molar mass \(mass) g/mol" + formula)
    }
    let sources =
      (usesDensity && substance.densityText != nil ? [substance.shortSource] : [])
      + (usesMolarMass && substance.molarMass != nil ? ["CIAAW standard atomic weights"] : [])
    let same = SubstanceTable.key(use.typed) == SubstanceTable.key(substance.name)
    let head =
      same ? ConvError.printable(use.typed) + ":" : ConvError.printable(use.typed) + " read as " + substance.name + ","
    return "note: " + head + " " + figures.joined(separator: ", ")
      + (sources.isEmpty ? "" : " (" + sources.joined(separator: "; ") + ")")
  }

  /// A density as a note writes it: `125 g/cup` is `125 g per US cup`.
  static func figure(_ density: String) -> String {
    // Only `NUMBER UNIT/UNIT`; anything else (`24 kN/m^3/gn`) as written.
    guard let slash = density.firstIndex(of: "/"), density.filter({ $0 == "/" }).count == 1 else { return density }
    let denominator = String(density[density.index(after: slash)...].trimmed)
    let shown: String
    if let unit = Catalog.builtin.unit(named: denominator), unit.prefix == nil,
      unit.unit.aliases.contains("US " + unit.unit.name)
    {
      shown = "US " + unit.unit.name
    } else {
      shown = denominator.replacing(text: "^3", with: "³")
    }
    return density[..<slash].trimmed + " per " + shown
  }

  /// The powers the whole column applies for a quantity of `from`'s dimension: the other two of
  /// mass, volume and amount of substance that the substance's figures reach.
  static func columnPowers(_ substance: Substance, from: PhysicalDimension) -> [(density: Int, molarMass: Int)] {
    Catalog.substanceColumnDimensions(substance, from: from).compactMap { SubstanceBridge.powers(from: from, to: $0) }
  }
}

extension Catalog {
  /// The dimensions a substance carries a quantity of `from` to, for the whole column: volume and
  /// mass with a density, mass and amount of substance with a molar mass (both: all three).
  package static func substanceColumnDimensions(_ substance: Substance, from: PhysicalDimension) -> [PhysicalDimension]
  {
    let mass = PhysicalDimension(.mass)
    let volume = PhysicalDimension(.length).raised(to: 3)!
    let amount = PhysicalDimension(.amount)
    var reachable: Set<PhysicalDimension> = []
    let hasDensity = substance.density != nil
    let hasMolarMass = substance.molarMass != nil
    if from == volume {
      if hasDensity { reachable.insert(mass) }
      if hasDensity && hasMolarMass { reachable.insert(amount) }
    } else if from == mass {
      if hasDensity { reachable.insert(volume) }
      if hasMolarMass { reachable.insert(amount) }
    } else if from == amount {
      if hasMolarMass { reachable.insert(mass) }
      if hasDensity && hasMolarMass { reachable.insert(volume) }
    }
    return [mass, volume, amount].filter { reachable.contains($0) }
  }
}

extension Catalog {
  /// A quantity carried into `target` by its substance, before the rounding to the figures'
  /// digits, with the bridge (for a target of several units, `lb;oz`, whose last part alone is
  /// rounded); nil when the conversion needs no substance.
  package func unroundedBridging(_ quantity: Quantity, to target: UnitExpression)
    throws(ConvError) -> (value: Rational, bridge: SubstanceBridge)?
  {
    let (source, number) = Catalog.conversionSource(quantity)
    guard let bridge = try Conversion(from: source, to: target, catalog: self).bridge else { return nil }
    let value = Magnitude(number) * source.factor / target.factor * Magnitude(bridge.factor)
    return (value.approximation, bridge)
  }
}
