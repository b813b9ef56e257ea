/// Folds text so that searches ignore case and accents.
///
/// `Ångström` and `angstrom` fold alike, as do `°C` and `°c` (the degree sign stays). The micro
/// sign µ (U+00B5) and the Greek letter μ (U+03BC) both fold to μ (U+03BC), as Unicode case folding
/// has it; matching a typed `u` for micro is left to the catalog's aliases (`um`). Superscripts and
/// other compatibility forms are kept (`m²` does not become `m2`).
public enum TextFolding {
  /// The folded form of `s`: full Unicode case folding, canonical decomposition, nonspacing marks
  /// removed, canonical composition. ASCII text takes a fast path that only lowercases.
  public static func fold(_ s: String) -> String {
    if s.utf8.allSatisfy({ $0 < 0x80 }) {
      guard s.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return s }
      return String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    return ICU.fold(s) ?? s.lowercased()
  }
}
