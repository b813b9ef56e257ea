import ConvApp
import ConvFormat
import ConvKit
import Synchronization
import Testing

/// A stop asked for once `count` questions have been answered.
final class Countdown: Sendable {
  let remaining: Atomic<Int>

  init(_ count: Int) {
    remaining = Atomic(count)
  }

  var cancellation: Cancellation {
    Cancellation { [self] in remaining.wrappingSubtract(1, ordering: .relaxed).newValue < 0 }
  }
}

/// Issue 20, finding 6: Ctrl-C stops the REPL's long loops. What the session shows once a stop is
/// asked for, and that its value cache stays right through an interrupted screen and a revert.
@Suite("REPL cancellation")
struct ReplCancellationTests {
  static let stopped = Cancellation { true }

  /// The numbers of the right column, in order.
  static func numbers(_ session: ReplSession) -> [String] {
    session.columns().destinations.map { $0.value?.number.plain ?? "(not converted)" }
  }

  @Test("Once a stop is asked for, values not yet computed show as … and are not cached", arguments: [0, 1, 3])
  func placeholders(_ answered: Int) {
    let (fresh, _) = ReplTestCatalog.run(["from mi", "7"])
    let expected = Self.numbers(fresh)
    #expect(!expected.contains("…"))

    var (session, _) = ReplTestCatalog.run(["from mi", "5"])
    _ = Self.numbers(session)
    _ = session.handle("7")
    session.cancellation = Countdown(answered).cancellation
    let cut = Self.numbers(session)
    #expect(cut.filter { $0 != "…" } == Array(expected.prefix(answered)), "\(cut)")
    #expect(cut.count == expected.count)
    #expect(cut.contains("…"))
    // No placeholder was kept: the next screen computes the rest, the same as a fresh session.
    session.cancellation = .never
    #expect(Self.numbers(session) == expected)
  }

  @Test("Going back to the state before an interrupted command finds its values cached")
  func revert() {
    var (session, _) = ReplTestCatalog.run(["from mi", "to km", "5"])
    let before = session.state
    let full = Self.numbers(session)
    let pair = session.pairText
    _ = session.handle("7")
    session.cancellation = Self.stopped
    #expect(Self.numbers(session).allSatisfy { $0 == "…" })
    session.revert(to: before)
    // Still stopped: nothing is converted, yet every value is there.
    #expect(Self.numbers(session) == full)
    #expect(session.pairText == pair)
    #expect(session.state.value == before.value)
    session.cancellation = .never
    _ = session.handle("7")
    #expect(Self.numbers(session) == Self.numbers(ReplTestCatalog.run(["from mi", "to km", "7"]).0))
  }

  @Test("The favorites view stops converting and says how many favorites are left out")
  func favorites() {
    let store = MemoryFavorites(["mi -> km", "kg -> lb", "ft -> m", "lb -> kg"])
    var session = ReplTestCatalog.session(.screen, favorites: store)
    _ = session.handle("favs")
    session.cancellation = Countdown(6).cancellation  // 4 favorites read, 2 converted
    let screen = session.screen(width: 80, height: 20).map(ReplText.plain).joined(separator: "\n")
    #expect(screen.contains("… interrupted: 2 more favorites not converted"), "\(screen)")
    #expect(screen.contains("1 mi = 1.609344"), "\(screen)")
    session.cancellation = .never
    let whole = session.screen(width: 80, height: 20).map(ReplText.plain).joined(separator: "\n")
    #expect(!whole.contains("interrupted"), "\(whole)")
    #expect(whole.contains("1 lb = 0.45359237"), "\(whole)")
  }
}
