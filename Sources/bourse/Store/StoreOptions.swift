import ArgumentParser
import BourseStore
import BourseStorePostgres
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
        if store == .postgres, resolvedPostgresURL == nil {
            throw ValidationError("'--store postgres' needs --postgres-url or $BOURSE_POSTGRES_URL.")
        }
    }

    /// The PostgreSQL URL in effect.
    var resolvedPostgresURL: String? { postgresURL ?? ProcessInfo.processInfo.environment["BOURSE_POSTGRES_URL"] }

    /// Opens the store (creating the data directory and schema as needed), runs `body` with it, and closes
    /// it afterwards, also when `body` throws. A PostgreSQL store's connection pool runs meanwhile.
    func withStore<Result: Sendable>(_ body: (any Store) async throws -> Result) async throws -> Result {
        switch store {
        case .memory:
            let store = InMemoryStore()
            defer { Task { try? await store.close() } }
            return try await body(store)
        case .sqlite:
            try FileManager.default.createDirectory(atPath: resolvedDataDirectory, withIntermediateDirectories: true)
            let store = try await SQLiteStore(path: sqlitePath)
            do {
                let result = try await body(store)
                try await store.close()
                return result
            } catch {
                try? await store.close()
                throw error
            }
        case .postgres:
            let store = try PostgresStore(url: resolvedPostgresURL ?? "")
            return try await store.withRunning {
                try await store.migrate()
                return try await body(store)
            }
        }
    }

    /// A short description for progress lines.
    var summary: String {
        switch store {
        case .memory: "memory"
        case .sqlite: "sqlite at \(sqlitePath)"
        case .postgres:
            "postgres at \((try? PostgresURL(resolvedPostgresURL ?? "")).map(String.init(describing:)) ?? "?")"
        }
    }
}

extension StoreOptions {
    /// The data directory's writer lock for a command that journals (``DataDirectoryLock``); nil for the
    /// stores that have no data directory of their own (memory, PostgreSQL).
    func lockForWriting(purpose: String) throws -> DataDirectoryLock? {
        guard store == .sqlite else { return nil }
        return try DataDirectoryLock(directory: resolvedDataDirectory, purpose: purpose)
    }
}
