import GRDB

/// What a client keeps on the device between runs, in one SQLite file: the user's favourites and the
/// candles it has loaded, so a chart opens at once from the cache and is then revalidated from the server.
public final class ClientCache: Sendable {
    private let database: DatabaseQueue

    /// The cache in the SQLite file at `path` (created if missing), or in memory when `path` is `nil`.
    public init(path: String?) throws {
        database = try path.map { try DatabaseQueue(path: $0) } ?? DatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-favourites-and-candles") { db in
            try db.execute(
                sql: """
                    CREATE TABLE favourites (code TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                    CREATE TABLE candles (
                        market TEXT NOT NULL,
                        interval TEXT NOT NULL,
                        start_ms INTEGER NOT NULL,
                        open REAL NOT NULL,
                        high REAL NOT NULL,
                        low REAL NOT NULL,
                        close REAL NOT NULL,
                        volume REAL NOT NULL,
                        value REAL NOT NULL,
                        last_trade_ms INTEGER NOT NULL,
                        PRIMARY KEY (market, interval, start_ms)
                    ) WITHOUT ROWID;
                    """)
        }
        try migrator.migrate(database)
    }

    // MARK: - Favourites

    /// The saved favourites.
    public func favourites() throws -> Set<String> {
        try database.read { db in Set(try String.fetchAll(db, sql: "SELECT code FROM favourites")) }
    }

    /// Replaces the saved favourites with `codes`.
    public func saveFavourites(_ codes: Set<String>) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM favourites")
            for code in codes.sorted() {
                try db.execute(sql: "INSERT INTO favourites (code) VALUES (?)", arguments: [code])
            }
        }
    }

    // MARK: - Candles

    /// The newest `limit` cached candles of `market` at `interval`, oldest first.
    public func candles(_ market: String, _ interval: CandleInterval, limit: Int = 200) throws -> [Candle] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT start_ms, open, high, low, close, volume, value, last_trade_ms FROM candles
                    WHERE market = ? AND interval = ? ORDER BY start_ms DESC LIMIT ?
                    """,
                arguments: [market, interval.label, limit]
            ).reversed().map { row in
                Candle(
                    start: row[0], open: row[1], high: row[2], low: row[3], close: row[4], volume: row[5],
                    value: row[6], lastTrade: row[7])
            }
        }
    }

    /// Stores `candles` of `market` at `interval`, replacing cached ones with the same start.
    public func save(_ candles: [Candle], _ market: String, _ interval: CandleInterval) throws {
        try database.write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO candles
                        (market, interval, start_ms, open, high, low, close, volume, value, last_trade_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for candle in candles {
                try statement.execute(arguments: [
                    market, interval.label, candle.start, candle.open, candle.high, candle.low, candle.close,
                    candle.volume, candle.value, candle.lastTrade,
                ])
            }
        }
    }
}
