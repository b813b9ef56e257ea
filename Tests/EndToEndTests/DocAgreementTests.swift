import Foundation
import Testing

/// Keeps the statements that several files make about one fact the same: how to depend on the
/// library and which version it is (README, DocC, `conv --version`), and which packages the
/// set-up installs (README, `.ci/run`).
@Suite("The documents agree with each other and with conv")
struct DocAgreementTests {
  /// The README's section on using the library, up to the next section.
  static let librarySection: String = {
    let readme = DocExampleTests.text("README.md")
    guard let start = readme.range(of: "## Using ConvKit from another package\n") else { return "" }
    let rest = readme[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
  }()

  static let gettingStarted = DocExampleTests.text("Sources/ConvKit/ConvKit.docc/GettingStarted.md")

  /// The first Swift block of `text` that is a package manifest, as lines.
  static func manifest(in text: String) -> [String]? {
    var block: [String]? = nil
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if block == nil {
        if line == "```swift" { block = [] }
      } else if line == "```" {
        if block!.contains(where: { $0.contains("import PackageDescription") }) { return block }
        block = nil
      } else {
        block!.append(String(line))
      }
    }
    return nil
  }

  /// The version a text names in "This is conv X.Y.Z, the version `conv --version` prints".
  static func statedVersion(in text: String) -> String? {
    guard let start = text.range(of: "This is conv ") else { return nil }
    let version = text[start.upperBound...].prefix { $0.isNumber || $0 == "." }
    guard text[start.upperBound...].dropFirst(version.count).hasPrefix(", the version `conv --version` prints") else {
      return nil
    }
    return String(version)
  }

  @Test("README and DocC give the same package manifest, with one dependency line")
  func oneInstruction() throws {
    let readme = try #require(Self.manifest(in: Self.librarySection), "no manifest in the README's library section")
    let docc = try #require(Self.manifest(in: Self.gettingStarted), "no manifest in GettingStarted.md")
    #expect(readme == docc)
    let dependencies = readme.filter { $0.contains(".package(") }
    #expect(dependencies.count == 1, "\(dependencies)")
    // Nothing else in the two texts suggests another way to depend on the package.
    for (name, text) in [("README.md", Self.librarySection), ("GettingStarted.md", Self.gettingStarted)] {
      #expect(text.components(separatedBy: ".package(").count == 2, "\(name) names more than one .package(…)")
    }
  }

  @Test("README and DocC state the version conv --version prints")
  func oneVersion() async throws {
    let outcome = try await ConvProcess.run(["--version"])
    #expect(outcome.status == 0)
    let version = outcome.stdout.trimmingCharacters(in: .newlines)
    #expect(
      version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." },
      "conv --version: \(version)")
    #expect(Self.statedVersion(in: Self.librarySection) == version, "README.md's library section")
    #expect(Self.statedVersion(in: Self.gettingStarted) == version, "GettingStarted.md")
  }

  /// The words after `apt-get install -y` in a line of `text`, or of `.ci/run`'s `packages=`.
  static func packages(_ line: Substring) -> Set<String> {
    Set(
      line.split(separator: " ").map(String.init).filter {
        !$0.hasPrefix("-") && !$0.contains("=") && !$0.contains("\"")
      })
  }

  @Test("The README's set-up installs exactly the packages CI installs")
  func setUpPackages() throws {
    let run = DocExampleTests.text(".ci/run")
    let ci = try #require(run.split(separator: "\n").first { $0.hasPrefix("packages=\"") })
    let ciPackages = Self.packages(ci.dropFirst("packages=\"".count).prefix { $0 != "\"" })
    let readme = DocExampleTests.text("README.md")
    let setUp = try #require(
      readme.split(separator: "\n").first { $0.contains("apt-get install -y") && $0.hasPrefix("sudo ") })
    let readmePackages = Self.packages(try #require(setUp.components(separatedBy: "apt-get install -y ").last)[...])
    #expect(ciPackages.count >= 5)
    #expect(readmePackages == ciPackages)
  }
}
