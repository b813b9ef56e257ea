import ConvKit

/// Turns a `DecimalDigits` into a ``FormattedNumber`` through an ICU number skeleton.
///
/// Shared by ``QuantityNumberFormatter`` (bare numbers) and ``UnitNameFormatter`` (numbers with a
/// localized unit name). ICU gets the exact digits and `precision-unlimited`, so it never rounds and
/// never adds digits; its `E15` exponent is replaced by conv's own ` × 10¹⁵`.
struct NumberRendering: Sendable {
  /// The style numbers are written in.
  let style: NumberStyle
  /// The ICU locale id derived from the style.
  let locale: String
  private let plainSkeleton: String
  private let scientificSkeleton: String

  /// Prepares the skeletons of a style.
  init(style: NumberStyle) {
    self.style = style
    self.locale = style.icuLocale
    let digits = style.ascii ? " numbering-system/latn" : ""
    self.plainSkeleton = "precision-unlimited " + (style.grouping ? "group-auto" : "group-off") + digits
    self.scientificSkeleton = "precision-unlimited scientific group-off" + digits
  }

  /// Whether the style writes this value in scientific notation.
  func usesScientific(_ value: DecimalDigits) -> Bool {
    guard !value.isZero else { return false }
    switch style.notation {
    case .plain: return false
    case .scientific: return true
    case .automatic: return !NumberNotation.automaticPlainExponents.contains(value.scientificExponent)
    }
  }

  /// The value as a numeric string ICU reads exactly: `-15E19`.
  static func numericString(_ value: DecimalDigits) -> String {
    (value.isNegative ? "-" : "") + value.digits + "E" + String(value.exponent)
  }

  /// Formats the value; `unitStems` adds skeleton stems such as a measure unit. Nil when ICU
  /// rejects the skeleton.
  func format(_ value: DecimalDigits, unitStems: String? = nil) -> FormattedNumber? {
    let scientific = usesScientific(value)
    var skeleton = scientific ? scientificSkeleton : plainSkeleton
    if let unitStems { skeleton += " " + unitStems }
    guard let icu = ICU.formatDecimal(Self.numericString(value), skeleton: skeleton, locale: locale) else {
      return nil
    }
    let bytes = icu.bytes
    let end = bytes.count
    let exponentRange = scientific ? icu.exponent : nil
    let leadingEnd = exponentRange?.lowerBound ?? end
    let trailingStart = exponentRange?.upperBound ?? end
    let integerEnd = min(icu.integerEnd ?? leadingEnd, leadingEnd)

    func text(_ range: Range<Int>) -> String {
      let text = String(decoding: bytes[range], as: UTF8.self)
      return style.ascii ? ASCIIFallback.map(text) : text
    }
    let beforeAnchor = text(0..<integerEnd)
    return FormattedNumber(
      leading: beforeAnchor + text(integerEnd..<leadingEnd),
      exponent: exponentRange == nil ? "" : PowerOfTen.text(value.scientificExponent, ascii: style.ascii),
      trailing: text(trailingStart..<end),
      anchorColumn: DisplayWidth.of(beforeAnchor),
      color: style.color)
  }

  /// The value without ICU: `.` as separator, no grouping. Only used should ICU fail.
  func fallback(_ value: DecimalDigits) -> FormattedNumber {
    var shown = value
    var exponent = ""
    if usesScientific(value) {
      shown.exponent = -(value.digits.count - 1)
      exponent = PowerOfTen.text(value.scientificExponent, ascii: style.ascii)
    }
    let leading = shown.plainString
    let integerDigits = leading.utf8.prefix { $0 != UInt8(ascii: ".") }.count
    return FormattedNumber(leading: leading, exponent: exponent, anchorColumn: integerDigits, color: style.color)
  }
}
