public import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Stores a snapshot (replacing one of the same sequence) and drops all but the newest two, in one
    /// transaction.
    public func saveSnapshot(_ snapshot: StoredSnapshot) async throws {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO snapshots (sequence, state)
                VALUES (\(Int64(snapshot.sequence)), \(ByteBuffer(bytes: snapshot.bytes)))
                ON CONFLICT (sequence) DO UPDATE SET state = excluded.state, taken_at = excluded.taken_at
                """,
                logger: logger
            )
            try await connection.query(
                """
                DELETE FROM snapshots WHERE sequence NOT IN (
                    SELECT sequence FROM snapshots ORDER BY sequence DESC LIMIT \(StoreQueries.retainedSnapshots))
                """,
                logger: logger
            )
        }
    }

    /// The snapshot with the highest sequence, if any.
    public func latestSnapshot() async throws -> StoredSnapshot? {
        try await withClient { client in
            let rows = try await client.query(
                "SELECT sequence, state FROM snapshots ORDER BY sequence DESC LIMIT 1", logger: logger
            )
            var latest: StoredSnapshot?
            for try await (sequence, state) in rows.decode((Int64, ByteBuffer).self) {
                guard let sequence = UInt64(exactly: sequence) else {
                    throw StoreError.corrupt("snapshot at sequence \(sequence)")
                }
                latest = StoredSnapshot(sequence: sequence, bytes: Array(state.readableBytesView))
            }
            return latest
        }
    }

    /// The sequences of the kept snapshots, newest first (for tests and diagnostics: the protocol only reads
    /// the newest).
    func snapshotSequences() async throws -> [UInt64] {
        try await withClient { client in
            let rows = try await client.query("SELECT sequence FROM snapshots ORDER BY sequence DESC", logger: logger)
            var sequences: [UInt64] = []
            for try await sequence in rows.decode(Int64.self) { sequences.append(UInt64(sequence)) }
            return sequences
        }
    }
}
