// swift-tools-version: 6.2
//
// Bourse: a self-hostable, real-time market platform.
//
// Module rules (checked by `--explicit-target-dependency-import-check error`):
// - BourseCore is pure: it imports nothing but the standard library.
// - BourseSimulator and BourseWorkloads drive the core deterministically from a seed; no I/O.
// - BourseStore holds the journal, snapshots and the store protocol; it sees no database.
// - BourseStoreSQLite is the only server-side target that imports GRDB (BourseClient keeps the SDK's local
//   cache with it); BourseStorePostgres is the only one that imports PostgresNIO.
// - BourseWire is the wire toolkit every dialect shares: a fast JSON writer and parser; it sees the core only.
// - BourseUpbit is the Upbit dialect: its JSON messages, WebSocket requests, error names, statuses and
//   messages, time spellings and rate-limit groups. The core keeps its own vocabulary; a second dialect
//   (Bithumb) or protocol (the auction socket) gets a module beside this one.
// - BourseAuth verifies Upbit's JWTs, query hashes and API-key scopes; pure logic over BourseWire and
//   swift-crypto, no HTTP, no clock.
// - BourseServer is the only target that imports Hummingbird. It serves the markets it is given and drives
//   nothing itself: it imports neither the simulator nor the demo.
// - BourseDemo holds the server's simulated clients, the demo market and the simulated chains: they submit
//   commands to the single writer like anyone else; `bourse serve` adds them (ADR 0008). No Hummingbird.
// - BourseTUI is the terminal client's pure part: state in, lines of text out; no terminal I/O.
// - BourseClient is the SDK an app links (Apple platforms and Linux): it never sees the engine, the store or
//   the server; it speaks Upbit's wire format on its own (REST over URLSession, or AsyncHTTPClient when it
//   must trust a certificate of its own; the stream over HummingbirdWSClient).
// - BourseBench holds `bourse bench …` (benchmarks and load generators); BourseCommandSupport what the
//   command line's parts share (settings, store options, the data directory's lock, progress lines).
// - `bourse` is the composition root: the only target that touches the terminal or the clock (BourseBench,
//   which it links, reads the clock to time its runs), and the one that puts the server, the demo and the
//   chains together.
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
        .library(name: "BourseClient", targets: ["BourseClient"]),
        .executable(name: "bourse", targets: ["bourse"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0", traits: []),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(name: "BourseCore", swiftSettings: strict),
        // Small tools with no Bourse dependency: the seeded generator, the monitor tasks wait on.
        .target(name: "BourseToolkit", swiftSettings: strict),
        .target(name: "BourseSimulator", dependencies: ["BourseCore", "BourseToolkit"], swiftSettings: strict),
        .target(name: "BourseWorkloads", dependencies: ["BourseCore", "BourseToolkit"], swiftSettings: strict),
        .target(name: "BourseStore", dependencies: ["BourseCore"], swiftSettings: strict),
        .target(name: "BourseWire", dependencies: ["BourseCore"], swiftSettings: strict),
        .target(name: "BourseUpbit", dependencies: ["BourseAuth", "BourseCore", "BourseWire"], swiftSettings: strict),
        .target(
            name: "BourseClient",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "BourseAuth",
            dependencies: ["BourseWire", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),
        .target(
            name: "BourseServer",
            dependencies: [
                "BourseAuth",
                "BourseCore",
                "BourseStore",
                "BourseToolkit",
                "BourseUpbit",
                "BourseWire",
                "CGD",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "BourseDemo",
            dependencies: [
                "BourseCore", "BourseSimulator", "BourseStore", "BourseToolkit",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "BourseStoreSQLite",
            dependencies: [
                "BourseCore", "BourseStore", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the bulk writes' direct binding (BulkStatement).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "BourseStorePostgres",
            dependencies: [
                "BourseCore", "BourseStore", "BourseToolkit", "BourseWire",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict
        ),
        .target(name: "BourseTUI", dependencies: ["BourseClient"], swiftSettings: strict),
        // Counts malloc calls for `bourse bench engine` (see its header); only BourseBench links it.
        .target(name: "CMallocCounter"),
        // libgd (Debian's libgd-dev): decodes JPEG, PNG and WebP and scales them for the auction's list
        // renditions of photos (PhotoRendition). Linked, not vendored; scripts/serve and scripts/test install it.
        // No pkgConfig: gdlib.pc adds -DAVIF_DLL, a flag SwiftPM refuses with a warning; gd.h is in /usr/include.
        .systemLibrary(name: "CGD", providers: [.apt(["libgd-dev"])]),
        // What the command line's parts share: which store to open, the data directory's lock, progress lines.
        .target(
            name: "BourseCommandSupport",
            dependencies: [
                "BourseStore", "BourseStorePostgres", "BourseStoreSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // `bourse bench …`: the benchmarks and their load generators, apart from the commands people run.
        .target(
            name: "BourseBench",
            dependencies: [
                "BourseAuth",
                "BourseClient",
                "BourseCommandSupport",
                "BourseCore",
                "BourseSimulator",
                "BourseStore",
                "BourseStorePostgres",
                "BourseToolkit",
                "BourseWire",
                "BourseWorkloads",
                "CMallocCounter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The engine flow alone, for callgrind's instruction count (scripts/engine-instructions).
        .executableTarget(
            name: "engine-count", dependencies: ["BourseCore", "BourseWorkloads"], swiftSettings: strict),
        .executableTarget(
            name: "bourse",
            dependencies: [
                "BourseAuth",
                "BourseBench",
                "BourseClient",
                "BourseCommandSupport",
                "BourseCore",
                "BourseDemo",
                "BourseServer",
                "BourseSimulator",
                "BourseStore",
                "BourseStorePostgres",
                "BourseStoreSQLite",
                "BourseTUI",
                "BourseToolkit",
                "BourseWire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "BourseCoreTests", dependencies: ["BourseCore", "BourseToolkit"], swiftSettings: strict),
        // SeededRandom (BourseSimulator) drives the randomized board tests; the SDK itself never sees it.
        .testTarget(
            name: "BourseClientTests", dependencies: ["BourseClient", "BourseSimulator", "BourseToolkit"],
            swiftSettings: strict),
        .testTarget(
            name: "BourseTUITests", dependencies: ["BourseClient", "BourseTUI"],
            // Golden frames are read from the source tree (see Golden.swift), not bundled.
            exclude: ["Golden"], swiftSettings: strict
        ),
        .testTarget(
            name: "BourseSimulatorTests",
            dependencies: ["BourseCore", "BourseSimulator", "BourseToolkit", "BourseWorkloads"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BourseDemoTests",
            dependencies: ["BourseCore", "BourseDemo", "BourseSimulator", "BourseStore"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BourseStoreTests",
            dependencies: ["BourseCore", "BourseStore", "BourseStorePostgres", "BourseStoreSQLite", "BourseToolkit"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BourseAuthTests",
            dependencies: ["BourseAuth", "BourseWire", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),
        .testTarget(name: "BourseToolkitTests", dependencies: ["BourseToolkit"], swiftSettings: strict),
        .testTarget(name: "BourseWireTests", dependencies: ["BourseCore", "BourseWire"], swiftSettings: strict),
        .testTarget(
            name: "BourseUpbitTests", dependencies: ["BourseCore", "BourseUpbit", "BourseWire"], swiftSettings: strict),
        .testTarget(
            name: "BourseServerTests",
            dependencies: [
                "BourseAuth",
                "BourseClient",
                "BourseCore",
                "BourseDemo",
                "BourseServer",
                "BourseSimulator",
                "BourseStore",
                "BourseToolkit",
                "BourseUpbit",
                "BourseWire",
                "CGD",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "bourseTests",
            dependencies: [
                "bourse", "BourseAuth", "BourseCommandSupport", "BourseCore", "BourseStore", "BourseStoreSQLite",
            ],
            swiftSettings: strict
        ),
    ]
)
