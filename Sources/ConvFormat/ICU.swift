import _ConvICU

/// Every call into the ICU shim passes through here; no C type leaves this file.
enum ICU {
  /// A number as ICU formatted it, with the byte ranges of its parts.
  struct FormattedDecimal {
    /// The UTF-8 bytes of the result.
    var bytes: [UInt8]
    /// The byte offset just after the integer digits, if ICU reported them.
    var integerEnd: Int?
    /// The bytes of the exponent (`E-9`), if any.
    var exponent: Range<Int>?
  }

  /// Formats a numeric string (`-15E19`) with a number skeleton; nil when ICU rejects the pair.
  static func formatDecimal(_ number: String, skeleton: String, locale: String) -> FormattedDecimal? {
    var capacity = 64
    while true {
      var layout = ConvICUNumberLayout()
      var bytes = [UInt8](repeating: 0, count: capacity)
      let length = bytes.withUnsafeMutableBytes { raw in
        let buffer = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
        return conv_icu_format_decimal(locale, skeleton, number, buffer, Int32(capacity), &layout)
      }
      guard length >= 0 else { return nil }
      if Int(length) >= capacity {
        capacity = Int(length) + 1
        continue
      }
      bytes.removeSubrange(Int(length)...)
      let exponent: Range<Int>? =
        layout.exponentStart >= 0 && layout.exponentEnd >= layout.exponentStart
        ? Int(layout.exponentStart)..<Int(layout.exponentEnd) : nil
      return FormattedDecimal(
        bytes: bytes, integerEnd: layout.integerEnd >= 0 ? Int(layout.integerEnd) : nil, exponent: exponent)
    }
  }

  /// Case-folds text and strips its nonspacing marks; nil if ICU fails.
  static func fold(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { source -> String? in
      var capacity = source.count + 16
      while true {
        var bytes = [UInt8](repeating: 0, count: capacity)
        let length = bytes.withUnsafeMutableBytes { raw in
          let buffer = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
          return source.withMemoryRebound(to: CChar.self) { input in
            conv_icu_fold(input.baseAddress, Int32(input.count), buffer, Int32(capacity))
          }
        }
        guard length >= 0 else { return nil }
        if Int(length) >= capacity {
          capacity = Int(length) + 1
          continue
        }
        return String(decoding: bytes[..<Int(length)], as: UTF8.self)
      }
    }
  }

  /// The ISO 4217 code of a locale's currency (`EUR` for `de_DE`); nil when ICU knows none.
  static func currency(forLocale locale: String) -> String? {
    var bytes = [CChar](repeating: 0, count: 8)
    let length = conv_icu_currency_for_locale(locale, &bytes, Int32(bytes.count))
    guard length == 3 else { return nil }
    return String(decoding: bytes.prefix(3).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether a scalar is East Asian Wide or Fullwidth.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    conv_icu_is_wide(scalar.value) != 0
  }
}
