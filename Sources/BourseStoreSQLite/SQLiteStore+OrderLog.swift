import BourseCore
import BourseStore
import Foundation
import GRDB

// The order log and the materialization of the orders database from it (see `SQLiteStore`).
extension SQLiteStore {
    /// Pending changes past which a commit waits for the orders database to take them: memory stays
    /// bounded (about 200 bytes a change) if materialization cannot keep up.
    static let maximumPendingChanges = 500_000

    /// The orders database's schema. Never edit a registered migration; add a new one.
    static var ordersMigrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-orders-fills") { db in
            try db.execute(
                sql: """
                    \(orderTables)
                    CREATE TABLE order_log_applied (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        through INTEGER NOT NULL
                    );
                    """)
        }
        return migrator
    }

    /// Main-database migration 6: order records and fills move to the order log. The rows of the old
    /// `orders` and `order_fills` tables become log rows with keys up to 0 (before every commit's, which
    /// are journal sequences), and the orders database is built from the log at start.
    static func moveOrdersToLog(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE order_log (first_sequence INTEGER PRIMARY KEY, changes BLOB NOT NULL)")
        let records = try Row.fetchAll(db, sql: orderColumns + " ORDER BY id").map(Self.order)
        let fills = try Row.fetchAll(db, sql: fillColumns + " ORDER BY order_id, trade_sequence").map(Self.fill)
        let perRow = 10_000
        let rows = max((records.count + perRow - 1) / perRow, (fills.count + perRow - 1) / perRow)
        for row in 0..<rows {
            let range = { (count: Int) in min(row * perRow, count)..<min((row + 1) * perRow, count) }
            try db.execute(
                sql: "INSERT INTO order_log (first_sequence, changes) VALUES (?, ?)",
                arguments: [
                    Int64(row - rows + 1),
                    Data(
                        OrderLogCodec.encode(
                            Array(records[range(records.count)]), Array(fills[range(fills.count)]))),
                ])
        }
        try db.execute(sql: "DROP TABLE orders; DROP TABLE order_fills")
    }

    // MARK: - Materializing

    /// Has the sealed generations written to the orders database in the background (``materializer``;
    /// woken while it writes, it goes on with what was sealed meanwhile); if too much is pending, writes
    /// everything itself instead and returns once it is there.
    func materializeOrders() async throws {
        let (count, ready) = pending.withLock { ($0.changeCount, $0.hasSealed) }
        if count > Self.maximumPendingChanges {
            try await materializeEverything()
        } else if ready {
            materializer.wake()
        }
    }

    /// Writes the sealed generations to the orders database: on the materializer's thread, through GRDB's
    /// synchronous API (so the work runs on that thread), in paced steps (``WorkPacer``).
    ///
    /// The thread runs at idle priority, so it must not make anyone wait on it: it touches the `pending`
    /// lock twice a batch, frees what it wrote outside it, reads the rest from atomics, and gives the batch
    /// up (rolled back, left pending) at its next step once a caller of ``materializeEverything()`` (the
    /// commit path past ``maximumPendingChanges``, or ``close()``) waits, which then writes everything at
    /// its own priority. That caller still waits for the step in progress (~5 ms of CPU), which on a
    /// machine saturated for long can take this thread seconds: the backstop only fires when the orders
    /// database is already ~4 batches behind.
    func materializeSealed() {
        guard waitingForOrders.load(ordering: .relaxed) == 0 else { return }
        ordersDatabase.writeWithoutTransaction { [self] db in
            guard waitingForOrders.load(ordering: .relaxed) == 0,
                let generations = pending.withLock({ $0.takeGenerations() })
            else { return }
            // No resting once the next generation is sealed too: this one would fall behind.
            let taken = generations.count
            let pacer = WorkPacer(
                hurry: { [self] in generationCount.load(ordering: .relaxed) > taken + 1 },
                giveUp: { [self] in waitingForOrders.load(ordering: .relaxed) > 0 },
                rest: { [self] nanoseconds in (materializationRest.withLock { $0 } ?? WorkPacer.sleep)(nanoseconds) })
            do {
                try materialize(generations, db, pacer: pacer)
                materializationError.withLock { $0 = nil }
            } catch is WorkPacer.GaveUp {
                materializationsGivenUp.add(1, ordering: .relaxed)
            } catch {
                let through = generations.last?.lastLogKey ?? 0
                materializationError.withLock { $0 = "materializing order log through \(through): \(error)" }
            }
        }
    }

    /// Writes every pending change to the orders database, and returns once it is there.
    func materializeEverything() async throws {
        waitingForOrders.add(1, ordering: .relaxed)
        defer { waitingForOrders.subtract(1, ordering: .relaxed) }
        while true {
            let done = try await ordersDatabase.writeWithoutTransaction { [self] db -> Bool in
                guard let generations = pending.withLock({ $0.takeGenerations(everything: true) }) else {
                    return true
                }
                try materialize(generations, db)
                // Commits may have added more meanwhile.
                return pending.withLock { $0.changeCount == 0 }
            }
            if done { return }
        }
    }

    /// Writes `generations`, just taken from ``pending`` on the orders writer's queue (the only place they
    /// are taken, so one batch is written at a time), and drops them from it, freeing them out of its lock.
    /// If the write fails or `pacer` gives it up, nothing is written and they stay pending, for reads and
    /// the next try.
    private func materialize(
        _ generations: [PendingOrders.Generation], _ db: Database, pacer: WorkPacer = .unpaced
    ) throws {
        guard let batch = PendingOrders.Batch(generations) else { return }
        try Self.write(batch, db, pacer: pacer)
        let written = pending.withLock { pending in
            defer { generationCount.store(pending.generations.count, ordering: .relaxed) }
            return pending.finish(batch)
        }
        withExtendedLifetime((written, generations)) {}
    }

    /// Brings the orders database up to the log: at start, before anything reads or appends.
    func catchUpOrders() async throws {
        var applied = try await ordersDatabase.read { db in
            try Int64.fetchOne(db, sql: "SELECT through FROM order_log_applied WHERE id = 1")
        }
        let newest = try await pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT MAX(first_sequence) FROM order_log")
        }
        if let applied, applied > newest ?? Int64.min {
            throw StoreError.corrupt(
                "the orders database has applied the order log through \(applied), beyond the log's end")
        }
        while true {
            let after = applied
            let rows = try await pool.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT first_sequence, changes FROM order_log WHERE first_sequence > ?
                        ORDER BY first_sequence LIMIT 2000
                        """, arguments: [after ?? Int64.min]
                ).map { row -> (key: Int64, bytes: Data) in (row[0], row[1]) }
            }
            guard let last = rows.last?.key else { return }
            var latest: [OrderID: OrderRecord] = [:]
            var fills: [OrderFill] = []
            for row in rows {
                let changes = try OrderLogCodec.decode([UInt8](row.bytes))
                for record in changes.records { latest[record.id] = record }
                fills += changes.fills
            }
            let batch = PendingOrders.Batch(
                records: latest.values.sorted { $0.id < $1.id }, fills: fills, lastLogKey: last, generations: 0)
            try await ordersDatabase.writeWithoutTransaction { db in try Self.write(batch, db) }
            applied = last
        }
    }

    /// Writes `batch` and the new watermark in one transaction, paced by `pacer` (which may give it up:
    /// then nothing is written).
    static func write(_ batch: PendingOrders.Batch, _ db: Database, pacer: WorkPacer = .unpaced) throws {
        var pacer = pacer
        try db.inTransaction(.immediate) {
            if !batch.records.isEmpty { try upsert(batch.records, db, pacer: &pacer) }
            if !batch.fills.isEmpty { try insert(batch.fills, db, pacer: &pacer) }
            try db.execute(
                sql: "INSERT OR REPLACE INTO order_log_applied (id, through) VALUES (1, ?)",
                arguments: [batch.lastLogKey])
            return .commit
        }
    }
}
