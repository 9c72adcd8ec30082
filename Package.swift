// swift-tools-version: 6.2
//
// Bourse: a self-hostable, real-time market platform.
//
// Module rules (checked by `--explicit-target-dependency-import-check error`):
// - BourseCore is pure: it imports nothing but the standard library.
// - BourseSimulator and BourseWorkloads drive the core deterministically from a seed; no I/O.
// - BourseStore holds the journal, snapshots and the store protocol; it sees no database.
// - BourseStoreSQLite is the only target that imports GRDB; BourseStorePostgres the only one that imports
//   PostgresNIO.
// - `bourse` is the composition root: the only target that touches the terminal or the clock.
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    // Our own targets only: SwiftPM ignores warning settings of dependencies.
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Bourse",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "BourseCore", targets: ["BourseCore"]),
        .library(name: "BourseWorkloads", targets: ["BourseWorkloads"]),
        .executable(name: "bourse", targets: ["bourse"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(name: "BourseCore", swiftSettings: strict),
        .target(name: "BourseSimulator", dependencies: ["BourseCore"], swiftSettings: strict),
        .target(name: "BourseWorkloads", dependencies: ["BourseCore"], swiftSettings: strict),
        .target(name: "BourseStore", dependencies: ["BourseCore"], swiftSettings: strict),
        .target(
            name: "BourseStoreSQLite",
            dependencies: ["BourseCore", "BourseStore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        .target(
            name: "BourseStorePostgres",
            dependencies: ["BourseCore", "BourseStore", .product(name: "PostgresNIO", package: "postgres-nio")],
            swiftSettings: strict
        ),
        // Counts malloc calls for `bourse bench engine` (see its header); only the executable links it.
        .target(name: "CMallocCounter"),
        .executableTarget(
            name: "bourse",
            dependencies: [
                "BourseCore",
                "BourseSimulator",
                "BourseStore",
                "BourseStorePostgres",
                "BourseStoreSQLite",
                "BourseWorkloads",
                "CMallocCounter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "BourseCoreTests", dependencies: ["BourseCore"], swiftSettings: strict),
        .testTarget(
            name: "BourseSimulatorTests",
            dependencies: ["BourseCore", "BourseSimulator", "BourseWorkloads"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BourseStoreTests",
            dependencies: ["BourseCore", "BourseStore", "BourseStorePostgres", "BourseStoreSQLite"],
            swiftSettings: strict
        ),
        .testTarget(name: "bourseTests", dependencies: ["bourse"], swiftSettings: strict),
    ]
)
