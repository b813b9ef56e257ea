import ConvKit

/// The ASCII form of a unit's symbol, for `--ascii` and non-UTF-8 terminals.
///
/// A unit's own ASCII spelling comes first: its first ASCII symbol, else its first ASCII alias
/// without spaces (`degC` for °C, `angstrom` for Å, `degRe` for °Ré, `ohm` for Ω), else its name
/// (`mho`, `electron mass`). So the ASCII form is a spelling conv reads back as the same unit, and
/// never another unit's symbol (Å is not the ampere's `A`).
package enum ASCIISymbol {
  /// The ASCII symbol of a possibly prefixed unit (`uF` for µF).
  package static func of(_ unit: PrefixedUnit) -> String {
    let prefix = unit.prefix.map { ASCIIText.transliterate($0.symbol) } ?? ""
    return prefix + of(unit.unit)
  }

  /// The ASCII symbol of a catalog unit.
  package static func of(_ unit: CatalogUnit) -> String {
    if let symbol = unit.symbols.first, isPlainASCII(symbol) { return symbol }
    if let symbol = unit.symbols.dropFirst().first(where: isPlainASCII) { return symbol }
    if !unit.symbols.isEmpty, let alias = unit.aliases.first(where: { isPlainASCII($0) && !$0.contains(" ") }) {
      return alias
    }
    if !unit.symbols.isEmpty, let alias = unit.aliases.first(where: isPlainASCII) { return alias }
    if isPlainASCII(unit.name) { return unit.name }
    return ASCIIText.transliterate(unit.name)
  }

  /// Printable ASCII, with no space at either end.
  static func isPlainASCII(_ text: String) -> Bool {
    !text.isEmpty && ByteScan.isPrintableASCII(text.utf8) && text.first != " " && text.last != " "
  }
}
