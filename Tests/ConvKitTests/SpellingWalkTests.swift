import Testing

@testable import ConvKit

/// Walks every spelling of every unit in the built-in catalog: each must read back as its unit,
/// as the unit of a quantity (`1 SPELLING`) and as a target, whatever characters it holds.
@Suite("Every catalog spelling reads as its unit")
struct SpellingWalkTests {
  /// Every (spelling, unit) pair of the catalog: names, plurals, symbols and aliases.
  static let pairs: [(spelling: String, unit: CatalogUnit)] = {
    let catalog = Catalog.builtin
    var result: [(String, CatalogUnit)] = []
    for unit in catalog.units {
      var seen: Set<String> = []
      for spelling in [unit.name, unit.plural] + unit.symbols + unit.aliases + unit.claimedNames
      where seen.insert(spelling).inserted {
        result.append((spelling, unit))
      }
    }
    return result
  }()

  /// The unit a spelling names when it is the whole unit typed: the claimed reading if one claims
  /// it (`C` is °C), else the unit that owns it.
  static func expected(_ spelling: String, owner: CatalogUnit) -> CatalogUnit {
    Catalog.builtin.unit(named: spelling)?.unit ?? owner
  }

  @Test("1 SPELLING reads as a quantity of the unit, and SPELLING as a target")
  func everySpelling() {
    let catalog = Catalog.builtin
    var failures: [String] = []
    for (spelling, owner) in Self.pairs {
      let unit = Self.expected(spelling, owner: owner)
      do {
        let quantity = try catalog.parseQuantity("1 " + spelling)
        if quantity.unit?.singleUnit?.unit != unit || quantity.number != .one {
          failures.append("'\(spelling)' (\(unit.name)): quantity reads as \(quantity.unit?.text ?? quantity.text)")
        }
      } catch {
        failures.append("'\(spelling)' (\(unit.name)): quantity: \(error.message)")
      }
      do {
        let target = try catalog.parseUnit(spelling)
        if target.singleUnit?.unit != unit {
          failures.append("'\(spelling)' (\(unit.name)): target reads as \(target.text)")
        }
      } catch {
        failures.append("'\(spelling)' (\(unit.name)): target: \(error.message)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.joined(separator: "\n"))")
  }

  /// Every spelling, alternative readings (`pt~`) included, with the unit it names when the other
  /// side of a conversion is that unit's own name.
  static let allPairs: [(spelling: String, unit: CatalogUnit)] = {
    var result = pairs
    for unit in Catalog.builtin.units {
      for spelling in unit.alternateNames { result.append((spelling, unit)) }
    }
    return result
  }()

  @Test("1 SPELLING to NAME reads SPELLING as the named unit whenever it can be (the other side decides)")
  func otherSideDecides() {
    let catalog = Catalog.builtin
    var failures: [String] = []
    for (spelling, owner) in Self.allPairs {
      let quantity = "1 " + spelling
      let request = ConversionRequest(
        quantity: quantity, targets: [owner.name], source: quantity + " to " + owner.name,
        quantityOffset: 0, targetOffset: quantity.count + 4)
      do {
        let reading = try catalog.read(request)
        // Readings of the same dimension as the owner's may keep the default (`C` alone is °C).
        let read = reading.quantity.unit?.singleUnit?.unit
        if read != owner && read?.dimension != owner.dimension {
          failures.append("'\(spelling)' (\(owner.name)): read as \(read?.name ?? reading.quantity.text)")
        }
      } catch {
        failures.append("'\(spelling)' (\(owner.name)): \(error.message)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.joined(separator: "\n"))")
  }
}
