import ConvFormat
import ConvKit
import ConvKitFoundation
import Foundation
import Testing

/// Every public type of the libraries, named unqualified in a file that imports Foundation as
/// every app does: this file compiles only while no name is ambiguous (`Unit` and `Dimension` were).
enum EveryPublicType {
  typealias Names = (
    BaseQuantity, BigInteger, CalendarDate, Catalog, CatalogDiagnostic, CatalogLoader.Type, CatalogSource, CatalogUnit,
    CurrencyFormatter, ExchangeRates, ExchangeRatesError,
    ColorPolicy, ColumnAligner.Type, ConvError, Conversion, ConversionFormatter, ConversionResult, DecimalDigits,
    DisplayWidth.Type,
    FormattedNumber, LocaleResolver.Type, Magnitude, MeasurementConversionError, NumberConventions, NumberNotation,
    NumberStyle, PhysicalDimension, Prefix, PrefixFamily, PrefixedUnit, Quantity, QuantityNumberFormatter, Rational,
    ScaleFunction, ScaleFunctionError, SourceSpan, TextFolding.Type, UnitCategory, UnitDisplayNames.Type,
    UnitExpression,
    UnitLabel, UnitNameFormatter, UnitScale
  )
  /// Foundation's own types of the same family, unqualified beside them.
  typealias Foundations = (Foundation.Unit, Foundation.Dimension, UnitLength, Measurement<UnitLength>)
}

@Suite("Public names")
struct PublicNamesTests {
  /// The public types the sources declare at top level.
  static func declaredPublicTypes() throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
    var names: Set<String> = []
    for library in ["ConvKit", "ConvFormat", "ConvKitFoundation"] {
      let folder = root.appendingPathComponent(library)
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ")
          guard line.hasPrefix("public "), words.count >= 3 else { continue }
          let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor"]
          if kinds.contains(words[1]) {
            names.insert(String(words[2].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
          } else if words[1] == "final", words.count >= 4, words[2] == "class" {
            names.insert(String(words[3].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
          }
        }
      }
    }
    return names
  }

  @Test("Every public type of ConvKit, ConvFormat and ConvKitFoundation is named in EveryPublicType")
  func complete() throws {
    let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let listed = here.components(separatedBy: "typealias Foundations")[0]
    let missing = try Self.declaredPublicTypes().filter { name in
      !listed.contains(name + ",") && !listed.contains(name + ".Type") && !listed.contains(name + "\n")
    }
    #expect(missing.isEmpty, "add to EveryPublicType: \(missing.sorted())")
  }
}
