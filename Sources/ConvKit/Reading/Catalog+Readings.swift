extension Catalog {
  /// Every unit a spelling can name, the default reading first; empty for an unknown spelling.
  ///
  /// A spelling has more than one reading when a unit claims it as a whole input (`C` is °C
  /// alone, the coulomb inside `C/kg`) or when another unit takes it as an alternative reading
  /// (`pt~` on the point: `pt` is the pint unless the other side of a conversion is a length).
  /// `standalone` says whether the spelling is the whole unit typed.
  public func readings(of spelling: some StringProtocol, standalone: Bool = true) -> [PrefixedUnit] {
    let spelling = String(spelling)
    guard let first = unit(named: spelling, standalone: standalone) else { return [] }
    var result = [first]
    if standalone, storage.claimedIndex(spelling) != nil, let plain = unit(named: spelling, standalone: false),
       plain != first {
      result.append(plain)
    }
    if let index = storage.alternateIndex(spelling) {
      let alternate = PrefixedUnit(unit: storage.unit(at: index))
      if !result.contains(alternate) { result.append(alternate) }
    }
    return result
  }
}
