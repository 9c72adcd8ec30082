public import BourseCore
import BourseStore
import GRDB

extension SQLiteStore {
    static func insert(_ trades: [TradeRecord], _ db: Database) throws {
        var statement = try BulkStatement(
            db,
            sql: """
                INSERT INTO trades (market, sequential_id, sequence, time_ms, price, volume, funds, taker_side, \
                prev_close) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for trade in trades {
            statement.bind(trade.market.description)
            statement.bind(trade.sequentialID)
            statement.bind(Int64(trade.sequence))
            statement.bind(trade.time.milliseconds)
            statement.bind(trade.price.units)
            statement.bind(trade.volume.units)
            statement.bind(trade.funds.units)
            statement.bind(trade.takerSide.rawValue)
            statement.bind(trade.previousClose.units)
            try statement.execute()
        }
    }

    static func upsert(_ candles: [StoredCandle], _ db: Database) throws {
        var statement = try BulkStatement(
            db,
            sql: """
                INSERT OR REPLACE INTO candles (market, unit, start_ms, open, high, low, close, last_trade_ms, \
                acc_trade_funds, acc_trade_volume, prev_close) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for stored in candles {
            let candle = stored.candle
            statement.bind(stored.market.description)
            statement.bind(stored.unit.storageCode)
            statement.bind(candle.start.milliseconds)
            statement.bind(candle.open.units)
            statement.bind(candle.high.units)
            statement.bind(candle.low.units)
            statement.bind(candle.close.units)
            statement.bind(candle.lastTradeTime.milliseconds)
            statement.bind(String(candle.accTradeFunds.units))
            statement.bind(String(candle.accTradeVolume.units))
            statement.bind(candle.previousClose.units)
            try statement.execute()
        }
    }

    /// Candles before `before`, newest first (the primary key is the index).
    public func candles(
        _ market: MarketCode, unit: CandleUnit, before: Timestamp?, count: Int
    ) async throws
        -> [Candle]
    {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT start_ms, open, high, low, close, last_trade_ms, acc_trade_funds, acc_trade_volume, \
                    prev_close FROM candles WHERE market = ? AND unit = ? AND start_ms < ?
                    ORDER BY start_ms DESC LIMIT ?
                    """,
                arguments: [
                    market.description, unit.storageCode, before?.milliseconds ?? Int64.max,
                    StoreQueries.candleCount(count),
                ])
            return try rows.map(Self.candle)
        }
    }

    private static func candle(_ row: Row) throws -> Candle {
        let funds: String = row[6]
        let volume: String = row[7]
        guard let fundsUnits = Int128(funds), let volumeUnits = Int128(volume) else {
            throw StoreError.corrupt("candle totals '\(funds)', '\(volume)'")
        }
        var candle = Candle(
            start: Timestamp(milliseconds: row[0]), price: Price(units: row[1]), volume: Volume(units: 0),
            funds: Funds(units: 0), time: Timestamp(milliseconds: row[5]), previousClose: Price(units: row[8]))
        candle.high = Price(units: row[2])
        candle.low = Price(units: row[3])
        candle.close = Price(units: row[4])
        candle.accTradeFunds = FixedPointSum(units: fundsUnits)
        candle.accTradeVolume = FixedPointSum(units: volumeUnits)
        return candle
    }

    /// Trades in `from..<until` below `cursor`, newest first (served by the `(market, time_ms,
    /// sequential_id)` index).
    public func trades(
        _ market: MarketCode, from: Timestamp, until: Timestamp, before cursor: Int64?, count: Int
    )
        async throws -> [TradeRecord]
    {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT sequential_id, sequence, time_ms, price, volume, funds, taker_side, prev_close
                    FROM trades WHERE market = ? AND time_ms >= ? AND time_ms < ? AND sequential_id < ?
                    ORDER BY time_ms DESC, sequential_id DESC LIMIT ?
                    """,
                arguments: [
                    market.description, from.milliseconds, until.milliseconds, cursor ?? Int64.max,
                    StoreQueries.tradeCount(count),
                ])
            return try rows.map { row in
                let side: String = row[6]
                guard let takerSide = Side(rawValue: side) else { throw StoreError.corrupt("taker side '\(side)'") }
                let sequence: Int64 = row[1]
                return TradeRecord(
                    market: market, sequence: UInt64(sequence), sequentialID: row[0],
                    time: Timestamp(milliseconds: row[2]), price: Price(units: row[3]), volume: Volume(units: row[4]),
                    funds: Funds(units: row[5]), takerSide: takerSide, previousClose: Price(units: row[7]))
            }
        }
    }
}
