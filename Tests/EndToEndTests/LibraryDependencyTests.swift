import Foundation
import Testing

/// The `swift` driver on `PATH`, for tests that run SwiftPM.
enum SwiftTool {
  static let path: String? = ManPageTests.tool("swift")
}

/// The library costs its adopter only itself: a package that depends on ConvKit, ConvKitFoundation
/// and ConvFormat resolves no HTTP, NIO, crypto or TLS package (issue 32: it resolved 22 while
/// `Package.swift` declared async-http-client for the rates helper).
///
/// A scratch package in a temporary folder depends on this repository by path; `swift package
/// resolve` and `swift package show-dependencies --format json` run there (nothing is built). Only
/// the DocC plugin and its SymbolKit may appear besides this package. Skipped without `swift` on
/// `PATH`, except under CI.
@Suite(
  "A package depending on ConvKit resolves nothing else",
  .enabled(if: ConvProcess.requires(SwiftTool.path != nil), "swift is not on PATH: skipping"))
struct LibraryDependencyTests {
  /// The packages an adopter may resolve besides this one (documentation only).
  static let allowed: Set<String> = ["swift-docc-plugin", "swift-docc-symbolkit"]

  static let root = DocExampleTests.root

  /// Runs `swift ARGUMENTS` in `folder` (SwiftPM may fetch the DocC plugin: a few minutes at most).
  static func runSwift(_ arguments: [String], in folder: URL) async throws -> ConvProcess.Outcome {
    try await ConvProcess.run(
      executable: URL(fileURLWithPath: try #require(SwiftTool.path)), arguments: arguments, workingDirectory: folder,
      timeout: 300)
  }

  /// Every package identity in a `show-dependencies --format json` tree, the root's excepted.
  static func identities(_ node: [String: Any]) -> [String] {
    let children = node["dependencies"] as? [[String: Any]] ?? []
    return children.flatMap { child in
      [(child["identity"] as? String ?? child["name"] as? String ?? "?")] + identities(child)
    }
  }

  @Test("swift package resolve: no package but the DocC plugin's")
  func adopterResolvesNothingElse() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-adopter-\(UUID().uuidString)")
    let sources = folder.appendingPathComponent("Sources/Adopter")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // SwiftPM names a path dependency after its folder (`conv` in a clone, a worktree's own name here).
    let identity = Self.root.lastPathComponent.lowercased()
    let manifest = """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "Adopter",
        platforms: [.macOS(.v15)],
        dependencies: [.package(path: "\(Self.root.path)")],
        targets: [
          .target(name: "Adopter", dependencies: [
            .product(name: "ConvKit", package: "\(identity)"),
            .product(name: "ConvKitFoundation", package: "\(identity)"),
            .product(name: "ConvFormat", package: "\(identity)"),
          ]),
        ]
      )

      """
    try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try "import ConvKit\n".write(to: sources.appendingPathComponent("Adopter.swift"), atomically: true, encoding: .utf8)

    let resolve = try await Self.runSwift(["package", "resolve"], in: folder)
    #expect(resolve.status == 0, "swift package resolve:\n\(resolve.stderr)")
    let shown = try await Self.runSwift(["package", "show-dependencies", "--format", "json"], in: folder)
    #expect(shown.status == 0, "swift package show-dependencies:\n\(shown.stderr)")
    let tree = try #require(
      try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any],
      "not JSON: \(shown.stdout)")
    let resolved = Self.identities(tree)
    // This package itself, found by path.
    #expect(resolved.first == identity, "\(resolved)")
    let others = Set(resolved.dropFirst())
    #expect(
      others.isSubset(of: Self.allowed), "an adopter of ConvKit resolves \(others.subtracting(Self.allowed).sorted())")
  }
}
