/// Spellings that trades and services write for a prefixed form of a catalog unit, which the
/// catalog cannot spell as an alias (an alias names a unit, not a prefixed form of it): `mcg` on
/// pharmacy labels, `mb` in meteorology. Read only where the catalog knows no such spelling (a
/// personal units file may define it), with a note where the reading is not the only one people
/// give the spelling.
enum ConventionalSpellings {
  struct Entry {
    /// The catalog spelling it stands for (`µg`).
    let spelling: String
    /// What the note says it was read as, when one is due (`millibar`).
    let note: String?
  }

  static let table: [String: Entry] = [
    // Microgram on prescriptions and supplement labels (ISMP List of Error-Prone Abbreviations:
    // write mcg, not µg; FDA 21 CFR 101.9(c)(8)(iv) labels vitamins in mcg).
    "mcg": Entry(spelling: "µg", note: nil),
    // Meteorology's millibar (NWS Glossary: millibar, mb; WMO-No. 8: 1 hPa = 1 mb). Never the
    // megabit (Mb) or megabyte (MB): beside data it is refused (`Catalog.read`).
    "mb": Entry(spelling: "mbar", note: "millibar (meteorology's mb = mbar = hPa)"),
    // Military slang for the kilometre (GNU units 3.15 definitions.units: klick = km).
    "klick": Entry(spelling: "km", note: nil),
    "klicks": Entry(spelling: "km", note: nil),
    // Explosive yields (NIST SP 811 (2008) B.8 note 25: ton of TNT = 4.184 E+09 J): a kiloton
    // and a megaton of TNT, as weapons and impacts are quoted.
    "kiloton": Entry(spelling: "ktTNT", note: "kiloton of TNT (4.184 TJ)"),
    "kilotons": Entry(spelling: "ktTNT", note: "kiloton of TNT (4.184 TJ)"),
    "megaton": Entry(spelling: "MtTNT", note: "megaton of TNT (4.184 PJ)"),
    "megatons": Entry(spelling: "MtTNT", note: "megaton of TNT (4.184 PJ)"),
  ]

  /// The entry for a spelling, if it has one (told from its first byte first: most spellings
  /// start with none of these letters).
  static func entry(for spelling: String) -> Entry? {
    guard let first = spelling.utf8.first, first == UInt8(ascii: "m") || first == UInt8(ascii: "k") else { return nil }
    return table[spelling]
  }
}

/// Spellings refused with the reason, where no reading would be right: a gauge pressure is a
/// difference from the atmosphere of the day, not a pressure.
enum RefusedSpellings {
  static let reasons: [String: String] = {
    let gauge = { (unit: String, atmosphere: String) in
      "is a gauge pressure, relative to the atmosphere: write \(unit) for the difference, or add 1 atm "
        + "(\(atmosphere) \(unit), standard) for the absolute pressure"
    }
    return [
      "psig": gauge("psi", "14.696"), "psi(g)": gauge("psi", "14.696"),
      "barg": gauge("bar", "1.01325"), "bar(g)": gauge("bar", "1.01325"),
      "kPag": gauge("kPa", "101.325"), "kPa(g)": gauge("kPa", "101.325"),
    ]
  }()

  /// Why a spelling is refused; nil for any other.
  static func reason(for spelling: String) -> String? {
    guard spelling.utf8.count >= 4, spelling.utf8.count <= 6 else { return nil }
    return reasons[spelling]
  }
}
