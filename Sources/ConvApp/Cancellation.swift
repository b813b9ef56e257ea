/// Whether the person asked to stop a long computation, asked by the loops that may run long.
///
/// The REPL's columns convert the value into every unit of the category and its favorites view
/// converts every favorite: a units file of thousands of units near the exact bound, or a file of
/// tens of thousands of favorites, makes that take seconds. Those loops ask between two items and
/// stop when a stop was asked for. The question is a closure, so this layer knows nothing of how
/// the request arrives (the terminal answers it from its SIGINT flag).
package struct Cancellation: Sendable {
  private let requested: @Sendable () -> Bool

  /// A cancellation that answers with `requested`, which must be cheap and safe to call often.
  package init(_ requested: @escaping @Sendable () -> Bool) {
    self.requested = requested
  }

  /// Never asked: the loops run to the end (scripts, tests, one-shot commands).
  package static let never = Cancellation { false }

  /// Whether a stop was asked for.
  package var isRequested: Bool { requested() }
}
