import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Creates the tables or applies the migrations the database lacks, all in one transaction; safe to call
    /// on every start, and from several processes at once (they take turns on an advisory lock).
    ///
    /// Throws `StoreError.schemaTooNew` for a database migrated by a newer build, whose tables this one
    /// would misread, and ``PostgresStoreError/cannotConnect(_:reason:)`` at once when the server cannot be
    /// reached or refuses the login.
    public func migrate() async throws {
        let known = migrations.last?.version ?? 0
        try await withClient { _ in try await checkConnection() }
        try await transaction { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLockKey))", logger: logger
            )
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version integer PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """,
                logger: logger
            )
            let rows = try await connection.query(
                "SELECT coalesce(max(version), 0) FROM schema_migrations", logger: logger
            )
            var found = 0
            for try await version in rows.decode(Int.self) { found = version }
            guard found <= known else { throw StoreError.schemaTooNew(found: found, known: known) }
            for migration in migrations where migration.version > found {
                for statement in migration.statements { try await connection.query(statement, logger: logger) }
                try await connection.query(
                    "INSERT INTO schema_migrations (version) VALUES (\(migration.version))", logger: logger
                )
            }
        }
    }
}
