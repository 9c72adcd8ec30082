public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Appends a commit in one transaction: the journal row, then all its trades in one statement, then all
    /// its candles, orders and fills in one statement each; returns after the commit.
    ///
    /// Throws `StoreError.outOfOrder`, with nothing written, unless the record starts right after the stored
    /// journal. The check and the insert are one statement under a table lock, so even two writers racing
    /// cannot leave a gap or an overlap. A trade already stored (same market and `sequential_id`) fails the
    /// whole commit.
    public func append(_ commit: JournalCommit) async throws {
        let record = commit.record
        try await transaction { connection in
            // Blocks other appends (not reads) until this transaction ends.
            try await connection.query("LOCK TABLE journal IN SHARE ROW EXCLUSIVE MODE", logger: logger)
            let inserted = try await connection.query(
                """
                INSERT INTO journal (first_sequence, last_sequence, entries)
                SELECT \(Int64(record.firstSequence)), \(Int64(record.lastSequence)), \(ByteBuffer(bytes: record.bytes))
                WHERE \(Int64(record.firstSequence)) = 1 + coalesce(
                    (SELECT last_sequence FROM journal ORDER BY first_sequence DESC LIMIT 1), 0)
                RETURNING first_sequence
                """,
                logger: logger
            ).collect()
            guard !inserted.isEmpty else {
                throw StoreError.outOfOrder(
                    expected: try await Self.lastSequence(on: connection, logger: logger) + 1, got: record.firstSequence
                )
            }
            if !commit.trades.isEmpty {
                try await connection.query(TradeColumns(commit.trades).insertQuery, logger: logger)
            }
            if !commit.candles.isEmpty {
                try await connection.query(CandleColumns(commit.candles).upsertQuery, logger: logger)
            }
            if !commit.orders.isEmpty {
                try await connection.query(OrderColumns(commit.orders).upsertQuery, logger: logger)
            }
            if !commit.fills.isEmpty {
                try await connection.query(FillColumns(commit.fills).insertQuery, logger: logger)
            }
            for transfer in commit.transfers {
                try await Self.upsert(transfer, on: connection, logger: logger)
            }
            for bid in commit.auctionBids {
                try await connection.query(
                    """
                    INSERT INTO auction_bids (item_id, sequence, bidder_id, price, is_leading, time_ms)
                    VALUES (\(Int64(clamping: bid.item.rawValue)), \(Int64(clamping: bid.sequence)),
                            \(Int64(bid.bidder.rawValue)), \(bid.price.units), \(bid.leading), \(bid.time.milliseconds))
                    """,
                    logger: logger)
            }
        }
    }

    /// Up to `limit` (at least 1) records holding entries after `sequence`, oldest first.
    public func journal(after sequence: UInt64, limit: Int) async throws -> [JournalRecord] {
        let after = Int64(clamping: sequence)
        return try await withClient { client in
            // Records are consecutive, so the answer starts at the last record beginning at or before `after`
            // (dropped by the second condition if it ends there): both conditions use the primary key.
            let rows = try await client.query(
                """
                SELECT first_sequence, last_sequence, entries FROM journal
                WHERE first_sequence >= coalesce((SELECT max(first_sequence) FROM journal
                                                  WHERE first_sequence <= \(after)), 0)
                  AND last_sequence > \(after)
                ORDER BY first_sequence
                LIMIT \(Int64(max(limit, 1)))
                """,
                logger: logger
            )
            var records: [JournalRecord] = []
            for try await (first, last, entries) in rows.decode((Int64, Int64, ByteBuffer).self) {
                guard first > 0, last >= first else {
                    throw StoreError.corrupt("journal row \(first)...\(last) has an invalid sequence range")
                }
                records.append(
                    JournalRecord(
                        firstSequence: UInt64(first), count: Int(last - first) + 1,
                        bytes: Array(entries.readableBytesView)
                    )
                )
            }
            return records
        }
    }

    /// The last journaled sequence; 0 for an empty journal.
    public func lastSequence() async throws -> UInt64 {
        try await withClient { client in
            try await client.withConnection { connection in
                try await Self.lastSequence(on: connection, logger: logger)
            }
        }
    }

    private static func lastSequence(on connection: PostgresConnection, logger: Logger) async throws -> UInt64 {
        let rows = try await connection.query(
            "SELECT last_sequence FROM journal ORDER BY first_sequence DESC LIMIT 1", logger: logger
        )
        var last: Int64 = 0
        for try await value in rows.decode(Int64.self) { last = value }
        guard let sequence = UInt64(exactly: last) else { throw StoreError.corrupt("journal ends at sequence \(last)") }
        return sequence
    }
}
