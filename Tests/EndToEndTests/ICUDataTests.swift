import Foundation
import Testing

/// The fully static `conv` that `make build` writes, found for ``ICUDataTests``.
enum StaticConv {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The fully static `conv` to check, if there is one.
  static let binary: URL? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["CONV_STATIC_BINARY"], !path.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: path) else {
        fatalError("CONV_STATIC_BINARY: no executable at \(path)")
      }
      return URL(fileURLWithPath: path)
    }
    if ConvProcess.installedPrefix != nil {
      guard isStaticExecutable(ConvProcess.executable.path) else {
        fatalError("the installed conv is not statically linked")
      }
      return ConvProcess.executable
    }
    let manager = FileManager.default
    let scratch = (try? manager.contentsOfDirectory(atPath: packageRoot.path))?.filter { $0.hasPrefix(".build") } ?? []
    let candidates = scratch.map { packageRoot.appendingPathComponent($0).appendingPathComponent("release/conv").path }
      .filter { manager.isExecutableFile(atPath: $0) && isStaticExecutable($0) }
    func modified(_ path: String) -> Date {
      (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
    }
    return candidates.max { modified($0) < modified($1) }.map { URL(fileURLWithPath: $0) }
  }()

  /// Whether an ELF file has no program interpreter (no PT_INTERP header): a static executable.
  static func isStaticExecutable(_ path: String) -> Bool {
    guard let file = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? file.close() }
    guard let header = try? file.read(upToCount: 64), header.count == 64,
      header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2
    else { return false }  // ELF64
    func integer(_ data: Data, _ offset: Int, _ size: Int) -> Int {
      (0..<size).reduce(0) { $0 | Int(data[data.startIndex + offset + $1]) << (8 * $1) }
    }
    let tableOffset = integer(header, 0x20, 8)
    let entrySize = integer(header, 0x36, 2)
    let count = integer(header, 0x38, 2)
    guard entrySize >= 4, count > 0, (try? file.seek(toOffset: UInt64(tableOffset))) != nil,
      let table = try? file.read(upToCount: entrySize * count), table.count == entrySize * count
    else { return false }
    return !(0..<count).contains { integer(table, $0 * entrySize, 4) == 3 }  // PT_INTERP
  }
}

/// The `make build` binary links a reduced copy of ICU's data (`scripts/reduce-icu-data.sh`): these
/// tests run it next to the `conv` SwiftPM built for the tests, which uses the system's shared ICU with
/// its whole data, and require the same output for every ICU feature conv uses, in en, de, fr, ja,
/// ar and hi (and a few more): number symbols, grouping and digits, scientific notation, unit names
/// in words with the locale's plural forms, display width in aligned columns, and the case and
/// accent folding of search.
///
/// The static binary is `$CONV_STATIC_BINARY`, else the installed tree's conv (`$CONV_TEST_PREFIX`, which must be static),
/// else the newest static `release/conv` under a `.build*` directory of the package (`make build`,
/// `make build SCRATCH=.build-rel`). Without one the suite is skipped: run `make build` first.
/// `scripts/compare-icu-data.sh` runs a longer list of commands in all of ICU's 858 locales.
@Suite(
  "The make build binary's reduced ICU data",
  .enabled(
    if: StaticConv.binary != nil,
    "no statically linked conv (run `make build`, or set CONV_STATIC_BINARY): skipping the ICU data tests"))
struct ICUDataTests {
  /// The locales the issue names, as POSIX locale variables have them, and a few more with other
  /// digits, separators and plural rules.
  static let locales = ["en_US", "de_DE", "fr_FR", "ja_JP", "ar_EG", "hi_IN", "C", "fa_IR", "bn_BD", "ru_RU", "zh_TW"]

  /// One command per ICU feature conv uses, in the forms that reach ICU.
  static let commands: [[String]] = [
    ["1234.5", "m", "km"],  // decimal and grouping separators, digits
    ["--", "-1234567.25", "m", "ft"],  // minus sign
    ["--notation", "scientific", "1234.5", "m", "km"],  // mantissa in the locale's digits
    ["1", "PB", "bit"],  // automatic scientific notation
    ["--notation", "plain", "1", "PB", "bit"],  // long grouped integers
    ["--ascii", "1234567.5", "m", "km"],  // ASCII fallback of the locale's marks
    ["--long", "1", "mi", "km"],  // unit names, plural "one"
    ["--long", "2", "mi", "km"],  // plural "two" (ar), "other"
    ["--long", "3", "mi", "km"],  // plural "few" (ar, ru)
    ["--long", "0.5", "mi", "km"],  // plural of fractions
    ["--long", "100", "°F", "°C"],
    ["--long", "60", "mph", "km/h"],  // compound unit names
    ["--long", "5", "L", "gal"],
    ["5", "mi"],  // the whole column: grouped numbers aligned by display width
    ["--long", "5", "mi"],  // the whole column with localized names (wide characters in ja)
    ["-v", "5", "mi", "km"],
    ["search", "ÅNGSTRÖM"],  // case folding and accents removed
    ["search", "µ"],  // micro sign folds to mu
    ["list", "length"],
    ["100", "EUR", "USD"],  // money: the locale's currency pattern and symbols
    ["--ascii", "1234.5", "EUR", "JPY"],  // ISO codes; the yen's digits
    ["1", "CHF"],  // currency names with their plural forms, for every ECB currency
  ]

  /// Runs both binaries with the same arguments and locale.
  static func outputs(_ arguments: [String], locale: String) async throws -> (reference: String, candidate: String) {
    let environment = ConvProcess.isolatedEnvironment(["LANG": locale == "C" ? "C" : "\(locale).UTF-8"])
    func run(_ binary: URL) async throws -> String {
      let outcome = try await ConvProcess.run(arguments, environment: environment, executable: binary)
      return "status \(outcome.status)\n\(outcome.stdout)--- stderr\n\(outcome.stderr)"
    }
    return (try await run(ConvProcess.builtExecutable), try await run(StaticConv.binary!))
  }

  @Test("The static binary prints what ICU's whole data prints", arguments: locales)
  func sameOutputAsWholeData(locale: String) async throws {
    for arguments in Self.commands {
      let (reference, candidate) = try await Self.outputs(arguments, locale: locale)
      #expect(candidate == reference, "LANG=\(locale) conv \(arguments.joined(separator: " "))")
    }
  }

  /// What each locale must print, so that a reference that lost its data too cannot pass.
  static let expected: [(locale: String, arguments: [String], line: String)] = [
    ("en_US", ["1234.5", "m", "km"], "1,234.5 m = 1.2345 km"),
    ("de_DE", ["1234.5", "m", "km"], "1.234,5 m = 1,2345 km"),
    ("fr_FR", ["1234.5", "m", "km"], "1\u{202F}234,5 m = 1,2345 km"),
    ("ar_EG", ["1234.5", "m", "km"], "١٬٢٣٤٫٥ m = ١٫٢٣٤٥ km"),
    ("hi_IN", ["1234.5", "m", "km"], "1,234.5 m = 1.2345 km"),
    ("de_DE", ["--notation", "scientific", "1234.5", "m", "km"], "1,2345 × 10³ m = 1,2345 × 10⁰ km"),
    ("ar_EG", ["--notation", "scientific", "1234.5", "m", "km"], "١٫٢٣٤٥ × 10³ m = ١٫٢٣٤٥ × 10⁰ km"),
    ("de_DE", ["--long", "1", "mi", "km"], "1 Meile = 1,609344 Kilometer"),
    ("de_DE", ["--long", "2", "mi", "km"], "2 Meilen = 3,218688 Kilometer"),
    ("fr_FR", ["--long", "2", "mi", "km"], "2\u{A0}miles = 3,218688\u{A0}kilomètres"),
    ("ja_JP", ["--long", "2", "mi", "km"], "2 マイル = 3.218688 キロメートル"),
    ("hi_IN", ["--long", "2", "mi", "km"], "2 मील = 3.218688 किलोमीटर"),
    ("ar_EG", ["--long", "1", "mi", "km"], "ميل = ١٫٦٠٩٣٤٤ كيلومتر"),
    ("ar_EG", ["--long", "2", "mi", "km"], "ميلان = ٣٫٢١٨٦٨٨ كيلومتر"),
  ]

  @Test("Numbers, scientific notation and unit names are localized in en, de, fr, ja, ar and hi")
  func localized() async throws {
    for (locale, arguments, line) in Self.expected {
      let outcome = try await ConvProcess.run(
        arguments, environment: ConvProcess.isolatedEnvironment(["LANG": "\(locale).UTF-8"]),
        executable: StaticConv.binary!)
      #expect(
        outcome.status == 0 && outcome.lines.first == line,
        "LANG=\(locale).UTF-8 conv \(arguments.joined(separator: " ")): \(outcome.stdout)\(outcome.stderr)")
    }
  }

  @Test("Search folds case and accents in en, de, fr, ja, ar and hi")
  func foldingAndWidth() async throws {
    for locale in ["en_US", "de_DE", "fr_FR", "ja_JP", "ar_EG", "hi_IN"] {
      let environment = ConvProcess.isolatedEnvironment(["LANG": "\(locale).UTF-8"])
      let search = try await ConvProcess.run(
        ["search", "ÅNGSTRÖM"], environment: environment, executable: StaticConv.binary!)
      #expect(search.status == 0 && search.stdout.contains("ångström"), "\(locale): \(search.stdout)\(search.stderr)")
      let micro = try await ConvProcess.run(["search", "μm"], environment: environment, executable: StaticConv.binary!)
      #expect(micro.status == 0 && micro.stdout.contains("micrometre"), "\(locale): \(micro.stdout)\(micro.stderr)")
    }
  }

  @Test("The linked ICU data is the reduced package (when the binary keeps its symbols and nm is installed)")
  func reducedData() async throws {
    let nm = ["/usr/bin/nm", "/bin/nm"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let nm else { return }
    let output = try await ConvProcess.run(
      executable: URL(fileURLWithPath: nm), arguments: ["-S", StaticConv.binary!.path], errors: .discarded
    ).stdout
    guard let line = output.split(separator: "\n").first(where: { $0.hasSuffix("_dat") && $0.contains(" icudt") })
    else {
      return  // stripped: nothing to measure
    }
    let size = Int(line.split(separator: " ")[1], radix: 16) ?? 0
    #expect(size > 1_000_000 && size < 12_000_000, "ICU data symbol: \(line) (make build ICUDATA=full links 31 MB)")
  }
}
