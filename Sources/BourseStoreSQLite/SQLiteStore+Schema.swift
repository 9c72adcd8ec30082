import GRDB

extension SQLiteStore {
    /// The schema's history. Never edit a registered migration; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-journal-snapshots-market-data") { db in
            try db.execute(
                sql: """
                    CREATE TABLE journal (
                        first_sequence INTEGER PRIMARY KEY,
                        last_sequence INTEGER NOT NULL,
                        entries BLOB NOT NULL
                    );
                    CREATE TABLE snapshots (
                        sequence INTEGER PRIMARY KEY,
                        taken_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
                        state BLOB NOT NULL
                    );
                    CREATE TABLE trades (
                        market TEXT NOT NULL,
                        sequential_id INTEGER NOT NULL,
                        sequence INTEGER NOT NULL,
                        time_ms INTEGER NOT NULL,
                        price INTEGER NOT NULL,
                        volume INTEGER NOT NULL,
                        funds INTEGER NOT NULL,
                        taker_side TEXT NOT NULL,
                        prev_close INTEGER NOT NULL,
                        PRIMARY KEY (market, sequential_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX trades_by_time ON trades (market, time_ms, sequential_id);
                    CREATE TABLE candles (
                        market TEXT NOT NULL,
                        unit TEXT NOT NULL,
                        start_ms INTEGER NOT NULL,
                        open INTEGER NOT NULL,
                        high INTEGER NOT NULL,
                        low INTEGER NOT NULL,
                        close INTEGER NOT NULL,
                        last_trade_ms INTEGER NOT NULL,
                        acc_trade_funds TEXT NOT NULL,
                        acc_trade_volume TEXT NOT NULL,
                        prev_close INTEGER NOT NULL,
                        PRIMARY KEY (market, unit, start_ms)
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }
}
