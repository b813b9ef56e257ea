import ConvFormat
import ConvKit

extension MeasurementSystem {
  /// The system a locale measures in, after CLDR's measurement data (supplementalData.xml,
  /// `measurementSystem`): US customary in the United States, Liberia and Myanmar, imperial in
  /// the United Kingdom, SI elsewhere. A locale without a region is English's likely one (`en` is
  /// US) or SI; no locale (plain English, `C`) is US as `en` is.
  package static func of(locale: String?) -> MeasurementSystem {
    guard let locale else { return .us }
    let name = locale.prefix { $0 != "." && $0 != "@" }
    let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
    // The region is the first two-letter or three-digit part after the language (`zh_Hant_TW`).
    let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }?.uppercased()
    switch region {
    case "US", "LR", "MM": return .us
    case "GB": return .imperial
    case nil: return parts.first?.lowercased() == "en" ? .us : .si
    default: return .si
    }
  }
}

extension Converter {
  /// The measurement system whose everyday units come first: the settings file's `system`,
  /// else the locale's.
  package var userSystem: MeasurementSystem {
    options.measurementSystem ?? MeasurementSystem.of(locale: options.locale)
  }

  /// The units of the curated whole column of a quantity (`conv 5 mi`): the settings file's
  /// `column.CATEGORY` when given, else ``Catalog/curatedColumn(in:source:value:system:)`` for the
  /// user's system; money puts the locale's own currency first. Throws for a unit of the setting
  /// that does not name a unit of the category.
  func curatedUnits(in category: UnitCategory, quantity: Quantity) throws(ConvError) -> [PrefixedUnit] {
    let source = quantity.unit?.singleUnit
    if let spellings = options.columnUnits[category.identifier] {
      var units: [PrefixedUnit] = []
      for spelling in spellings {
        guard let unit = catalog.unit(named: spelling),
          unit.unit.dimension == category.dimension
            || catalog.isDeclaredReciprocal(
              from: UnitExpression(unit: unit), to: quantity.unit ?? UnitExpression(unit: unit))
        else {
          throw .syntax(
            "settings: column.\(category.identifier): '\(ConvError.printable(spelling))' is not a unit of "
              + category.title.lowercased(), span: SourceSpan(start: 0, length: 0))
        }
        if unit != source, !units.contains(unit) { units.append(unit) }
      }
      return Array(units.prefix(Catalog.curatedColumnLimit))
    }
    var units = catalog.curatedColumn(
      in: category, source: source, value: quantity.term.baseValue.approximation,
      system: userSystem)
    if category.dimension[.currency] != 0, let code = CurrencyFormatter.localCurrency(locale: options.locale),
      let local = catalog.unit(named: code), local.unit.categoryIdentifier == category.identifier, local != source
    {
      units.removeAll { $0 == local }
      units.insert(local, at: 0)
      units = Array(units.prefix(Catalog.curatedColumnLimit))
    }
    return units
  }
}
