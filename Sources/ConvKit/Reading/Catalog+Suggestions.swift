extension Catalog {
  /// Up to `limit` spellings a user may have meant by an unknown one (`kilometr`, `KM`, `xyz`).
  ///
  /// Tried in order, the best kept: the same spelling in another case (`KM` → `km`); a prefix
  /// word or symbol with a near spelling of a unit that takes it (`kilometr` → `kilometre`,
  /// `kmm` → `km`); and near spellings of units, ranked by edit distance, common units first.
  /// With `fitting`, only units whose dimension converts to it (equal or inverse) are offered, so
  /// `conv 1 mi xyz` suggests no grays or hertz. Spellings of one character are offered only as
  /// case variants (no one-letter padding).
  ///
  /// With `besides`, the unit on the other side, spellings of that unit with another prefix come
  /// first: `KB` beside `B` offers the kilobyte before the kilobit.
  public func suggestions(
    for text: String, limit: Int = 3, fitting dimension: PhysicalDimension?,
    besides other: PrefixedUnit? = nil
  ) -> [String] {
    let word = SuggestionWord(text)
    let (key, length) = (word.key, word.length)
    guard length > 0, length <= 64 else { return [] }
    func fits(_ unit: PrefixedUnit) -> Bool {
      guard let dimension else { return true }
      return unit.unit.dimension == dimension || (!dimension.isNone && unit.unit.dimension == dimension.inverse)
    }
    var results: [(score: Int, sameUnit: Int, common: Int, spelling: String)] = []
    func offer(_ spelling: String, _ unit: PrefixedUnit, score: Int) {
      // No one-letter padding: a one-character spelling only as a case variant.
      guard fits(unit), spelling != text, spelling.count > 1 || score == 0 else { return }
      if let index = results.firstIndex(where: { $0.spelling == spelling }) {
        if results[index].score <= score { return }
        results.remove(at: index)
      }
      results.append((score, other.map { $0.unit == unit.unit } == true ? 0 : 1, unit.unit.isCommon ? 0 : 1, spelling))
    }
    let index = storage.spellingIndex
    // Only the spellings of units that fit are measured (a failed conversion's few hundred).
    let fitting = dimension.map(storage.spellings(fitting:))
    // 1. Case: a spelling equal but for case (`KM` → `km`, `Kg` → `kg`), prefixed forms included.
    for entry in index.sameButCase(key) where entry.spelling.count == text.count && entry.spelling != text {
      offer(entry.spelling, PrefixedUnit(unit: storage.unit(at: entry.unit)), score: 0)
    }
    /// Offers the prefix symbol at `position` of `Catalog.prefixSymbols` before each unit symbol
    /// equal but for case to `entries` of `length` characters, the prefix applying.
    func offerSymbols(after position: Int, _ entries: [SpellingIndex.Entry], length: Int) {
      for entry in entries where entry.spelling.count == length {
        let unit = storage.unit(at: entry.unit)
        let (symbol, prefix) = Catalog.prefixSymbols[position]
        if unit.symbols.contains(entry.spelling), prefix.applies(to: unit.prefixes) {
          offer(symbol + entry.spelling, PrefixedUnit(unit: unit, prefix: prefix), score: 0)
        }
      }
    }
    // A prefix symbol as typed and a unit symbol in another case (`MHZ` → `MHz`).
    let symbolPrefixes = Catalog.prefixSymbolPositions(starting: text)
    for position in symbolPrefixes {
      let rest = word.dropping(Catalog.prefixSymbolSpellings[position], of: text)
      // (A simple rest is lower-cased as it is looked up.)
      let (entries, restLength) = sameButCase(rest, simple: word.isSimple, in: index)
      offerSymbols(after: position, entries, length: restLength)
    }
    // A prefix symbol in the other case, then a unit symbol in any case (`KB` → `kB`, `kb`; `gb` →
    // `GB`, `Gb`). (A simple word by its bytes: the prefix symbols that start with the other case
    // of its first letter, then the rest as typed.)
    if word.isSimple {
      ByteScan.withBytes(of: text) { bytes in
        guard let first = bytes.first, let other = SuggestionWord.otherCase(first) else { return }
        for position in Catalog.prefixSymbolsByFirstByte[Int(other)] {
          let symbol = Catalog.prefixSymbolBytes[position]
          guard bytes.count > symbol.count, bytes[1..<symbol.count].elementsEqual(symbol[1...]) else { continue }
          // (The rest as typed: after the symbol's bytes, the word's own.)
          let rest = word.dropping(Catalog.prefixSymbolSpellings[position], of: text)
          let (entries, restLength) = sameButCase(rest, simple: true, in: index)
          offerSymbols(after: position, entries, length: restLength)
        }
      }
    } else if let first = text.first, first.isASCII, first.isLetter {
      let swapped = (first.isUppercase ? first.lowercased() : first.uppercased()) + text.dropFirst()
      for position in Catalog.prefixSymbolPositions(starting: swapped) {
        let rest = swapped.dropFirst(Catalog.prefixSymbolSpellings[position].count)
        guard !rest.isEmpty else { continue }
        let lowered = rest.lowercased()
        offerSymbols(after: position, index.sameButCase(lowered), length: lowered.count)
      }
    }
    let namePrefixes = Catalog.prefixNames(starting: key)
    // The case variants found with a prefix (`kM` → `km`).
    if word.isSimple {
      word.forEachCaseVariant { first in
        guard mayHavePrefix(first: first, rest: key, namePrefixes: namePrefixes) else { return }
        let variant = String(Unicode.Scalar(first)) + key.dropFirst()
        if let unit = unit(named: variant), unit.prefix != nil { offer(variant, unit, score: 0) }
      }
    } else {
      for variant in [
        key, key.prefix(1).uppercased() + key.dropFirst(), text.prefix(1) + text.dropFirst().lowercased(),
      ]
      where variant != text {
        if let unit = unit(named: variant), unit.prefix != nil { offer(variant, unit, score: 0) }
      }
    }
    // 2. A prefix with a near unit spelling (`kilometr`, `megabite`, `kmm`).
    for (prefixWord, prefix) in namePrefixes where length > prefixWord.count + 1 {
      let rest = word.dropping(prefixWord, of: key)
      for suggestion in nearSpellings(rest, bound: 1, in: index, fitting: fitting)
      where prefix.applies(to: suggestion.unit.prefixes) {
        let name = suggestion.unit.symbols.contains(suggestion.spelling) ? nil : suggestion.spelling
        guard let name else { continue }
        offer(
          prefixWord + name, PrefixedUnit(unit: suggestion.unit, prefix: prefix), score: 1 + suggestion.distance * 2)
      }
    }
    for position in symbolPrefixes {
      let symbol = Catalog.prefixSymbolSpellings[position]
      let rest = word.dropping(symbol, of: text)
      for suggestion in nearSpellings(rest, bound: 1, in: index, fitting: fitting) {
        let prefix = Catalog.prefixSymbols[position].1
        guard prefix.applies(to: suggestion.unit.prefixes), suggestion.unit.symbols.contains(suggestion.spelling)
        else { continue }
        offer(
          symbol + suggestion.spelling, PrefixedUnit(unit: suggestion.unit, prefix: prefix),
          score: 2 + suggestion.distance * 2)
      }
    }
    // 3. Near spellings of units.
    // One edit for short spellings, two from four characters, three from seven.
    let bound = length <= 1 ? 0 : length <= 3 ? 1 : length <= 6 ? 2 : 3
    for suggestion in nearSpellings(key[...], bound: bound, in: index, fitting: fitting) {
      offer(
        suggestion.spelling, PrefixedUnit(unit: suggestion.unit),
        score: suggestion.distance * 2 + (suggestion.spelling.lowercased() == key ? 0 : 1))
    }
    return results.sorted {
      ($0.score, $0.sameUnit, $0.common, $0.spelling.count, $0.spelling) < (
        $1.score, $1.sameUnit, $1.common, $1.spelling.count, $1.spelling
      )
    }
    .prefix(limit).map(\.spelling)
  }

  /// The entries equal but for case to the rest of a word after a prefix symbol, and the rest's
  /// length in characters: a simple rest lower-cased as it is looked up, any other lower-cased first.
  private func sameButCase(_ rest: Substring, simple: Bool, in index: SpellingIndex)
    -> (entries: [SpellingIndex.Entry], length: Int)
  {
    if simple, let found = ByteScan.withBytes(of: rest, index.sameButCase(loweringASCII:)) {
      return (found, rest.utf8.count)
    }
    let lowered = rest.lowercased()
    return (index.sameButCase(lowered), lowered.count)
  }

  /// Whether `unit(named:)` may find a case variant of a simple word with a prefix: the variant's
  /// first byte, then the rest of the word's lower case `rest` (`namePrefixes` its prefix words).
  ///
  /// Only a prefix symbol before a unit symbol (`prefixedSymbol`) or a prefix word before a folded
  /// name (`prefixedName`, which a variant's lower case, the word's, must start with) makes one: a
  /// failed conversion's variants mostly fail this at the cost of a symbol lookup, not the
  /// half-dozen of `unit(named:)`.
  private func mayHavePrefix(first: UInt8, rest key: String, namePrefixes: [(String, Prefix)]) -> Bool {
    if !namePrefixes.isEmpty { return true }
    // What `Catalog.prefixSymbolPositions(starting:)` finds in the variant: its first byte, then the key's.
    let count = key.utf8.count
    guard count > 0 else { return false }
    // (In place: a failed conversion asks this of each case variant.)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
      _ = buffer.initialize(from: key.utf8)
      buffer[0] = first
      let variant = UnsafeBufferPointer(buffer)
      var found = false
      Catalog.forEachPrefix(of: variant, in: Catalog.prefixSymbolBytes, at: Catalog.prefixSymbolsByFirstByte) {
        position in
        let rest = UnsafeBufferPointer(rebasing: variant[Catalog.prefixSymbolBytes[position].count...])
        found = storage.symbolIndex(String(decoding: rest, as: UTF8.self)) != nil
        return found
      }
      return found
    }
  }

  /// Spellings of `index` within `bound` edits of `key` (lower case), the best per unit (of the
  /// `fitting` entries only, when given).
  private func nearSpellings(_ key: Substring, bound: Int, in index: SpellingIndex, fitting: SpellingIndex.Selection?)
    -> [(spelling: String, unit: CatalogUnit, distance: Int)]
  {
    var best: [Int: (String, Int)] = [:]
    // The key's scalars in place (no more than its bytes): ASCII byte by byte.
    withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: key.utf8.count) { buffer in
      var count = 0
      for byte in key.utf8 {
        guard byte < 0x80 else {
          count = 0
          for scalar in key.unicodeScalars {
            buffer.initializeElement(at: count, to: scalar)
            count += 1
          }
          break
        }
        buffer.initializeElement(at: count, to: Unicode.Scalar(byte))
        count += 1
      }
      index.forEachNear(UnsafeBufferPointer(rebasing: buffer[..<count]), bound: bound, in: fitting) { entry, distance in
        let (spelling, index) = (entry.spelling, entry.unit)
        // The best spelling of each unit: nearest, then shortest, then first in byte order (so that
        // the answer does not depend on the order spellings are visited in).
        if let existing = best[index],
          (existing.1, existing.0.count, existing.0) <= (distance, spelling.count, spelling)
        {
          return
        }
        best[index] = (spelling, distance)
      }
    }
    return best.map { (spelling: $0.value.0, unit: storage.unit(at: $0.key), distance: $0.value.1) }
  }
}
