// swift-tools-version: 6.1
//
// Bourse's benchmarks, a package of their own so that the main package never depends on the benchmark
// tooling. Run from this directory: `swift package benchmark` (see README.md).
import PackageDescription

let package = Package(
    name: "BourseBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Bourse", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BourseCore", package: "Bourse"),
                .product(name: "BourseWorkloads", package: "Bourse"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
