import PostgresNIO

/// One numbered step of the PostgreSQL schema: statements applied once, in version order, by
/// ``PostgresStore/migrate()``, which records the version in `schema_migrations`.
///
/// A released migration never changes; a new schema is a new migration with the next version.
struct PostgresMigration: Sendable {
    /// The schema version the step leads to (1, 2, 3, … with no gaps).
    var version: Int
    /// The statements, one per query (the extended protocol runs one statement at a time).
    var statements: [PostgresQuery]
}
