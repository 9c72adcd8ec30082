import BourseStore
import BourseStorePostgres
import BourseStoreSQLite
import Foundation
import Testing

/// One kind of store the contract suite runs against.
///
/// Adding a backend is adding an entry to ``all``: a name, and a `withPlace` function that makes a fresh,
/// empty place for stores (a database, a file), calls its body with a function that opens a store there
/// (each call another store on the same place), then closes what was opened and removes the place, also
/// when the body throws. Tests run in parallel, so places must not be shared.
struct StoreBackend: Sendable, CustomTestStringConvertible {
    /// Opens another store on the test's place.
    typealias Open = () async throws -> any Store

    /// The name in test output (`backend → PostgreSQL`).
    var name: String
    /// Whether a store opened after another was closed sees what it wrote.
    var isPersistent: Bool
    /// Runs a test's body with a fresh place to open stores on, then cleans up.
    var withPlace: @Sendable (_ body: (_ open: Open) async throws -> Void) async throws -> Void

    var testDescription: String { name }

    /// Every backend the suite runs against here. PostgreSQL only joins when `BOURSE_TEST_POSTGRES_URL` names
    /// a server (`./scripts/test` starts one); otherwise `PostgresStoreTests` reports it as skipped.
    static let all: [StoreBackend] =
        [.inMemory, .sqlite] + (PostgresTestServer.configuredURL == nil ? [] : [.postgres])

    /// The backends whose data outlives a store.
    static var persistent: [StoreBackend] { all.filter(\.isPersistent) }

    /// Runs `body` with a fresh, migrated store.
    ///
    /// Write `{ store throws in` when the body's only `try`s are inside `#expect`: a closure is inferred to
    /// throw from the `try`s it spells, and those in macro arguments do not count (Swift 6.3).
    func withStore(_ body: (any Store) async throws -> Void) async throws {
        try await withPlace { open in
            let store = try await open()
            try await store.migrate()
            try await body(store)
        }
    }
}

extension StoreBackend {
    /// ``InMemoryStore``: one store stands for every store opened on the place, so it is not persistent.
    static let inMemory = StoreBackend(name: "in-memory", isPersistent: false) { body in
        let store = InMemoryStore()
        try await body { store }
        try await store.close()
    }

    /// ``PostgresStore`` on a database of its own, created on the test server and dropped afterwards; each
    /// store's ``PostgresStore/run()`` runs in a child task of the test until the store is closed.
    static let postgres = StoreBackend(name: "PostgreSQL", isPersistent: true) { body in
        try await PostgresTestServer.withFreshDatabase { url in
            try await withThrowingDiscardingTaskGroup { group in
                var opened: [PostgresStore] = []
                do {
                    try await body {
                        let store = PostgresStore(url: url)
                        opened.append(store)
                        group.addTask { await store.run() }
                        return store
                    }
                } catch {
                    for store in opened { try? await store.close() }
                    throw error
                }
                for store in opened { try await store.close() }
            }
        }
    }
}

extension StoreBackend {
    /// ``SQLiteStore`` on a database file in a directory of its own, removed afterwards; every store opened
    /// on the place opens the same file.
    static let sqlite = StoreBackend(name: "SQLite", isPersistent: true) { body in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-store-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bourse.sqlite").path
        let opened = Shared<[SQLiteStore]>([])
        do {
            try await body {
                let store = try await SQLiteStore(path: path)
                opened.withLock { $0.append(store) }
                return store
            }
        } catch {
            for store in opened.value { try? await store.close() }
            throw error
        }
        for store in opened.value { try await store.close() }
    }
}
