import Foundation
import Testing

/// The C library has one home in conv: `Sources/conv/SystemCalls.swift` (issue 35: it was imported
/// by 20 files). The libraries (ConvKit, ConvFormat, ConvApp) use none; the executable calls the
/// wrappers. The benchmark program, a separate tool, is let be.
@Suite("The C library is imported by SystemCalls.swift alone")
struct SystemCallsHomeTests {
  /// Where an import of the C library may stand, relative to the package root.
  static let allowed: Set<String> = ["Sources/conv/SystemCalls.swift"]
  /// Folders whose files may import it (a separate program).
  static let allowedFolders = ["Sources/conv-benchmarks/"]

  /// `import Glibc`, `@preconcurrency import Musl`, `import Darwin.C`, `@_exported import Glibc`…
  static func importsCLibrary(_ line: Substring) -> Bool {
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
    guard words.first == "import", words.count >= 2 else { return false }
    let module = words[words.startIndex + 1].split(separator: ".").first ?? ""
    return ["Glibc", "Musl", "Darwin", "ucrt", "WASILibc"].contains(module)
  }

  /// Every Swift file under `Sources/`, relative to the package root.
  static func sourceFiles() -> [String] {
    let sources = DocExampleTests.root.appendingPathComponent("Sources")
    guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }.sorted()
  }

  @Test("No file under Sources/ but the wrapper (and the benchmarks) imports Glibc or Musl")
  func oneHome() throws {
    let files = Self.sourceFiles()
    #expect(files.count > 100, "the scan found too few sources: \(files.count)")
    var offenders: [String] = []
    for file in files where !Self.allowed.contains(file) && !Self.allowedFolders.contains(where: file.hasPrefix) {
      let text = try String(contentsOf: DocExampleTests.root.appendingPathComponent(file), encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where Self.importsCLibrary(line) {
        offenders.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(
      offenders.isEmpty,
      "call the C library through Sources/conv/SystemCalls.swift:\n\(offenders.joined(separator: "\n"))")
  }

  @Test(
    "The scan sees the imports it looks for",
    arguments: [
      ("import Glibc", true), ("@preconcurrency import Glibc", true), ("  import Musl", true),
      ("@_exported import Glibc", true), ("import Darwin.C", true), ("import ConvKit", false),
      ("// import Glibc", false), ("import GlibcExtras", false),
    ])
  func recognisesImports(line: String, imports: Bool) {
    #expect(Self.importsCLibrary(line[...]) == imports)
  }

  @Test("The wrapper is where the scan expects it")
  func wrapperExists() {
    #expect(
      FileManager.default.fileExists(
        atPath: DocExampleTests.root.appendingPathComponent("Sources/conv/SystemCalls.swift").path))
  }
}
