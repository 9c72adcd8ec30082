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
        migrator.registerMigration("2-accounts-api-keys") { db in
            try db.execute(
                sql: """
                    CREATE TABLE accounts (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE,
                        created_ms INTEGER NOT NULL
                    );
                    CREATE TABLE api_keys (
                        access_key TEXT PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES accounts (id),
                        sealed_secret BLOB NOT NULL,
                        scopes TEXT NOT NULL,
                        allowed_ips TEXT,
                        expires_ms INTEGER,
                        created_ms INTEGER NOT NULL,
                        revoked_ms INTEGER
                    );
                    CREATE INDEX api_keys_by_account ON api_keys (account_id, created_ms);
                    """)
        }
        return migrator
    }
}
