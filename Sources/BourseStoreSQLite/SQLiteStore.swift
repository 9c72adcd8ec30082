public import BourseStore
import Foundation
import GRDB
import Synchronization

/// The embedded store: one SQLite database file, through GRDB.
///
/// The database runs in WAL mode with `synchronous = FULL`, so a commit returns only after the WAL is
/// synced: each ``append(_:)`` (one group commit) costs one `fsync`, and reads never block the writer.
/// Journal records are stored as one blob per commit; trades and candles as plain rows with integer
/// money (10⁻⁸ units), and 128-bit totals as decimal text.
public final class SQLiteStore: Store {
    private let database: DatabasePool
    private let closed = Mutex(false)

    /// The database, unless the store is closed (then ``StoreError/closed``, like every store).
    var pool: DatabasePool {
        get throws {
            if closed.withLock({ $0 }) { throw StoreError.closed }
            return database
        }
    }

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public init(path: String) async throws {
        var configuration = Configuration()
        configuration.label = "bourse.store"
        database = try DatabasePool(path: path, configuration: configuration)
        // GRDB sets the writer to `synchronous = NORMAL` when it enables WAL, after `prepareDatabase`:
        // survives a killed process but not a power cut. A commit must survive both, so FULL, set here.
        try await database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        try await migrate()
    }

    /// Applies the migrations this build knows; refuses a database written by a newer build.
    public func migrate() async throws {
        let migrator = Self.migrator
        let applied = try await pool.read { db in
            (superseded: try migrator.hasBeenSuperseded(db), count: try migrator.appliedIdentifiers(db).count)
        }
        if applied.superseded {
            throw StoreError.schemaTooNew(found: applied.count, known: migrator.migrations.count)
        }
        // Runs on the calling thread; it is quick and happens once at start-up.
        try migrator.migrate(pool)
    }

    // MARK: - Journal

    /// Appends one commit in one immediate transaction.
    public func append(_ commit: JournalCommit) async throws {
        try await pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let last =
                    try Int64.fetchOne(
                        db, sql: "SELECT last_sequence FROM journal ORDER BY first_sequence DESC LIMIT 1") ?? 0
                guard commit.record.firstSequence == UInt64(last) + 1 else {
                    throw StoreError.outOfOrder(expected: UInt64(last) + 1, got: commit.record.firstSequence)
                }
                try db.cachedStatement(
                    sql: "INSERT INTO journal (first_sequence, last_sequence, entries) VALUES (?, ?, ?)"
                ).execute(arguments: [
                    Int64(commit.record.firstSequence), Int64(commit.record.lastSequence), Data(commit.record.bytes),
                ])
                if !commit.trades.isEmpty { try Self.insert(commit.trades, db) }
                if !commit.orders.isEmpty { try Self.upsert(commit.orders, db) }
                if !commit.fills.isEmpty { try Self.insert(commit.fills, db) }
                if !commit.transfers.isEmpty { try Self.upsert(commit.transfers, db) }
                if !commit.candles.isEmpty { try Self.upsert(commit.candles, db) }
                return .commit
            }
        }
    }

    /// Records after `sequence`, oldest first.
    public func journal(after sequence: UInt64, limit: Int) async throws -> [JournalRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT first_sequence, last_sequence, entries FROM journal
                    WHERE first_sequence >= COALESCE(
                        (SELECT MAX(first_sequence) FROM journal WHERE first_sequence <= ?1), 0)
                      AND last_sequence > ?1
                    ORDER BY first_sequence LIMIT ?2
                    """,
                arguments: [Int64(clamping: sequence), max(limit, 1)]
            ).map { row in
                // Records are consecutive, so the answer starts at the last record beginning at or before
                // `sequence`: both conditions use the primary key (no scan of the whole journal).
                let first: Int64 = row[0]
                let last: Int64 = row[1]
                let bytes: Data = row[2]
                guard first >= 1, last >= first else {
                    throw StoreError.corrupt("journal row \(first)...\(last)")
                }
                return JournalRecord(firstSequence: UInt64(first), count: Int(last - first + 1), bytes: [UInt8](bytes))
            }
        }
    }

    /// The last journaled sequence.
    public func lastSequence() async throws -> UInt64 {
        try await pool.read { db in
            UInt64(
                try Int64.fetchOne(db, sql: "SELECT last_sequence FROM journal ORDER BY first_sequence DESC LIMIT 1")
                    ?? 0)
        }
    }

    // MARK: - Snapshots

    /// Stores a snapshot and keeps only the newest two.
    public func saveSnapshot(_ snapshot: StoredSnapshot) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO snapshots (sequence, state) VALUES (?, ?)",
                arguments: [Int64(snapshot.sequence), Data(snapshot.bytes)])
            try db.execute(
                sql:
                    "DELETE FROM snapshots WHERE sequence NOT IN (SELECT sequence FROM snapshots ORDER BY sequence DESC LIMIT ?)",
                arguments: [StoreQueries.retainedSnapshots])
        }
    }

    /// The newest snapshot.
    public func latestSnapshot() async throws -> StoredSnapshot? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT sequence, state FROM snapshots ORDER BY sequence DESC LIMIT 1").map {
                row in
                let sequence: Int64 = row[0]
                let bytes: Data = row[1]
                return StoredSnapshot(sequence: UInt64(sequence), bytes: [UInt8](bytes))
            }
        }
    }

    /// The writer connection's `synchronous` setting (2 is FULL), for tests of durability.
    func writerSynchronousSetting() async throws -> Int {
        try await pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// Closes the database; later calls throw ``StoreError/closed``. Closing twice is harmless.
    public func close() async throws {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        if !wasClosed { try database.close() }
    }
}
