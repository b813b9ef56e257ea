import ConvKit

/// Substance names offered for completion after a quantity (`conv 1 cup fl<Tab>`).
package enum SubstanceCompletion {
  /// Whether a quantity of this dimension may be followed by a substance: one that a density or a
  /// molar mass carries somewhere (mass, volume, amount of substance, and their concentrations).
  package static func follows(_ dimension: PhysicalDimension) -> Bool {
    let targets = [PhysicalDimension(.mass), PhysicalDimension(.length).raised(to: 3)!, PhysicalDimension(.amount)]
    return targets.contains { dimension == $0 || SubstanceBridge.powers(from: dimension, to: $0) != nil }
  }

  /// The one-word names and aliases that start with `prefix` (case ignored), completed in the
  /// case typed, sorted.
  package static func names(startingWith prefix: String, in table: SubstanceTable) -> [String] {
    let folded = prefix.lowercased()
    var seen: Set<String> = []
    return table.spellings.filter { spelling in
      !spelling.contains(where: { $0.isWhitespace }) && spelling.lowercased().hasPrefix(folded)
        && seen.insert(spelling.lowercased()).inserted
    }.map { prefix + String($0.dropFirst(prefix.count)) }.sorted()
  }
}
