// libFuzzer target: the Data/ catalog format, as read for personal units files ($CONV_UNITS).
//
// Input: the file's text. The first byte's low bit chooses whether the file is loaded on top of
// the built-in catalog (as conv does) or alone (as the generator does). Every unit the file
// defines is then looked up and converted, so definitions that load but break later are found.

import ConvKit

let builtin = Catalog.builtin

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUnitsFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let onBuiltin = size > 0 && bytes[0] & 1 == 1
  let text = String(decoding: bytes, as: UTF8.self)
  let (catalog, diagnostics) = CatalogLoader.load(
    [CatalogSource(path: "fuzz.units", text: text)],
    base: onBuiltin ? builtin : nil)
  for diagnostic in diagnostics {
    precondition(diagnostic.line >= 1, "diagnostic without a line: \(diagnostic)")
    let description = diagnostic.description
    precondition(!description.unicodeScalars.contains(where: isRawControl), "raw control character in: \(description)")
  }
  let added = catalog.units.dropFirst(onBuiltin ? builtin.units.count : 0)
  // The loader refuses control characters in what names a unit (they reach terminals).
  for unit in added {
    for spelling in [unit.name, unit.plural] + unit.symbols + unit.aliases {
      precondition(
        !spelling.unicodeScalars.contains(where: isRawControl), "raw control character in a unit's name: \(spelling)")
    }
  }
  for unit in added.prefix(8) {
    for spelling in [unit.symbol, unit.name, unit.plural] {
      guard let quantity = try? catalog.parseQuantity("2 " + spelling) else { continue }
      let peers = catalog.units.filter { $0.dimension == unit.dimension }.prefix(3)
      for peer in peers {
        if let result = try? catalog.convert(quantity, to: UnitExpression(unit: PrefixedUnit(unit: peer))) {
          _ = result.rational.rounded(significantDigits: 8)
          _ = result.doubleValue
        }
      }
    }
  }
  if let category = catalog.categories.last {
    _ = catalog.units(in: category)
    _ = catalog.describe(category.dimension)
  }
  return 0
}

/// Whether a character must never reach a terminal raw: a C0 or C1 control but tab, a line or
/// paragraph separator, a bidirectional embedding, override or isolate (`TerminalText`'s list).
func isRawControl(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09: false
  case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}
