public import BourseStore
import BourseStorePostgres
import BourseStoreSQLite
import Foundation

/// Where a command's data lives, with the settings it was read from: what ``StoreOptions/resolve(_:)``
/// gives.
public struct StoreLocation: Sendable {
    /// Every setting, for the command's other options.
    public let settings: Settings
    /// Which store: SQLite under the data directory, PostgreSQL at the URL, or memory.
    public let backend: StoreOptions.Backend
    /// The data directory (the SQLite database, the master key, the server's other files).
    public let dataDirectory: String
    /// The PostgreSQL URL, for `postgres`.
    public let postgresURL: String?

    /// The SQLite database file inside the data directory.
    public var sqlitePath: String { dataDirectory + "/bourse.sqlite" }

    /// Opens the store (creating the data directory and schema as needed), runs `body` with it, and closes
    /// it afterwards, also when `body` throws. A PostgreSQL store's connection pool runs meanwhile.
    public func withStore<Result: Sendable>(_ body: (any Store) async throws -> Result) async throws -> Result {
        switch backend {
        case .memory:
            let store = InMemoryStore()
            defer { Task { try? await store.close() } }
            return try await body(store)
        case .sqlite:
            try DataDirectory.make(dataDirectory)
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
            let store = try PostgresStore(url: postgresURL ?? "")
            return try await store.withRunning {
                try await store.migrate()
                return try await body(store)
            }
        }
    }

    /// A short description for progress lines.
    public var summary: String {
        switch backend {
        case .memory: "memory"
        case .sqlite: "sqlite at \(sqlitePath)"
        case .postgres:
            "postgres at \((try? PostgresURL(postgresURL ?? "")).map(String.init(describing:)) ?? "?")"
        }
    }

    /// The data directory's writer lock for a command that journals (``DataDirectoryLock``); nil for the
    /// stores that have no data directory of their own (memory, PostgreSQL). `whileHeld` is what to do
    /// instead while another process holds it (the refusal ends with it).
    public func lockForWriting(purpose: String, whileHeld: String? = nil) throws -> DataDirectoryLock? {
        guard backend == .sqlite else { return nil }
        return try DataDirectoryLock(directory: dataDirectory, purpose: purpose, whileHeld: whileHeld)
    }
}
