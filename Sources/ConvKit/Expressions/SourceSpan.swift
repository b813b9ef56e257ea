/// A range of characters in the text a user typed, for pointing a caret at the problem.
public struct SourceSpan: Hashable, Sendable {
  /// Offset of the first character, counted in `Character`s from the start of the text.
  public var start: Int
  /// Number of characters covered (at least 1 when pointing at a token).
  public var length: Int

  /// Creates a span.
  public init(start: Int, length: Int) {
    self.start = start
    self.length = length
  }

  /// The span shifted right by `offset` characters (for text embedded in a longer line).
  public func shifted(by offset: Int) -> SourceSpan { SourceSpan(start: start + offset, length: length) }
}
