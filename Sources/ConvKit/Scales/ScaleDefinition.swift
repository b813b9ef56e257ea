/// The `scale(REFERENCE; FORWARD; INVERSE)` form of a definition in `Data/`, split into its parts.
enum ScaleDefinition {
  /// The reference unit's text, the forward function of `x` and the inverse function of `y` (when
  /// written); nil when the definition is not of this form.
  static func parts(of definition: String) -> (reference: String, forward: String, inverse: String?)? {
    let text = definition.trimmed
    guard text.hasPrefix("scale("), text.hasSuffix(")") else { return nil }
    let inner = text.dropFirst(6).dropLast()
    let pieces = inner.split(separator: ";", omittingEmptySubsequences: false).map { String($0.trimmed) }
    guard pieces.count == 2 || pieces.count == 3, !pieces[0].isEmpty, !pieces[1].isEmpty else { return nil }
    return (pieces[0], pieces[1], pieces.count == 3 && !pieces[2].isEmpty ? pieces[2] : nil)
  }
}
