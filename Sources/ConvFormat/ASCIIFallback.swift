/// Replaces the non-ASCII characters that ICU puts into numbers by ASCII ones.
///
/// Space separators (such as U+202F, the narrow no-break space that groups digits in French) become a
/// plain space, so `1 234,5` stays readable; typographic apostrophes (Swiss grouping) become `'`;
/// minus and dash signs become `-`; the Arabic decimal and thousands separators become `.` and `,`.
/// Anything else (bidirectional marks, mostly) is dropped.
enum ASCIIFallback {
  /// The text with only ASCII characters, as described above.
  static func map(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        result.append(scalar)
      } else if let replacement = replacement(for: scalar) {
        result.append(replacement)
      }
    }
    return String(result)
  }

  private static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0x2018, 0x2019, 0x02BC, 0x2032: return "'"
    case 0x2010...0x2015, 0x2212, 0xFE63, 0xFF0D: return "-"
    case 0x066B: return "."
    case 0x066C, 0x060C: return ","
    default:
      return scalar.properties.generalCategory == .spaceSeparator ? " " : nil
    }
  }
}
