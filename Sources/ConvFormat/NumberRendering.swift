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
    self.isPlainEnglish = Self.plainEnglishLocales.contains(locale)
  }

  /// Locales whose bare numbers ``english(_:)`` writes exactly as ICU would (`.` and `,`, groups
  /// of three, ASCII digits and `-`), so that ICU need not be loaded for them. The locale of an
  /// unset, `C` or `POSIX` environment is `en`.
  static let plainEnglishLocales: Set<String> = ["en", "en_US"]
  /// Whether bare numbers skip ICU: the style's locale is one of ``plainEnglishLocales``.
  let isPlainEnglish: Bool

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
    if unitStems == nil && isPlainEnglish { return english(value) }
    return formatWithICU(value, unitStems: unitStems)
  }

  /// Formats the value through ICU, whatever the locale; nil when ICU rejects the skeleton.
  func formatWithICU(_ value: DecimalDigits, unitStems: String? = nil) -> FormattedNumber? {
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

  /// The value as English writes it, without ICU: `.` before the fraction, `,` between groups of
  /// three integer digits when the style groups (`-1,234.5`), a bare mantissa in scientific notation.
  ///
  /// This is ICU's output for ``plainEnglishLocales`` (the tests compare the two).
  func english(_ value: DecimalDigits) -> FormattedNumber {
    english(value, grouping: style.grouping)
  }

  /// The value without ICU and without grouping, for any locale: used only should ICU fail, when a
  /// `,` could be read as the locale's decimal separator.
  func fallback(_ value: DecimalDigits) -> FormattedNumber {
    english(value, grouping: false)
  }

  private func english(_ value: DecimalDigits, grouping: Bool) -> FormattedNumber {
    let scientific = usesScientific(value)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(value.digits.utf8.count + max(value.exponent, -value.exponent) + 16)
    let integerEnd = appendEnglishMantissa(value, scientific: scientific, grouping: grouping, to: &bytes)
    return FormattedNumber(
      leading: String(decoding: bytes, as: UTF8.self),
      exponent: scientific ? PowerOfTen.text(value.scientificExponent, ascii: style.ascii) : "",
      anchorColumn: integerEnd, color: style.color)
  }

  /// Appends the UTF-8 bytes of `english(value).styled`: the same text, written without building
  /// strings, for batch output.
  func appendEnglish(_ value: DecimalDigits, to bytes: inout [UInt8]) {
    let scientific = usesScientific(value)
    appendEnglishMantissa(value, scientific: scientific, grouping: style.grouping, to: &bytes)
    guard scientific else { return }
    let power = PowerOfTen.text(value.scientificExponent, ascii: style.ascii)
    if style.color { bytes.append(contentsOf: SGR.dim.utf8) }
    bytes.append(contentsOf: power.utf8)
    if style.color { bytes.append(contentsOf: SGR.normalIntensity.utf8) }
  }

  /// Appends the sign, digits and separators of the value as English writes them (in scientific
  /// notation the mantissa `d.ddd`), and returns how many bytes of them come before the decimal
  /// point (all of them when there is none).
  @discardableResult
  private func appendEnglishMantissa(
    _ value: DecimalDigits, scientific: Bool, grouping: Bool, to bytes: inout [UInt8]
  ) -> Int {
    let start = bytes.count
    var integerEnd = 0
    let isZero = value.isZero
    var digits = value.digits
    digits.withUTF8 { source in
      let count = source.count
      // The digits stand for digits × 10^exponent; scientific notation shows d.ddd.
      let exponent = scientific ? -(count - 1) : value.exponent
      if value.isNegative { bytes.append(UInt8(ascii: "-")) }
      let integerCount = count + exponent  // digits before the point (≤ 0: none)
      if integerCount <= 0 {
        bytes.append(UInt8(ascii: "0"))
      } else {
        let group = grouping && !scientific && integerCount > 3
        for position in 0..<integerCount {
          if group && position > 0 && (integerCount - position) % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
          bytes.append(position < count && !isZero ? source[position] : UInt8(ascii: "0"))
        }
      }
      integerEnd = bytes.count - start
      if exponent < 0 {
        bytes.append(UInt8(ascii: "."))
        for _ in 0..<max(0, -integerCount) { bytes.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[max(0, integerCount)...]))
      }
    }
    return integerEnd
  }
}
