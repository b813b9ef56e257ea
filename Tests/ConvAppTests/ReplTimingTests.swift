import ConvApp
import ConvFormat
import ConvKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Filtering and layout cost per keystroke on the full built-in catalog. A measurement, not a
/// check (times are the thread's CPU time, so a busy machine does not inflate them): run it in release with `CONV_REPL_TIMING=1 swift test -c release --filter ReplTiming`.
@Suite("REPL timing", .enabled(if: getenv("CONV_REPL_TIMING") != nil, "set CONV_REPL_TIMING=1 to measure"))
struct ReplTimingTests {
  @Test("filter + layout of every category, typed one character at a time")
  func keystrokes() {
    let catalog = Catalog.builtin
    var options = OutputOptions()
    options.color = true
    let converter = Converter(catalog: catalog, options: options)
    guard var session = ReplSession(converter: converter, mode: .screen) else {
      Issue.record("the built-in catalog is empty")
      return
    }
    let queries = ["nautical", "metre", "ångström", "sq ft", "x"]
    var samples: [Double] = []
    var worst = (0.0, "")
    for category in catalog.categories {
      _ = session.handle("cat " + category.identifier)
      _ = session.screen(width: 120, height: 39)  // converts the column once (cached per value)
      for query in queries {
        var typed = ""
        for character in query {
          typed.append(character)
          let start = now()
          _ = session.handle("/" + typed)
          let lines = session.screen(width: 120, height: 39)
          let elapsed = now() - start
          precondition(lines.count == 39)
          samples.append(elapsed)
          if elapsed > worst.0 { worst = (elapsed, category.identifier + " /" + typed) }
        }
        _ = session.handle("/")
      }
    }
    // Filtering alone across every unit of the catalog (all categories), per keystroke.
    let search = UnitSearch(catalog: catalog)
    var wholeCatalog: [Double] = []
    for query in queries {
      var typed = ""
      for character in query {
        typed.append(character)
        let start = now()
        let counts = search.matchCounts(UnitSearch.Query(typed))
        wholeCatalog.append(now() - start)
        precondition(counts.count >= 0)
      }
    }
    // Where the time goes, on the largest category.
    let largest = catalog.categories.max { catalog.units(in: $0).count < catalog.units(in: $1).count }!
    _ = session.handle("cat " + largest.identifier)
    _ = session.handle("/me")
    var columnsTime: [Double] = []
    var layoutTime: [Double] = []
    var screenTime: [Double] = []
    for _ in 0..<200 {
      var start = now()
      let columns = session.columns()
      columnsTime.append(now() - start)
      start = now()
      _ = ReplLayout.columns(columns, rows: 36, width: 120, style: ReplStyle(color: true, ascii: false))
      layoutTime.append(now() - start)
      start = now()
      _ = session.screen(width: 120, height: 39)
      screenTime.append(now() - start)
    }
    for index in [columnsTime, layoutTime, screenTime].indices {
      let sorted = [columnsTime, layoutTime, screenTime][index].sorted()
      print("  \(["columns()", "layout", "screen()"][index]) on \(largest.identifier) /me: median \(ms(sorted[sorted.count / 2]))")
    }
    samples.sort()
    wholeCatalog.sort()
    print("REPL timing: \(catalog.units.count) units in \(catalog.categories.count) categories, \(samples.count) keystrokes")
    print("  filter + layout, per keystroke: median \(ms(samples[samples.count / 2])), p90 \(ms(samples[samples.count * 9 / 10])), p99 \(ms(samples[samples.count * 99 / 100])), max \(ms(worst.0)) (\(worst.1))")
    print("  filter of all \(catalog.units.count) units, per keystroke: median \(ms(wholeCatalog[wholeCatalog.count / 2])), p90 \(ms(wholeCatalog[wholeCatalog.count * 9 / 10])), max \(ms(wholeCatalog.last!))")
  }

  private func ms(_ seconds: Double) -> String {
    let value = (seconds * 1_000_000).rounded() / 1000
    return "\(value) ms"
  }

  private func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
