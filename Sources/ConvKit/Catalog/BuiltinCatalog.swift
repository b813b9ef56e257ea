extension Catalog {
  /// The catalog embedded in conv, generated from `Data/`.
  public static let builtin: Catalog = {
    let (categories, units) = BuiltinTable.read(builtinTable)
    return Catalog(categories: categories, units: units)
  }()
}

/// Reads the records written by `CatalogSourceWriter` (already resolved: no definition is
/// evaluated at run time).
enum BuiltinTable {
  static func read(_ table: String) -> ([UnitCategory], [Unit]) {
    var categories: [UnitCategory] = []
    var units: [Unit] = []
    units.reserveCapacity(1600)
    var order = 0
    for line in table.utf8.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
      if fields.first == "C", fields.count >= 5 {
        categories.append(UnitCategory(identifier: fields[1], title: fields[2], dimension: dimension(fields[3]),
                                       aliases: list(fields[4])))
      } else if fields.first == "U", fields.count >= 17 {
        let flags = fields[13]
        let factor = Magnitude(Rational(unreducedNumerator: integer(fields[8]), denominator: integer(fields[9])),
                               piPower: Int(fields[10]) ?? 0)
        let offset = Rational(unreducedNumerator: integer(fields[11]), denominator: integer(fields[12]))
        units.append(Unit(
          name: fields[1], plural: fields[2], symbols: list(fields[3]), aliases: list(fields[4]),
          claimedNames: list(fields[5]), categoryIdentifier: fields[6], dimension: dimension(fields[7]),
          factor: factor, offset: offset, isAbsolute: flags.contains("a"), isExact: !flags.contains("~"),
          prefixes: flags.contains("i") ? .iec : flags.contains("s") ? .si : .none, isCommon: flags.contains("c"),
          definition: fields[14], source: fields[15], cldrIdentifier: fields[16].isEmpty ? nil : fields[16],
          order: order))
        order += 1
      }
    }
    return (categories, units)
  }

  static func list(_ field: String) -> [String] {
    field.isEmpty ? [] : field.split(separator: "|").map(String.init)
  }

  static func dimension(_ field: String) -> Dimension {
    var exponents = SIMD16<Int8>.zero
    for (lane, part) in field.split(separator: ",").enumerated() where lane < 16 {
      exponents[lane] = Int8(part) ?? 0
    }
    return Dimension(exponents: exponents)
  }

  static func integer(_ field: String) -> BigInteger {
    if let small = Int(field) { return BigInteger(small) }
    if field.hasPrefix("-") { return -(BigInteger(decimalDigits: field.dropFirst()) ?? .zero) }
    return BigInteger(decimalDigits: field) ?? .zero
  }
}
