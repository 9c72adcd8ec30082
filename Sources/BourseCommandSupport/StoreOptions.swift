public import ArgumentParser
public import BourseStore
import BourseStorePostgres
import BourseStoreSQLite
import Foundation

/// Which store a command uses: `--store`, `--data-dir` and `--postgres-url`, shared by every command that
/// opens one.
public struct StoreOptions: ParsableArguments {
    /// Options as the command line gave them.
    public init() {}

    /// The store backends.
    public enum Backend: String, ExpressibleByArgument, CaseIterable {
        case sqlite
        case postgres
        case memory
    }

    /// `--store`: which backend holds the journal and history.
    @Option(help: "Where data lives: 'sqlite' (embedded, the default), 'postgres' or 'memory' (lost on exit).")
    public var store: Backend = .sqlite

    /// `--data-dir`, if given.
    @Option(
        help: ArgumentHelp(
            "Directory of the SQLite database (created if missing).",
            discussion: "Default: $BOURSE_DATA_DIR or ./bourse-data."
        ))
    public var dataDir: String?

    /// `--postgres-url`, if given.
    @Option(help: "PostgreSQL connection URL for '--store postgres' (default: $BOURSE_POSTGRES_URL).")
    public var postgresURL: String?

    /// The data directory in effect.
    public var resolvedDataDirectory: String {
        dataDir ?? ProcessInfo.processInfo.environment["BOURSE_DATA_DIR"] ?? "bourse-data"
    }

    /// The SQLite database file inside the data directory.
    public var sqlitePath: String { resolvedDataDirectory + "/bourse.sqlite" }

    /// Refuses `--store postgres` without a URL.
    public func validate() throws {
        if store == .postgres, resolvedPostgresURL == nil {
            throw ValidationError("'--store postgres' needs --postgres-url or $BOURSE_POSTGRES_URL.")
        }
    }

    /// The PostgreSQL URL in effect.
    public var resolvedPostgresURL: String? {
        postgresURL ?? ProcessInfo.processInfo.environment["BOURSE_POSTGRES_URL"]
    }

    /// Opens the store (creating the data directory and schema as needed), runs `body` with it, and closes
    /// it afterwards, also when `body` throws. A PostgreSQL store's connection pool runs meanwhile.
    public func withStore<Result: Sendable>(_ body: (any Store) async throws -> Result) async throws -> Result {
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
    public var summary: String {
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
    public func lockForWriting(purpose: String) throws -> DataDirectoryLock? {
        guard store == .sqlite else { return nil }
        return try DataDirectoryLock(directory: resolvedDataDirectory, purpose: purpose)
    }
}
