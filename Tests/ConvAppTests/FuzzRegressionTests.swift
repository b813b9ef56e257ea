import ConvFormat
import ConvKit
import Testing

@testable import ConvApp

/// Inputs that once crashed or hung the `convert`, `batch` and `favorites` fuzz targets (`fuzz/`),
/// replayed through the same path with the same checks as the targets, so that they cannot come
/// back. The engine-level crashers are in ConvKitTests' RegressionTests.
@Suite("Regressions from fuzzing the command-line paths")
struct FuzzRegressionTests {
  let catalog = Catalog.builtin

  /// The options the `convert` target reads from its first byte.
  static func options(flags: UInt8) -> OutputOptions {
    var options = OutputOptions()
    options.mode = [OutputMode.human, .terse, .json, .human][Int(flags & 3)]
    options.digits = [8, 1, 17, 3][Int((flags >> 2) & 3)]
    options.notation = [NumberNotation.automatic, .plain, .scientific, .automatic][Int((flags >> 4) & 3)]
    options.exact = flags & 0x40 != 0
    options.ascii = flags & 0x80 != 0
    options.longNames = flags & 0x08 != 0 && flags & 0x20 != 0
    options.locale = [nil, "de_DE", "fr_FR", "ar_EG", "hi_IN", "ja_JP", "de_CH", "en_IN"][Int(flags >> 5) & 7]
    options.verbose = flags & 0x04 != 0
    return options
  }

  struct ConvertCase: Sendable, CustomTestStringConvertible {
    /// The artifact, as the fuzzer saved it.
    let artifact: String
    /// Its first byte: the options.
    let flags: UInt8
    /// The rest: the request line.
    let line: String
    /// How many lines the request gives.
    let count: Int
    var testDescription: String { "\(artifact): \(line)" }
  }

  @Test(
    "Requests that crashed or hung the convert target", .timeLimit(.minutes(1)),
    arguments: [
      // Terse, --exact, scientific, ASCII, en_IN: the whole column of an absolute temperature.
      // (The curated column: °F and K, filled up with the other scales where the value reads well.)
      ConvertCase(artifact: "convert-crash-0e98551a", flags: 0xE1, line: "-40 °C", count: 3),
      // Human, 3 digits, --exact, scientific, --long, ar_EG, verbose: the whole column of a volume
      // with π³ in it took over ten seconds (crosswise gcds in Rational now keep it small; see
      // RegressionTests.rationalArithmetic). About 0.1 s in an optimized build.
      ConvertCase(artifact: "convert-timeout-12ea8bf0", flags: 0x6C, line: "hpc3/4", count: 0),
      // Human, 17 digits, --exact, plain, fr_FR: the whole column of a ratio of 1e-4000, each an
      // 8,000-character decimal; finding the decimal places took one big division per factor of
      // 2 and 5 (see RegressionTests.terminatingDecimals). 0.5 s optimized.
      ConvertCase(artifact: "convert-timeout-c6bfc260", flags: 0x5B, line: " 1e-4000", count: 0),
      // Human, 1 digit, plain, ASCII: the whole column of 1e3010 g. Keeping every integer digit
      // rounded each row to 3,010 digits (over 15 s); beyond 38 integer digits the rounding stays.
      ConvertCase(artifact: "convert-timeout-10c8e27d", flags: 0x97, line: "1*1e3010g- g", count: 0),
    ])
  func convertArtifacts(_ test: ConvertCase) {
    let options = Self.options(flags: test.flags)
    let converter = Converter(catalog: catalog, options: options)
    let outcomes = [
      converter.run(ConversionRequest.parse(line: test.line, catalog: catalog)),
      converter.run(
        ConversionRequest.parse(arguments: test.line.split(separator: " ").map(String.init), catalog: catalog)),
    ]
    for outcome in outcomes {
      guard case .success(let lines) = outcome else {
        Issue.record("\(outcome)")
        continue
      }
      if test.count > 0 { #expect(lines.count == test.count, "\(lines)") } else { #expect(!lines.isEmpty) }
      for line in lines {
        #expect(options.mode == .human || !line.contains(where: \.isNewline), "\(line)")
        if options.mode == .terse, let number = line.split(separator: " ").first {
          #expect(number.utf8.allSatisfy { $0 < 0x80 }, "non-ASCII terse number: \(line)")
          #expect(Double(number) != nil, "\(line)")
        }
      }
    }
  }

  @Test("A long exponent after a line that made an integer map is refused, not an overflow")
  func longExponentAfterIntegerMap() {
    // batch-crash-af0634ff: `100 km/h m/s` makes the shape's integer map; the next line's number,
    // `1234567e8901236012345678901236`, was read by the long-decimal reader, whose exponent
    // overflowed (an exponent of more than three digits is refused, but was read whole first).
    let (converter, batch) = terseBatch()
    for line in [
      "100 km/h m/s", "1234567e8901236012345678901236 km/h m/s", "5e99999999999999999999 km/h m/s",
      "5e-99999999999999999999 km/h m/s", "7e123 km/h m/s",
    ] {
      var output: [UInt8] = []
      let outcome = Array(line.utf8).withUnsafeBufferPointer { batch.convert($0, into: &output) }
      expectExactPath(outcome, output: output, line: line, converter: converter)
    }
  }

  /// A terse converter and a batch converter over it.
  func terseBatch() -> (Converter, BatchConverter) {
    var options = OutputOptions()
    options.mode = .terse
    let converter = Converter(catalog: catalog, options: options)
    return (converter, BatchConverter(converter: converter))
  }

  /// Expects what a batch line gave (its outcome and output) to be what the exact path gives for it.
  func expectExactPath(_ outcome: BatchConverter.Outcome, output: [UInt8], line: String, converter: Converter) {
    let expected = converter.run(ConversionRequest.parse(line: line, catalog: catalog))
    switch (outcome, expected) {
    case (.failed(let message), .failure(let failure)):
      #expect(message == failure.message, "\(line.debugDescription)")
    case (.converted, .success(let lines)):
      #expect(String(decoding: output, as: UTF8.self) == lines.map { $0 + "\n" }.joined(), "\(line.debugDescription)")
    default:
      Issue.record("batch \(outcome), exact \(expected) for \(line.debugDescription)")
    }
  }

  @Test("Lines that crashed the batch target give what the exact path gives")
  func batchArtifact() {
    // batch-crash-5333ca45: options byte 0 (terse), then `5 m\u{E9} to km` (invalid UTF-8) and
    // `6 mi to 0km`, whose target of size zero trapped in a division (see
    // RegressionTests.zeroTargetUnit).
    let (converter, batch) = terseBatch()
    let lines: [[UInt8]] = [
      [0x35, 0x20, 0x6D, 0xE9, 0x20, 0x74, 0x6F, 0x20, 0x6B, 0x6D], Array("6 mi to 0km".utf8), [],
    ]
    for line in lines {
      var output: [UInt8] = []
      let outcome = line.withUnsafeBufferPointer { batch.convert($0, into: &output) }
      let text = String(decoding: line, as: UTF8.self)
      guard !text.allSatisfy(\.isWhitespace) else {
        #expect(output.isEmpty)
        continue
      }
      expectExactPath(outcome, output: output, line: text, converter: converter)
    }
    var output: [UInt8] = []
    let zero = Array("6 mi to 0km".utf8).withUnsafeBufferPointer { batch.convert($0, into: &output) }
    guard case .failed(let message) = zero else {
      Issue.record("\(zero)")
      return
    }
    #expect(message.contains("the unit '0km' is zero"), "\(message)")
  }

  @Test(
    "Favorites files that crashed the favorites target read, check and edit consistently",
    arguments: [
      // favorites-crash-3937ce76: CRLF line endings and a lone CR inside a line (line 3), which the
      // problem message echoed.
      ("# conv favorites v1\r\nmi -> km\r\nkm \r> mi\r\n", [3]),
      ("mi -> km\r\nkm -> mi\r\n", []),
      ("mi -> km\rkm -> mi\r\n", [1]),
      ("mi -> km\r\n\r\nkm -> mi", []),
      // favorites-crash-ac220d8b: a vertical tab in a unit, echoed by "is a quantity, not a unit".
      ("m->2\u{0B}m", [1]),
      ("m -> m\u{1B}[2J\nm -> m\n", [1, 2]),
    ])
  func favoritesArtifacts(_ text: String, problemLines: [Int]) throws {
    let bytes = Array(text.utf8)
    var file = FavoritesFile(bytes: bytes)
    #expect(file.bytes == bytes)
    let entries = file.entries
    let problems = file.problems(in: catalog)
    for problem in problems {
      #expect(problem.line >= 1 && problem.line <= file.lines.count, "\(problem)")
      #expect(!problem.message.isEmpty)
      // Printed as `PATH:LINE: message`: the CR of the file was printed as it was.
      #expect(
        !problem.message.unicodeScalars.contains { $0.properties.generalCategory == .control },
        "\(problem.message.debugDescription)")
    }
    for entry in entries {
      #expect(FavoritesFormat.parseLine(entry.pair.description) == .pair(entry.pair))
    }
    // A lone CR does not end a line; conv edits no file with problems.
    #expect(problems.map(\.line) == problemLines, "\(problems)")
    guard problems.isEmpty else { return }
    if entries.count >= 2 {
      var moved = file
      let entry = try moved.move(from: 1, to: entries.count)
      #expect(moved.pairs.last == entry.pair)
      #expect(FavoritesFile(bytes: moved.bytes).pairs == moved.pairs)
    }
    if let first = entries.first {
      var removed = file
      _ = try removed.remove(position: 1)
      #expect(removed.pairs == entries.dropFirst().map(\.pair))
      #expect(FavoritesFile(bytes: removed.bytes).pairs == removed.pairs)
      if (try? removed.add(first.pair, catalog: catalog)) != nil {
        #expect(FavoritesFile(bytes: removed.bytes).pairs.last == first.pair)
      }
    }
    let extra = FavoritePair(from: "ft", to: "m")
    _ = try file.add(extra, catalog: catalog)
    #expect(FavoritesFile(bytes: file.bytes).pairs == entries.map(\.pair) + [extra])
  }

  @Test(
    "Edit errors and value errors show control characters escaped, on one line",
    arguments: [
      FavoritesEditError.invalidPair(FavoritePair(from: "m\u{B}x", to: "km"), "unknown unit"),
      .unwritable(FavoritePair(from: "m", to: "k\rm"), "read-only"),
      .duplicate(FavoritePair(from: "m\u{1B}[2J", to: "km"), position: 2),
      .notFound(FavoritePair(from: "m\u{7}x", to: "km")),
    ])
  func editErrorsArePrintable(_ error: FavoritesEditError) {
    #expect(
      !error.message.contains { $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true },
      "\(error.message)")
    #expect(error.message.contains("<U+"))
  }

  @Test("A favorites value with a control character is refused with it escaped")
  func valueErrorIsPrintable() {
    let presenter = FavoritesPresenter(converter: Converter(catalog: catalog, options: OutputOptions()))
    #expect(throws: ConvError.self) { try presenter.value("5\u{B}x") }
    do {
      _ = try presenter.value("abc\u{1B}")
    } catch {
      #expect(error.message.contains("<U+001B>") && !error.message.contains("\u{1B}"), "\(error.message)")
    }
  }

  @Test("Plain notation keeps every integer digit up to 38 digits, not beyond")
  func plainIntegerDigits() {
    var options = OutputOptions()
    options.notation = .plain
    options.digits = 3
    let presenter = ValuePresenter(options: options)
    let c = presenter.digits(of: Magnitude(Rational(BigInteger(299_792_458))), isExact: true)
    #expect(c.digits == "299792458" && c.isExact)
    let huge = Rational.powerOfTen(3010) + Rational(BigInteger(1))
    let rounded = presenter.digits(of: Magnitude(huge), isExact: true)
    #expect(rounded.digits == "1" && rounded.exponent == 3010 && !rounded.isExact)
  }

  /// REPL filters that hold control characters (the `repl-line` target's first finding: the
  /// script column's "no unit matches" line echoed the filter raw, an escape sequence included).
  static let controlFilters = [
    "\u{1B}[2m", "\u{1B}[2mkm", "\u{7}", "\u{9B}31m", "a\u{2028}b", "\u{1B}]0;title\u{7}", "\u{1}o\u{2}",
  ]

  @Test("A filter with control characters is written escaped in every REPL line", arguments: controlFilters)
  func replFilterEscaped(_ filter: String) throws {
    for mode in [ReplSession.Mode.screen, .script] {
      for ascii in [false, true] {
        var options = OutputOptions()
        options.ascii = ascii
        var session = try #require(ReplSession(converter: Converter(catalog: catalog, options: options), mode: mode))
        var written: [String] = []
        for line in ["40 °C", "/" + filter] {
          let outcome = session.handle(line)
          written += outcome.output + outcome.errors + outcome.notes
        }
        written += session.columnLines()
        // The filter matched nothing, so the line that echoes it was written.
        #expect(written.contains { $0.contains("no unit matches") }, "\(mode) \(filter.debugDescription)")
        for text in written {
          // As the executable writes a line: through TerminalText.escaped, conv's own styling kept.
          let shown = TerminalText.escaped(text, keepingStyle: true)
          #expect(!shown.unicodeScalars.contains(where: TerminalText.isUnsafe), "\(mode) \(shown.debugDescription)")
        }
      }
    }
  }
}
