import ArgumentParser
import BourseStore
import BourseStoreSQLite
import Foundation

/// Which store a command uses: `--store`, `--data-dir` and `--postgres-url`, shared by every command that
/// opens one.
struct StoreOptions: ParsableArguments {
    /// The store backends.
    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case sqlite
        case postgres
        case memory
    }

    @Option(help: "Where data lives: 'sqlite' (embedded, the default), 'postgres' or 'memory' (lost on exit).")
    var store: Backend = .sqlite

    @Option(
        help: ArgumentHelp(
            "Directory of the SQLite database (created if missing).",
            discussion: "Default: $BOURSE_DATA_DIR or ./bourse-data."
        ))
    var dataDir: String?

    @Option(help: "PostgreSQL connection URL for '--store postgres' (default: $BOURSE_POSTGRES_URL).")
    var postgresURL: String?

    /// The data directory in effect.
    var resolvedDataDirectory: String {
        dataDir ?? ProcessInfo.processInfo.environment["BOURSE_DATA_DIR"] ?? "bourse-data"
    }

    /// The SQLite database file inside the data directory.
    var sqlitePath: String { resolvedDataDirectory + "/bourse.sqlite" }

    func validate() throws {
        if store == .postgres, postgresURL ?? ProcessInfo.processInfo.environment["BOURSE_POSTGRES_URL"] == nil {
            throw ValidationError("'--store postgres' needs --postgres-url or $BOURSE_POSTGRES_URL.")
        }
    }

    /// Opens the store, creating the data directory or schema as needed.
    func open() async throws -> any Store {
        switch store {
        case .memory:
            return InMemoryStore()
        case .sqlite:
            try FileManager.default.createDirectory(
                atPath: resolvedDataDirectory, withIntermediateDirectories: true)
            return try await SQLiteStore(path: sqlitePath)
        case .postgres:
            throw ValidationError("PostgreSQL store not wired yet")
        }
    }

    /// A short description for progress lines.
    var summary: String {
        switch store {
        case .memory: "memory"
        case .sqlite: "sqlite at \(sqlitePath)"
        case .postgres: "postgres"
        }
    }
}
