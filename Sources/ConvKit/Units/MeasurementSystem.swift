/// A system of units people measure in day to day: the one a locale uses, or a unit belongs to.
package enum MeasurementSystem: String, Sendable, Hashable, CaseIterable {
  /// The International System and the metric units used with it (`km`, `L`, `kg`).
  case si
  /// US customary units (`mi`, `gal`, `lb`, `°F`).
  case us
  /// British imperial units (`mi`, `pt imp`, `st`).
  case imperial

  /// The systems in the order a column lists them: `first`, then `second` when given, then the
  /// others in declaration order (SI, US, imperial).
  package static func order(first: MeasurementSystem, then second: MeasurementSystem? = nil) -> [MeasurementSystem] {
    var order = [first]
    if let second, second != first { order.append(second) }
    return order + allCases.filter { !order.contains($0) }
  }
}

/// One group of a category's everyday units (`everyday:` in `Data/`): the units people of a
/// measurement system reach for, most used first; `system` is nil for units every system uses
/// (seconds and hours, nautical miles).
package struct EverydayGroup: Sendable, Hashable {
  /// The system the group is for; nil for every system.
  package let system: MeasurementSystem?
  /// The units as written in `Data/` (`km`, `mpg imp`, `L/100km`), most used first.
  package let spellings: [String]

  /// Creates a group.
  package init(system: MeasurementSystem?, spellings: [String]) {
    self.system = system
    self.spellings = spellings
  }

  /// Reads an `everyday:` header value: groups separated by `;`, each `SYSTEM = units` or just
  /// `units` (for every system), units separated by `,`. Returns the groups, or what is wrong.
  package static func parse(_ text: String) -> Result<[EverydayGroup], EverydayError> {
    var groups: [EverydayGroup] = []
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      var system: MeasurementSystem? = nil
      var list = Substring(part)
      if let equals = part.firstIndex(of: "=") {
        let name = part[..<equals].filter { !$0.isWhitespace }.lowercased()
        guard let named = MeasurementSystem(rawValue: name) else {
          return .failure(EverydayError(message: "unknown measurement system '\(name)' (expected si, us or imperial)"))
        }
        system = named
        list = part[part.index(after: equals)...]
      }
      let spellings = list.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
      guard !spellings.isEmpty else {
        return .failure(EverydayError(message: "empty group in 'everyday:' (expected 'SYSTEM = unit, unit; …')"))
      }
      if groups.contains(where: { $0.system == system }) {
        return .failure(
          EverydayError(message: "group '\(system?.rawValue ?? "(every system)")' given twice in 'everyday:'"))
      }
      if let twice = spellings.first(where: { spelling in spellings.filter { $0 == spelling }.count > 1 }) {
        return .failure(EverydayError(message: "'\(twice)' listed twice in one 'everyday:' group"))
      }
      groups.append(EverydayGroup(system: system, spellings: spellings))
    }
    return .success(groups)
  }

  /// The groups written back as an `everyday:` value (what ``parse(_:)`` reads).
  package static func text(_ groups: [EverydayGroup]) -> String {
    groups.map { group in
      (group.system.map { $0.rawValue + " = " } ?? "") + group.spellings.joined(separator: ", ")
    }.joined(separator: "; ")
  }
}

/// What is wrong with an `everyday:` header.
package struct EverydayError: Error, Sendable, Hashable {
  /// The one-line message.
  package let message: String
}

extension Substring {
  /// The text without spaces and tabs at either end.
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }
}
