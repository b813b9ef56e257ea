import ConvFormat
import ConvKit

/// The catalog for people: the text ``HumanWriter`` writes for `conv categories`, `conv list`
/// and `conv info` (``JSONWriter`` writes the same facts as JSON).
package struct CatalogPresenter: Sendable {
  /// The catalog shown.
  package let catalog: Catalog
  /// Whether to write ASCII only.
  package let ascii: Bool

  /// Creates a presenter.
  package init(catalog: Catalog, ascii: Bool = false) {
    self.catalog = catalog
    self.ascii = ascii
  }

  /// The text, transliterated in ASCII mode.
  func text(_ value: String) -> String { ascii ? ASCIIText.transliterate(value) : value }
  /// A unit's symbol, its own ASCII spelling in ASCII mode (see `ASCIISymbol`).
  func symbol(_ unit: CatalogUnit) -> String { ascii ? ASCIISymbol.of(unit) : unit.symbol }

  // MARK: categories

  /// One line per category: title, identifier and unit count, aligned.
  package func categoryLines() -> [String] {
    let rows = catalog.categories.map { ($0, catalog.unitCount(in: $0)) }
    let width = rows.map { DisplayWidth.of($0.0.identifier) }.max() ?? 0
    return rows.map { category, count in
      category.identifier + String(repeating: " ", count: width - DisplayWidth.of(category.identifier))
        + "  " + pad(String(count), 4, left: true) + "  " + category.title
    }
  }

  // MARK: list

  /// Units grouped by category in display order: symbol and name, common ones marked `*`.
  package func listLines(categories: [UnitCategory]) -> [String] {
    var lines: [String] = []
    for category in categories {
      if !lines.isEmpty { lines.append("") }
      lines.append(category.title + " (" + category.identifier + ")")
      let units = catalog.units(in: category)
      let width = units.map { DisplayWidth.of(symbol($0)) }.max() ?? 0
      for unit in units {
        let symbol = symbol(unit)
        lines.append(
          (unit.isCommon ? "* " : "  ") + symbol
            + String(repeating: " ", count: width - DisplayWidth.of(symbol)) + "  " + text(unit.name))
      }
    }
    return lines
  }

  // MARK: info

  /// Everything about one unit.
  package func infoLines(_ prefixed: PrefixedUnit) -> [String] {
    let unit = prefixed.unit
    let category = catalog.category(named: unit.categoryIdentifier)
    var lines = [
      "name:        " + text(prefixed.name),
      "plural:      " + text(prefixed.plural),
      "symbols:     "
        + (ascii
          ? ASCIISymbol.of(prefixed)
          : prefixed.prefix == nil ? unit.symbols.joined(separator: ", ") : prefixed.symbol),
    ]
    if prefixed.prefix == nil && !unit.aliases.isEmpty {
      lines.append("aliases:     " + text(unit.aliases.joined(separator: ", ")))
    }
    if let prefix = prefixed.prefix {
      lines.append("prefix:      " + prefix.name + " (" + text(prefix.symbol) + ") of " + text(unit.name))
    }
    lines.append("category:    " + (category.map { $0.title + " (" + $0.identifier + ")" } ?? unit.categoryIdentifier))
    lines.append("dimension:   " + text(unit.dimension.formula))
    lines.append("definition:  " + text(unit.definition))
    if let scale = unit.scale {
      let symbol = text(prefixed.symbol)
      // A reference with a number (`20 µPa`) is one quantity: `x dBSPL = 10^(x/20) (20 µPa)`.
      let reference = scale.reference.contains(" ") ? "(" + scale.reference + ")" : scale.reference
      lines.append("scale:       x " + symbol + " = " + text(scale.forward.text) + " " + text(reference))
      lines.append(
        "inverse:     y " + text(reference) + " = "
          + (scale.inverse.map { text($0.text) } ?? "the x of the scale whose value is y, solved numerically")
          + " " + symbol)
      if let domain = scale.domainDescription { lines.append("domain:      " + domain) }
      if scale.readsGaugeNumbers {
        lines.append("gauges:      n/0 and n zeros are 1 − n (4/0 = 0000 = −3, 2/0 = 00 = −1)")
      }
      lines.append(
        "reference:   1 " + text(reference) + " = " + text(factorText(prefixed)) + " "
          + text(coherentUnitName(unit.dimension)))
    } else {
      lines.append("SI factor:   " + text(factorText(prefixed)) + " " + text(coherentUnitName(unit.dimension)))
    }
    if unit.hasOffset {
      lines.append("offset:      zero at " + unit.offset.description + " degrees above absolute zero")
    }
    lines.append("exact:       " + (isExact(prefixed) ? "yes" : "no"))
    lines.append("prefixes:    " + unit.prefixes.rawValue)
    lines.append("source:      " + text(unit.source))
    return lines
  }

  /// A line saying that a spelling also reads as another unit when the other side asks for it:
  /// `also:        pt reads as the point when the other side is a length`.
  package func otherReadingLine(spelling: String, unit: PrefixedUnit) -> String {
    let kind = catalog.describe(unit.unit.dimension)
    let article = kind.first.map { "aeiou".contains($0) } == true ? "an " : "a "
    return "also:        " + text(spelling) + " reads as the " + text(unit.name) + " when the other side is "
      + article + text(kind)
  }

  func isExact(_ prefixed: PrefixedUnit) -> Bool { prefixed.unit.isExact && prefixed.factor.isRational }

  /// The factor to the coherent SI unit: exact decimal or fraction, with π kept (`π/180`).
  func factorText(_ prefixed: PrefixedUnit) -> String {
    let factor = prefixed.factor
    var options = OutputOptions()
    options.ascii = ascii
    let exact = ValuePresenter(options: options).exactText(factor)
    if factor.isRational && factor.rational.terminatingDecimal != nil { return exact }
    let approximate = factor.approximation.rounded(significantDigits: 20).plainString
    return exact + " ≈ " + approximate
  }

  /// The coherent SI unit of a dimension, written with base unit symbols (`kg·m²·s⁻²`).
  package func coherentUnitName(_ dimension: PhysicalDimension) -> String {
    let symbols: [BaseQuantity: String] = [
      .length: "m", .mass: "kg", .time: "s", .current: "A", .temperature: "K", .amount: "mol",
      .luminousIntensity: "cd", .information: "bit", .angle: "rad", .currency: "EUR",
    ]
    var parts: [String] = []
    for base in BaseQuantity.allCases where dimension[base] != 0 {
      let exponent = dimension[base]
      parts.append((symbols[base] ?? base.identifier) + (exponent == 1 ? "" : superscript(exponent)))
    }
    return parts.isEmpty ? "1" : parts.joined(separator: "·")
  }

  private func superscript(_ value: Int) -> String {
    let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    var out = value < 0 ? "⁻" : ""
    for character in String(value.magnitude) { out.append(digits[Int(character.asciiValue! - 48)]) }
    return out
  }

  private func pad(_ text: String, _ width: Int, left: Bool) -> String {
    let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    return left ? padding + text : text + padding
  }
}
