import ConvFormat
import ConvKit

/// How results are written: for people, terse for scripts, or JSON.
package enum OutputMode: String, Sendable, Hashable {
  /// `5 mi = 8.04672 km`, locale-aware, with `=` or `≈`.
  case human
  /// The number only: ASCII, `.` decimal point, no grouping, shortest round-trip form.
  case terse
  /// One JSON object per result.
  case json
}

/// Every choice that affects output, resolved from flags, environment and settings.
package struct OutputOptions: Sendable, Hashable {
  /// Default significant digits for human output.
  package static let defaultDigits = 8

  /// Human, terse or JSON.
  package var mode: OutputMode = .human
  /// Significant digits for human output.
  package var digits: Int = OutputOptions.defaultDigits
  /// Show the full exact value (terminating decimal or fraction) instead of rounding.
  package var exact: Bool = false
  /// Plain, scientific or automatic notation.
  package var notation: NumberNotation = .automatic
  /// Only ASCII bytes in output.
  package var ascii: Bool = false
  /// SGR escapes allowed (dim `× 10ⁿ`, highlights).
  package var color: Bool = false
  /// Unit names instead of symbols.
  package var longNames: Bool = false
  /// The locale for human output (`de_DE`), nil for plain English.
  package var locale: String? = nil
  /// Say how the conversion was made (reciprocal, affine, exactness).
  package var verbose: Bool = false
  /// Whether script output (`-t`, `--json`) may give reciprocal conversions the catalog does not
  /// declare (`2 s` into `Hz`); human output always marks them.
  package var allowsReciprocal: Bool = false
  /// Whether the whole column lists every unit of the category (`--all`) rather than the curated
  /// selection of common units.
  package var allUnits: Bool = false
  /// The measurement system whose everyday units the whole column shows first (the settings
  /// file's `system`, else the one of `LC_MEASUREMENT`: see `LocaleResolver.measurementLocale`); nil
  /// for the number locale's.
  package var measurementSystem: MeasurementSystem? = nil
  /// The units of the whole column per category identifier (the settings file's `column.CATEGORY`).
  package var columnUnits: [String: [String]] = [:]

  /// Creates default options.
  package init() {}

  /// The number style for human output.
  package var humanStyle: NumberStyle {
    NumberStyle(locale: locale, ascii: ascii, color: color, notation: notation, grouping: true)
  }
}
