import PostgresNIO

extension PostgresStore {
    /// Creates the empty database `name` on the server `server` points at (through its database, usually
    /// `postgres`), for setup tools and tests that want a database of their own.
    ///
    /// `name` must be a plain identifier (`a-z`, `0-9`, `_`, at most 63, not starting with a digit):
    /// PostgreSQL cannot take a database name as a query parameter, so this is the one statement that holds a
    /// name in its text, and only a name that needs no quoting rules is let in.
    public static func createDatabase(named name: String, on server: PostgresURL) async throws {
        let sql = "CREATE DATABASE \(try identifier(name))"
        try await withSingleConnection(server, logger: Logger(label: "bourse.store.postgres")) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: connection.logger)
        }
    }

    /// Drops the database `name` if it exists, ending its sessions first (PostgreSQL 13 or later); the
    /// counterpart of ``createDatabase(named:on:)``, with the same rule for `name`.
    public static func dropDatabase(named name: String, on server: PostgresURL) async throws {
        let sql = "DROP DATABASE IF EXISTS \(try identifier(name)) WITH (FORCE)"
        try await withSingleConnection(server, logger: Logger(label: "bourse.store.postgres")) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: connection.logger)
        }
    }

    private static func identifier(_ name: String) throws(PostgresStoreError) -> String {
        let bytes = Array(name.utf8)
        let valid =
            (1...63).contains(bytes.count) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0])
            && bytes.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            }
        guard valid else { throw .invalidDatabaseName(name) }
        return name
    }
}
