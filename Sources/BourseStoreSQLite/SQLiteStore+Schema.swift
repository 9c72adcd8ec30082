import GRDB

extension SQLiteStore {
    /// The order history's tables: migration 3 made them in the journal's database; the orders database
    /// (``ordersMigrator``) has the same ones since order records moved there. One text for both, so they
    /// cannot drift.
    static let orderTables = """
        CREATE TABLE orders (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL,
            market TEXT NOT NULL,
            side TEXT NOT NULL,
            ord_type TEXT NOT NULL,
            price INTEGER,
            volume INTEGER,
            time_in_force TEXT,
            smp_type TEXT,
            identifier TEXT,
            state TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            closed_ms INTEGER,
            remaining_volume INTEGER,
            executed_volume INTEGER NOT NULL,
            executed_funds INTEGER NOT NULL,
            reserved_fee INTEGER NOT NULL,
            paid_fee INTEGER NOT NULL,
            locked INTEGER NOT NULL,
            prevented_volume INTEGER NOT NULL,
            prevented_locked INTEGER NOT NULL,
            trades_count INTEGER NOT NULL
        );
        CREATE INDEX orders_by_account ON orders (account_id, state, id);
        CREATE INDEX orders_by_identifier ON orders (account_id, identifier) WHERE identifier IS NOT NULL;
        CREATE TABLE order_fills (
            order_id INTEGER NOT NULL,
            trade_sequence INTEGER NOT NULL,
            account_id INTEGER NOT NULL,
            market TEXT NOT NULL,
            side TEXT NOT NULL,
            price INTEGER NOT NULL,
            volume INTEGER NOT NULL,
            funds INTEGER NOT NULL,
            fee INTEGER NOT NULL,
            is_maker INTEGER NOT NULL,
            taker_bought INTEGER NOT NULL,
            time_ms INTEGER NOT NULL,
            PRIMARY KEY (order_id, trade_sequence)
        ) WITHOUT ROWID;
        """

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
        migrator.registerMigration("3-orders-fills") { db in
            try db.execute(sql: orderTables)
        }
        migrator.registerMigration("4-deposits") { db in
            try db.execute(
                sql: """
                    CREATE TABLE deposits (
                        id INTEGER NOT NULL,
                        account_id INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        amount INTEGER NOT NULL,
                        time_ms INTEGER NOT NULL,
                        PRIMARY KEY (id, account_id, currency)
                    ) WITHOUT ROWID;
                    CREATE INDEX deposits_by_account ON deposits (account_id, id);
                    """)
        }
        // Deposits and withdrawals in one table (kind 0 deposit, 1 withdrawal), with the states, chains and
        // txids of coin transfers; the deposits so far move over as accepted deposits. Addresses: deposit
        // addresses made for an account (kind 0) and withdrawal addresses it registered (kind 1).
        migrator.registerMigration("5-transfers") { db in
            try db.execute(
                sql: """
                    CREATE TABLE transfers (
                        kind INTEGER NOT NULL,
                        id INTEGER NOT NULL,
                        account_id INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        net_type TEXT,
                        amount INTEGER NOT NULL,
                        fee INTEGER NOT NULL,
                        state TEXT NOT NULL,
                        txid TEXT,
                        address TEXT,
                        memo TEXT,
                        internal INTEGER NOT NULL,
                        created_ms INTEGER NOT NULL,
                        done_ms INTEGER,
                        PRIMARY KEY (kind, id)
                    ) WITHOUT ROWID;
                    CREATE INDEX transfers_by_account ON transfers (account_id, kind, created_ms, id);
                    INSERT INTO transfers
                        SELECT 0, id, account_id, currency, NULL, amount, 0, 'ACCEPTED', NULL, NULL, NULL, 0, time_ms,
                            time_ms
                        FROM deposits;
                    DROP TABLE deposits;
                    CREATE TABLE wallet_addresses (
                        kind INTEGER NOT NULL,
                        account_id INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        net_type TEXT NOT NULL,
                        address TEXT NOT NULL,
                        memo TEXT,
                        created_ms INTEGER NOT NULL,
                        PRIMARY KEY (kind, account_id, currency, net_type, address)
                    ) WITHOUT ROWID;
                    CREATE INDEX wallet_addresses_by_address ON wallet_addresses (kind, net_type, address);
                    """)
        }
        migrator.registerMigration("6-order-log") { db in try moveOrdersToLog(db) }
        // Sign-in for the auction house: a bcrypt hash per account that has a password, and sessions by the
        // SHA-256 of their token; the descriptions of uploaded photos (the bytes are files named by SHA-256); listings' words and
        // photos, and watchlists.
        migrator.registerMigration("7-users-sessions") { db in
            try db.execute(
                sql: """
                    ALTER TABLE accounts ADD COLUMN password_hash TEXT;
                    CREATE TABLE sessions (
                        token_hash BLOB PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES accounts (id),
                        created_ms INTEGER NOT NULL,
                        expires_ms INTEGER NOT NULL,
                        revoked_ms INTEGER
                    ) WITHOUT ROWID;
                    CREATE INDEX sessions_by_account ON sessions (account_id);
                    CREATE TABLE photos (
                        id INTEGER PRIMARY KEY,
                        owner_id INTEGER NOT NULL REFERENCES accounts (id),
                        content_type TEXT NOT NULL,
                        width INTEGER NOT NULL,
                        height INTEGER NOT NULL,
                        byte_count INTEGER NOT NULL,
                        sha256 TEXT NOT NULL,
                        created_ms INTEGER NOT NULL
                    );
                    CREATE TABLE listings (
                        item_id INTEGER PRIMARY KEY,
                        seller_id INTEGER NOT NULL REFERENCES accounts (id),
                        title TEXT NOT NULL,
                        description TEXT NOT NULL,
                        category TEXT NOT NULL,
                        photo_ids TEXT NOT NULL,
                        created_ms INTEGER NOT NULL
                    );
                    CREATE TABLE watches (
                        item_id INTEGER NOT NULL,
                        account_id INTEGER NOT NULL REFERENCES accounts (id),
                        created_ms INTEGER NOT NULL,
                        PRIMARY KEY (item_id, account_id)
                    ) WITHOUT ROWID;
                    CREATE TABLE auction_bids (
                        item_id INTEGER NOT NULL,
                        sequence INTEGER NOT NULL,
                        bidder_id INTEGER NOT NULL,
                        price INTEGER NOT NULL,
                        is_leading INTEGER NOT NULL,
                        time_ms INTEGER NOT NULL,
                        PRIMARY KEY (item_id, sequence)
                    ) WITHOUT ROWID;
                    """)
        }
        // Chat (ADR 0014): messages by room and number in it; a client id is its author's, once a room.
        migrator.registerMigration("8-chat") { db in
            try db.execute(
                sql: """
                    CREATE TABLE chat_messages (
                        id INTEGER PRIMARY KEY,
                        room TEXT NOT NULL,
                        sequence INTEGER NOT NULL,
                        author_id INTEGER NOT NULL REFERENCES accounts (id),
                        text TEXT NOT NULL,
                        client_id TEXT NOT NULL,
                        posted_ms INTEGER NOT NULL,
                        UNIQUE (room, sequence),
                        UNIQUE (room, author_id, client_id)
                    );
                    """)
        }
        // Chat moderation (#19): deleted messages keep their row and number; rules per room (`*`: the house);
        // mutes and bans per item (0: the house); reports once per reporter and message; blocks; admins.
        migrator.registerMigration("9-chat-moderation") { db in
            try db.execute(
                sql: """
                    ALTER TABLE chat_messages ADD COLUMN deleted_ms INTEGER;
                    ALTER TABLE chat_messages ADD COLUMN deleted_by INTEGER;
                    CREATE TABLE chat_room_rules (
                        room TEXT PRIMARY KEY,
                        slow_mode_seconds INTEGER NOT NULL,
                        links_allowed INTEGER NOT NULL,
                        blocked_words TEXT NOT NULL,
                        set_by INTEGER NOT NULL,
                        set_ms INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE chat_sanctions (
                        scope INTEGER NOT NULL,
                        account_id INTEGER NOT NULL REFERENCES accounts (id),
                        kind TEXT NOT NULL,
                        until_ms INTEGER,
                        set_by INTEGER NOT NULL,
                        reason TEXT NOT NULL,
                        set_ms INTEGER NOT NULL,
                        PRIMARY KEY (scope, account_id, kind)
                    ) WITHOUT ROWID;
                    CREATE INDEX chat_sanctions_by_account ON chat_sanctions (account_id);
                    CREATE TABLE chat_reports (
                        id INTEGER PRIMARY KEY,
                        message_id INTEGER NOT NULL,
                        room TEXT NOT NULL,
                        reporter_id INTEGER NOT NULL REFERENCES accounts (id),
                        reason TEXT NOT NULL,
                        comment TEXT NOT NULL,
                        reported_ms INTEGER NOT NULL,
                        UNIQUE (message_id, reporter_id)
                    );
                    CREATE INDEX chat_reports_by_room ON chat_reports (room, id);
                    CREATE TABLE chat_blocks (
                        blocker_id INTEGER NOT NULL REFERENCES accounts (id),
                        blocked_id INTEGER NOT NULL REFERENCES accounts (id),
                        PRIMARY KEY (blocker_id, blocked_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX chat_blocks_by_blocked ON chat_blocks (blocked_id);
                    CREATE TABLE admins (account_id INTEGER PRIMARY KEY REFERENCES accounts (id));
                    """)
        }
        // Notifications (#19): each user's inbox, paged by id per account; unread ones counted by a partial index.
        migrator.registerMigration("10-notifications") { db in
            try db.execute(
                sql: """
                    CREATE TABLE notifications (
                        id INTEGER PRIMARY KEY,
                        account_id INTEGER NOT NULL REFERENCES accounts (id),
                        kind TEXT NOT NULL,
                        item_id INTEGER,
                        room TEXT,
                        text TEXT NOT NULL,
                        at_ms INTEGER NOT NULL,
                        read INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX notifications_by_account ON notifications (account_id, id);
                    CREATE INDEX notifications_unread ON notifications (account_id, id) WHERE read = 0;
                    """)
        }
        migrator.registerMigration("11-alerts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE alerts (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL REFERENCES accounts (id),
                        kind TEXT NOT NULL,
                        market TEXT,
                        item_id INTEGER,
                        line TEXT NOT NULL,
                        direction TEXT,
                        minutes INTEGER,
                        state TEXT NOT NULL DEFAULT 'active',
                        created_ms INTEGER NOT NULL,
                        ended_ms INTEGER
                    );
                    CREATE INDEX alerts_by_account ON alerts (account_id, id);
                    CREATE INDEX alerts_active ON alerts (id) WHERE state = 'active';
                    """)
        }
        migrator.registerMigration("12-chat-receipts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE chat_receipts (
                        room TEXT NOT NULL,
                        account_id INTEGER NOT NULL REFERENCES accounts (id),
                        message_id INTEGER NOT NULL,
                        at_ms INTEGER NOT NULL,
                        PRIMARY KEY (room, account_id)
                    ) WITHOUT ROWID;
                    """)
        }
        // Each notification's sentence in Korean beside the English one (#19); older entries have none.
        migrator.registerMigration("13-notification-korean") { db in
            try db.execute(sql: "ALTER TABLE notifications ADD COLUMN text_ko TEXT")
        }
        return migrator
    }
}
