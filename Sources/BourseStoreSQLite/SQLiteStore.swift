public import BourseStore
import Foundation
import GRDB
import Synchronization

/// The embedded store: two SQLite database files, through GRDB.
///
/// The main database (`bourse.sqlite`) runs in WAL mode with `synchronous = FULL`, so a commit returns only
/// after the WAL is synced: each ``append(_:)`` (one group commit) costs one `fsync`, and reads never block
/// the writer. Journal records are stored as one blob per commit; trades and candles as plain rows with
/// integer money (10⁻⁸ units), and 128-bit totals as decimal text.
///
/// A commit's order records and fills are stored in the same transaction, but as one compact row of the
/// append-only `order_log` (``OrderLogCodec``), never as updates of per-order rows: an order's row and its
/// account's index entry sit on pages all over the file, and SQLite writes a whole page to the WAL for every
/// commit that touches it, so per-order rows cost ~4 KB of disk writes per command. The queryable `orders`
/// and `order_fills` tables live in a second database (`bourse-orders.sqlite`, WAL, `synchronous = NORMAL`)
/// that a background materialization brings up to date from the log in large transactions, every 131,072
/// changes or 10 seconds (``PendingOrders``); reads add the changes not yet materialized, so they never lag the journal.
/// That second database is derived: it records how far into the log it is, catches up at start, and is
/// rebuilt from the log if deleted.
public final class SQLiteStore: Store {
    private let database: DatabasePool
    let ordersDatabase: DatabasePool
    let closed = Mutex(false)
    /// Order changes in the log but not yet in the orders database.
    let pending = Mutex(PendingOrders())
    /// Why the last materialization failed, if it did (it is retried with the next commit).
    let materializationError = Mutex<String?>(nil)
    /// A connection of its own that checkpoints the main database's WAL, so that copying pages into the
    /// database file and syncing it never runs inside a commit (see ``checkpointIfDue()``).
    let checkpointer: DatabaseQueue
    /// When the last background checkpoint started, whether one is running, and whether a test holds them
    /// off.
    let checkpointing = Mutex((running: false, started: ContinuousClock.now, paused: false))
    /// Where sealed generations of ``pending`` are written to the orders database, below every other
    /// thread's priority and paced (``IdleThread`` and ``WorkPacer`` say why).
    let materializer = IdleThread(name: "bourse.store.materializer")
    /// Callers of ``materializeEverything()`` (and ``close()``) waiting: the materializer gives its batch up
    /// while there are any.
    let waitingForOrders = Atomic<Int>(0)
    /// How many generations ``pending`` holds, sealed and open, for the materializer to read without the
    /// lock.
    let generationCount = Atomic<Int>(1)
    /// Batches the materializer gave up because someone waited for the orders database.
    let materializationsGivenUp = Atomic<Int>(0)
    /// What the materializer's rests do instead of sleeping: for tests.
    let materializationRest = Mutex<(@Sendable (Int64) -> Void)?>(nil)

    /// The database, unless the store is closed (then ``StoreError/closed``, like every store).
    var pool: DatabasePool {
        get throws {
            if closed.withLock({ $0 }) { throw StoreError.closed }
            return database
        }
    }

    /// The orders database, unless the store is closed.
    var ordersPool: DatabasePool {
        get throws {
            if closed.withLock({ $0 }) { throw StoreError.closed }
            return ordersDatabase
        }
    }

    /// The orders database's file next to the main one at `path`.
    static func ordersPath(_ path: String) -> String {
        path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) + "-orders.sqlite" : path + "-orders"
    }

    /// The orders database writer's page cache, in KiB.
    static let ordersWriterCacheKiB = 65_536

    /// Seconds a connection waits for another process's write lock before it fails.
    static let busyTimeout: TimeInterval = 10

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public init(path: String) async throws {
        var configuration = Configuration()
        configuration.label = "bourse.store"
        // Another process (`bourse account create` beside a running server) waits for the writer's commit
        // instead of failing at once with "database is locked".
        configuration.busyMode = .timeout(Self.busyTimeout)
        database = try DatabasePool(path: path, configuration: configuration)
        // GRDB sets the writer to `synchronous = NORMAL` when it enables WAL, after `prepareDatabase`:
        // survives a killed process but not a power cut. A commit must survive both, so FULL, set here.
        // Checkpoints run on their own connection (checkpointIfDue); the writer's own, on the commit path,
        // is only a backstop for a WAL that background checkpoints could not restart (64 MB).
        try await database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 16384")
        }
        var checkpointConfiguration = Configuration()
        checkpointConfiguration.label = "bourse.store.checkpoint"
        checkpointer = try DatabaseQueue(path: path, configuration: checkpointConfiguration)
        var ordersConfiguration = Configuration()
        ordersConfiguration.label = "bourse.store.orders"
        ordersConfiguration.busyMode = .timeout(Self.busyTimeout)
        ordersDatabase = try DatabasePool(path: Self.ordersPath(path), configuration: ordersConfiguration)
        // Room for a whole materialization's pages. With SQLite's default 2 MB, a batch spilled its dirty
        // pages to the WAL mid-transaction and wrote many of them again: 3–4 KB of write calls per command
        // where the disk saw 600 bytes. Only the writer's connection: readers keep the default.
        try await ordersDatabase.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = -\(Self.ordersWriterCacheKiB)")
        }
        try await migrate()
        try await catchUpOrders()
        materializer.setWork { [weak self] in self?.materializeSealed() }
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
        try Self.ordersMigrator.migrate(ordersPool)
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
                if !commit.orders.isEmpty || !commit.fills.isEmpty {
                    try db.cachedStatement(sql: "INSERT INTO order_log (first_sequence, changes) VALUES (?, ?)")
                        .execute(arguments: [
                            Int64(commit.record.firstSequence),
                            Data(OrderLogCodec.encode(commit.orders, commit.fills)),
                        ])
                }
                if !commit.transfers.isEmpty { try Self.upsert(commit.transfers, db) }
                if !commit.auctionBids.isEmpty { try Self.insert(commit.auctionBids, db) }
                if !commit.candles.isEmpty { try Self.upsert(commit.candles, db) }
                return .commit
            }
            // Still on the writer's queue, so commits join `pending` in journal order.
            if !commit.orders.isEmpty || !commit.fills.isEmpty {
                pending.withLock {
                    $0.add(commit.orders, commit.fills, logKey: Int64(commit.record.firstSequence), now: .now)
                    generationCount.store($0.generations.count, ordering: .relaxed)
                }
            }
        }
        checkpointIfDue()
        try await materializeOrders()
    }

    /// Starts a passive checkpoint of the main database on the checkpointer's connection unless one is
    /// running or one started less than 100 ms ago. A passive checkpoint takes no lock a commit needs: it
    /// copies what the WAL holds into the database file and syncs it, while commits go on.
    func checkpointIfDue() {
        let due = checkpointing.withLock { state in
            guard !state.running, !state.paused, .now - state.started >= .milliseconds(100) else { return false }
            state.running = true
            state.started = .now
            return true
        }
        guard due else { return }
        checkpointer.asyncWriteWithoutTransaction { [self] db in
            _ = try? db.checkpoint(.passive)
            checkpointing.withLock { $0.running = false }
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

    /// The pages the main database's WAL gains while `body` runs, with checkpoints held off: what a test of
    /// write amplification counts (each page costs a page of disk writes at commit and again at checkpoint).
    func mainWALPages(during body: () async throws -> Void) async throws -> Int {
        checkpointing.withLock { $0.paused = true }
        defer { checkpointing.withLock { $0.paused = false } }
        try await checkpointer.writeWithoutTransaction { _ in }  // one already scheduled has finished
        try await pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.checkpoint(.truncate)
        }
        try await body()
        return try await pool.writeWithoutTransaction { db in
            defer { try? db.execute(sql: "PRAGMA wal_autocheckpoint = 16384") }
            return try db.checkpoint(.passive).walFrameCount
        }
    }

    /// Closes the database; later calls throw ``StoreError/closed``. Closing twice is harmless.
    public func close() async throws {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        // Leaves the orders database complete, so the next start has nothing to catch up. A failure here
        // loses nothing: the log has every change.
        // A batch the materializer is writing is given up, not finished at idle priority.
        waitingForOrders.add(1, ordering: .relaxed)
        await materializer.stop()
        try? await materializeEverything()
        waitingForOrders.subtract(1, ordering: .relaxed)
        try checkpointer.close()
        try ordersDatabase.close()
        try database.close()
    }
}
