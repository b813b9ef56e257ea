// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "conv",
  // Linux is the target; on Apple platforms the engine needs the standard library's Mutex.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ConvKit", targets: ["ConvKit"]),
    .library(name: "ConvKitFoundation", targets: ["ConvKitFoundation"]),
    .library(name: "ConvFormat", targets: ["ConvFormat"]),
    .executable(name: "conv", targets: ["conv"]),
  ],
  dependencies: [
    // Documentation only: `swift package generate-documentation --target ConvKit`.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Tests only: property tests with shrinking (a failing case is reported at its smallest).
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // Tests only: the end-to-end suite's process runner (async, with a timeout and the child's signal).
    .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
  ],
  targets: [
    // MARK: Engine: pure Swift, no Foundation, no C.
    .target(name: "ConvKit"),

    // MARK: Foundation interop: Measurement converted through the exact engine.
    .target(name: "ConvKitFoundation", dependencies: ["ConvKit"]),

    // MARK: Formatting: numbers and unit names for people, ICU behind a C shim.
    .target(
      name: "_ConvICU",
      linkerSettings: [
        .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
      ]
    ),
    .target(name: "ConvFormat", dependencies: ["ConvKit", "_ConvICU"]),

    // MARK: Application logic shared by one-shot, batch and the REPL (no terminal I/O).
    .target(name: "ConvApp", dependencies: ["ConvKit", "ConvFormat"]),

    // `conv rates update` runs a helper, Sources/conv-rates-fetch/conv-rates-fetch.c: a small C
    // program over the system's libcurl that the Makefile builds with the C compiler. It is no
    // target here, so that a package depending on these libraries resolves no HTTP stack.

    // MARK: The command-line tool: files, terminal and readline only. Its command line is read by
    // ConvApp's CommandLineParser, from a table: no reflection at start-up (issue 23).
    .systemLibrary(name: "CReadline"),
    .executableTarget(name: "conv", dependencies: ["ConvKit", "ConvFormat", "ConvApp", "CReadline"]),

    // MARK: Benchmarks, apart from the tests: `swift run -c release conv-benchmarks` (Benchmarks/README.md).
    .executableTarget(name: "conv-benchmarks", dependencies: ["ConvKit", "ConvApp"]),

    // MARK: Maintainer tool: regenerates the embedded catalog from Data/.
    .executableTarget(name: "generate-catalog", dependencies: ["ConvKit", "ConvApp"]),

    // MARK: Tests
    .testTarget(
      name: "ConvKitTests",
      dependencies: ["ConvKit", .product(name: "PropertyBased", package: "swift-property-based")],
      exclude: ["Fixtures"]
    ),
    .testTarget(name: "ConvFormatTests", dependencies: ["ConvFormat", "ConvKit"]),
    .testTarget(name: "ConvKitFoundationTests", dependencies: ["ConvKitFoundation", "ConvKit", "ConvFormat"]),
    .testTarget(name: "ConvAppTests", dependencies: ["ConvApp", "ConvKit", "ConvFormat"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["conv", .product(name: "Subprocess", package: "swift-subprocess")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
