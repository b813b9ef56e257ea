/// Spellings people use for two values, refused with both rather than guessed: `KB` is 1000 B
/// (kilobyte) or 1024 B (kibibyte), and never the kilobit.
enum DoubleValuedSpellings {
  /// The spellings, with the catalog spellings of their readings and their sizes in words.
  static let readings: [String: [(spelling: String, size: String)]] = {
    let bytes = [("kB", "1000 B"), ("KiB", "1024 B")]
    let bits = [("kb", "1000 bit"), ("Kib", "1024 bit")]
    // MBtu: the US energy trade's thousand BTU (M, the Roman thousand: EIA, "MBtu = 1,000 Btu"),
    // which SI readers take for a million (MMBtu).
    let btu = [("kBtu", "1000 BTU, US energy trade"), ("MMBtu", "10⁶ BTU")]
    return [
      "KB": bytes, "Kbyte": bytes, "Kbytes": bytes, "Kb": bits, "Kbit": bits, "Kbits": bits,
      "MBtu": btu, "MBTU": btu, "Mbtu": btu,
    ]
  }()

  /// The catalog spellings a spelling may mean, with their sizes, when it is one of these; nil
  /// otherwise.
  static func choices(for spelling: String) -> [(spelling: String, size: String)]? {
    guard spelling.utf8.first == UInt8(ascii: "K") || spelling.utf8.first == UInt8(ascii: "M") else { return nil }
    return readings[spelling]
  }
}
