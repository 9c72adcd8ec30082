import PostgresNIO

extension PostgresStore {
    /// Opens one connection outside the pool and closes it again, so that a wrong password or an unreachable
    /// server fails at once with the reason (``PostgresStoreError/cannotConnect(_:reason:)``); through the
    /// pool, it would fail only after a minute of retries, as an opaque circuit-breaker error.
    func checkConnection() async throws {
        try await Self.withSingleConnection(url, logger: logger) { _ in }
    }

    /// Runs `body` on a connection of its own to `url`, outside any pool, closed afterwards; failures to
    /// connect are ``PostgresStoreError/cannotConnect(_:reason:)``.
    static func withSingleConnection(
        _ url: PostgresURL, logger: Logger, _ body: (PostgresConnection) async throws -> Void
    ) async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try url.connectionConfiguration(), id: 0, logger: logger
            )
        } catch let error as PSQLError {
            let reason = error.serverInfo?[.message] ?? error.underlying.map { "\($0)" } ?? error.code.description
            throw PostgresStoreError.cannotConnect(url.description, reason: reason)
        }
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}
