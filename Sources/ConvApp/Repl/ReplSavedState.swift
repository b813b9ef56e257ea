import ConvKit

/// The REPL's last category, pair and value, kept between sessions as a few `key = value` lines
/// (`$XDG_STATE_HOME/conv/repl`). Reading is forgiving: a missing, corrupt or stale file (a unit
/// that no longer exists, a value no longer valid) is ignored and the REPL opens as new.
package struct ReplSavedState: Sendable, Equatable {
  /// The category identifier.
  package var category: String
  /// The source unit, as its symbol or name.
  package var source: String
  /// The target unit, if any.
  package var target: String?
  /// The value, as an exact decimal or fraction.
  package var value: String

  /// Creates a saved state.
  package init(category: String, source: String, target: String?, value: String) {
    self.category = category
    self.source = source
    self.target = target
    self.value = value
  }

  /// The file's text.
  package var text: String {
    var lines = ["# conv REPL state (written on exit; safe to delete)", "category = " + category, "source = " + source]
    if let target { lines.append("target = " + target) }
    lines.append("value = " + value)
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads the file's text; nil when a required line is missing.
  package static func parse(_ text: String) -> ReplSavedState? {
    var fields: [String: String] = [:]
    for line in text.fileLines.filter({ !$0.isEmpty }).prefix(20) {
      guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingCharacters(in: " \t")
      let value = line[line.index(after: equals)...].trimmingCharacters(in: " \t")
      guard !key.isEmpty, !value.isEmpty, value.count <= 200 else { continue }
      fields[key] = value
    }
    guard let category = fields["category"], let source = fields["source"], let value = fields["value"] else {
      return nil
    }
    return ReplSavedState(category: category, source: source, target: fields["target"], value: value)
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var text = self
    while let first = text.first, set.contains(first) { text.removeFirst() }
    while let last = text.last, set.contains(last) { text.removeLast() }
    return String(text)
  }
}

extension ReplSession {
  /// The state to keep for the next session.
  package var savedState: ReplSavedState {
    ReplSavedState(
      category: state.category.identifier, source: ReplSession.spelling(state.source),
      target: state.target.map(ReplSession.spelling),
      value: state.value.terminatingDecimal?.plainString ?? state.value.description)
  }

  /// Opens on a saved state when it still makes sense (the category, units and value read and
  /// check); returns whether it did.
  @discardableResult
  package mutating func restore(_ saved: ReplSavedState) -> Bool {
    guard let category = catalog.category(named: saved.category),
      let source = catalog.unit(named: saved.source),
      source.unit.categoryIdentifier == category.identifier || catalog.featuredUnits(in: category).contains(source)
    else { return false }
    let target = saved.target.flatMap { catalog.unit(named: $0) }
      .flatMap {
        $0.unit.categoryIdentifier == category.identifier && ReplState.key($0) != ReplState.key(source) ? $0 : nil
      }
    guard let quantity = try? catalog.parseQuantity(saved.value), quantity.unit == nil, let value = quantity.number,
      (try? catalog.quantity(value, in: UnitExpression(unit: source))) != nil
    else { return false }
    guard
      let pair = ReplSession.defaultPair(
        catalog, category, system: converter.userSystem, source: source,
        target: target)
    else { return false }
    replaceState(ReplState(category: category, source: pair.source, target: pair.target, value: value))
    return true
  }

  /// Opens on the favorites view when there are favorites (the app's home screen); returns
  /// whether it did.
  @discardableResult
  package mutating func openOnFavorites() -> Bool {
    guard let store = favoritesStore, let file = try? store.load(), !file.entries.isEmpty else { return false }
    var next = state
    next.view = .favorites
    replaceState(next)
    return true
  }
}
