import ArgumentParser
import BourseCommandSupport
import BourseStore
import BourseStorePostgres
import Foundation

/// The empty store a benchmark writes to, removed afterwards.
enum BenchStore {
    /// Runs `body` with an empty store of the kind `storage` names: SQLite in a new temporary directory
    /// (unless `--data-dir` is given, which must then hold no journal), or a new PostgreSQL database
    /// created on the server `--postgres-url` names. Temporary directories and databases are removed
    /// afterwards.
    static func withFreshStore<Result: Sendable>(
        _ storage: StoreOptions, _ body: (any Store) async throws -> Result
    ) async throws -> Result {
        var storage = storage
        let location = try await storage.resolve()
        switch location.backend {
        case .sqlite where storage.dataDir == nil && location.settings.string("dataDir") == nil:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bourse-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
            storage.dataDir = directory.path
            defer { try? FileManager.default.removeItem(at: directory) }
            return try await withEmpty(try await storage.resolve(), body)
        case .postgres:
            let server = try PostgresURL(location.postgresURL ?? "")
            let name = "bourse_bench_\(ProcessInfo.processInfo.processIdentifier)_\(UInt32.random(in: 0...UInt32.max))"
            try await PostgresStore.createDatabase(named: name, on: server)
            // The same server and credentials, another database: only the URL's path changes.
            var components = URLComponents(string: location.postgresURL ?? "")
            components?.path = "/" + name
            storage.postgresURL = components?.string
            do {
                let result = try await withEmpty(try await storage.resolve(), body)
                try await PostgresStore.dropDatabase(named: name, on: server)
                return result
            } catch {
                try? await PostgresStore.dropDatabase(named: name, on: server)
                throw error
            }
        default:
            return try await withEmpty(location, body)
        }
    }

    private static func withEmpty<Result: Sendable>(
        _ location: StoreLocation, _ body: (any Store) async throws -> Result
    ) async throws -> Result {
        try await location.withStore { store in
            guard try await store.lastSequence() == 0 else {
                throw ValidationError("the benchmark needs an empty store; \(location.summary) has a journal.")
            }
            Progress.line("store: \(location.summary)")
            return try await body(store)
        }
    }
}
