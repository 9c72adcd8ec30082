public import BourseStore
import PostgresNIO

/// A ``Store`` in a PostgreSQL database (13 or later; tested with 15), through a PostgresNIO connection pool.
///
/// **Running.** The pool (`PostgresClient`) does its work in a task that someone must run; a store that owns a
/// hidden task would outlive the structure that created it. So the store, like the pool, has a ``run()``
/// method for its owner to run, and queries wait until it runs:
///
/// ```swift
/// let store = try PostgresStore(url: "postgres://bourse@localhost/bourse")
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { await store.run() }
///     try await store.migrate()
///     …                              // use the store
///     try await store.close()        // lets queries in flight finish, then stops run()
/// }
/// ```
///
/// ``withRunning(_:)`` does exactly this around a closure. In a server, ``run()`` is the body of a `Service`
/// in the `ServiceGroup` (a one-line wrapper: this module does not depend on ServiceLifecycle); it also
/// returns on the group's graceful shutdown or when its task is cancelled, and the store refuses queries
/// from then on (`StoreError.closed`) instead of hanging.
///
/// **Schema.** ``migrate()`` creates or upgrades the tables (numbered migrations, recorded in
/// `schema_migrations`); call it before anything else. Money and amounts are integers of 10⁻⁸ units
/// (`bigint`), totals beyond 64 bits exact decimal integers in `text`, times Unix milliseconds: nothing is
/// floating point.
///
/// **Durability.** ``append(_:)`` and ``saveSnapshot(_:)`` commit one transaction each and return after
/// the commit, with `synchronous_commit` forced on for the store's connections.
public final class PostgresStore: Store {
    /// Where the store connects (print it freely: its description leaves out the password).
    public let url: PostgresURL

    let client: PostgresClient
    /// Query logs (PostgresNIO logs each query at debug level).
    let logger = Logger(label: "bourse.store.postgres")
    let migrations: [PostgresMigration]
    private let lifecycle = StoreLifecycle()

    /// A store on the database `url` names (see ``PostgresURL`` for the accepted form); nothing connects
    /// before ``run()`` runs.
    public convenience init(url: String) throws {
        try self.init(url: PostgresURL(url))
    }

    /// A store on the database `url` names; nothing connects before ``run()`` runs.
    public convenience init(url: PostgresURL) {
        self.init(url: url, migrations: PostgresSchema.migrations)
    }

    /// A store that knows `migrations` as its schema (tests use it to stand for a newer build).
    init(url: PostgresURL, migrations: [PostgresMigration]) {
        self.url = url
        self.migrations = migrations
        // The pool's own log (connections opened and lost, leases before run()) stays quiet: its failures
        // reach callers as thrown errors, and whether to log them is the caller's choice.
        client = PostgresClient(configuration: url.clientConfiguration)
    }

    /// Runs the connection pool until ``close()``, the pool's own graceful shutdown, or cancellation of the
    /// calling task; returns at once if the store already ran or is closed.
    public func run() async {
        await lifecycle.run { [client] in await client.run() }
    }

    /// Runs the store while `body` runs, then closes it: the whole life of a store used from start to end
    /// by one piece of code (a command, a test). `body` uses the store through `self`.
    @discardableResult
    public func withRunning<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.run() }
            do {
                let result = try await body()
                try await close()
                return result
            } catch {
                try? await close()
                throw error
            }
        }
    }

    /// Lets queries in flight finish, refuses new ones (`StoreError.closed`), stops the pool and waits for
    /// ``run()`` to return. Closing twice is harmless.
    public func close() async throws {
        await lifecycle.close()
    }

    /// Runs `body` with the pool, unless the store is closed.
    func withClient<Result: Sendable>(_ body: (PostgresClient) async throws -> Result) async throws -> Result {
        try lifecycle.enter()
        defer { lifecycle.leave() }
        return try await body(client)
    }

    /// Runs `body` in one transaction on one connection: committed if it returns, rolled back if it throws
    /// (and its error rethrown as is, so `StoreError`s reach the caller unwrapped).
    func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await withClient { client in
            try await client.withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    let result = try await body(connection)
                    try await connection.query("COMMIT", logger: logger)
                    return result
                } catch {
                    // If the rollback fails too the connection is broken, and the pool drops it.
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        }
    }
}
