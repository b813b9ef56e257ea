// swift-tools-version: 6.1
// Benchmarks for conv, apart from the tests: `swift run -c release --package-path Benchmarks`.
//
// A plain release executable rather than ordo-one/benchmark (1.38.1 would resolve here, with
// `traits: ["MallocInterposer"]`): the figures wanted (start-up, per-call costs, a ratio against a
// plain loop) need nothing more than a monotonic clock and medians, and the benchmarks then build
// with no dependency but conv itself. scripts/compare-gnu-units.sh measures the whole program against GNU units.
import PackageDescription

let package = Package(
  name: "conv-benchmarks",
  dependencies: [
    .package(name: "conv", path: ".."),
  ],
  targets: [
    .executableTarget(
      name: "conv-benchmarks",
      dependencies: [
        .product(name: "ConvKit", package: "conv"),
        .product(name: "ConvApp", package: "conv"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
