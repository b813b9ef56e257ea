import ConvKit

/// `conv info WORD` for a substance: what the word reads as, and the others a shared plain word
/// names (`flour`: all-purpose flour, then bread flour …).
package struct SubstanceInfo: Sendable {
  /// The spelling asked about (`flour`).
  package let spelling: String
  /// The substance it reads as.
  package let substance: Substance
  /// The other substances the word names, which their own names choose.
  package let others: [Substance]

  /// The substance a word names in `table`, with its alternatives; nil when it names none.
  package init?(_ spelling: String, in table: SubstanceTable) {
    guard let substance = table.substance(named: spelling) else { return nil }
    self.spelling = spelling
    self.substance = substance
    others = table.alternatives(for: spelling).filter { $0 != substance }
  }
}

/// `conv list substances`: the substances of some groups, in file order.
package struct SubstanceList: Sendable {
  /// The groups shown, each with its title and substances.
  package let groups: [(identifier: String, title: String, substances: [Substance])]

  /// The substances of `table`, of one group when `group` names one (`food`, `foods`, `Fuels`).
  package init?(_ table: SubstanceTable, group: String? = nil) {
    let all = table.groups.map { ($0.identifier, $0.title, table.substances(inGroup: $0.identifier)) }
    guard let group else {
      groups = all
      return
    }
    let key = SubstanceTable.key(group)
    let chosen = all.filter {
      SubstanceTable.key($0.0) == key || SubstanceTable.key($0.1) == key || SubstanceTable.key($0.0) + "s" == key
    }
    guard !chosen.isEmpty else { return nil }
    groups = chosen
  }

  /// Whether a `conv list` argument asks for substances (`substances`, or a group: `foods`).
  package static func isRequest(_ words: String, in table: SubstanceTable) -> Bool {
    let key = SubstanceTable.key(words)
    return key == "substances" || key == "substance" || SubstanceList(table, group: words) != nil
  }
}

extension SubstanceTable {
  /// The built-in substances a search finds, best first: a name or alias equal to the query, then
  /// starting with it, then containing it, then near it (file order within each). Read from the
  /// embedded spellings; the whole table is read only when one matches.
  package static func builtinMatching(_ query: String, limit: Int) -> [Substance] {
    let indexes = matchingIndexes(query, in: BuiltinSubstanceKeys.all, limit: limit)
    guard !indexes.isEmpty else { return [] }
    let substances = SubstanceTable.builtin.substances
    return indexes.map { substances[$0] }
  }

  /// The indexes of the entries of `keys` (each substance's name and aliases as keys) a search for
  /// `query` finds, ranked as ``builtinMatching(_:limit:)`` says.
  package static func matchingIndexes(_ query: String, in keys: [[String]], limit: Int) -> [Int] {
    let key = SubstanceTable.key(query)
    guard !key.isEmpty else { return [] }
    var seen: Set<String> = []
    let every = keys.flatMap { $0 }.filter { seen.insert($0).inserted }
    let near = Set(NearWords.nearest(query, in: every, limit: 5))
    var found: [(rank: Int, index: Int)] = []
    for (index, names) in keys.enumerated() {
      let rank =
        names.contains(key)
        ? 0
        : names.contains(where: { $0.hasPrefix(key) })
          ? 1
          : names.contains(where: { $0.contains(text: key) }) ? 2 : names.contains(where: near.contains) ? 3 : nil
      if let rank { found.append((rank, index)) }
    }
    // Stable: file order within a rank.
    let ordered = found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
    return ordered.prefix(limit).map(\.element.index)
  }
}
