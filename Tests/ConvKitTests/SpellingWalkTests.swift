import Testing
@testable import ConvKit

/// Walks every spelling of every unit in the built-in catalog: each must read back as its unit,
/// as the unit of a quantity (`1 SPELLING`) and as a target, whatever characters it holds.
@Suite("Every catalog spelling reads as its unit")
struct SpellingWalkTests {
  /// Every (spelling, unit) pair of the catalog: names, plurals, symbols and aliases.
  static let pairs: [(spelling: String, unit: Unit)] = {
    let catalog = Catalog.builtin
    var result: [(String, Unit)] = []
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
  static func expected(_ spelling: String, owner: Unit) -> Unit {
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
}
