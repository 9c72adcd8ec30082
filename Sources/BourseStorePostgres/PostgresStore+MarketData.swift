public import BourseCore
import BourseStore
import PostgresNIO

extension PostgresStore {
    /// Up to `count` (clamped to 1...200) candles of `market` and `unit` starting before `before`, newest first.
    public func candles(
        _ market: MarketCode, unit: CandleUnit, before: Timestamp?, count: Int
    ) async throws
        -> [Candle]
    {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT start_ms, open, high, low, close, last_trade_ms, acc_trade_funds, acc_trade_volume, prev_close
                FROM candles
                WHERE market = \(market.description) AND unit = \(unit.storageCode)
                  AND (\(before?.milliseconds)::bigint IS NULL OR start_ms < \(before?.milliseconds))
                ORDER BY start_ms DESC
                LIMIT \(StoreQueries.candleCount(count))
                """,
                logger: logger
            )
            var candles: [Candle] = []
            let columns = (Int64, Int64, Int64, Int64, Int64, Int64, String, String, Int64).self
            for try await row in rows.decode(columns) { candles.append(try CandleColumns.candle(row: row)) }
            return candles
        }
    }

    /// Up to `count` (clamped to 1...500) trades of `market` in `from..<until` with a `sequential_id` below
    /// `cursor`, newest first.
    public func trades(
        _ market: MarketCode, from: Timestamp, until: Timestamp, before cursor: Int64?, count: Int
    )
        async throws -> [TradeRecord]
    {
        try await withClient { client in
            let rows = try await client.query(
                """
                SELECT sequence, sequential_id, time_ms, price, volume, funds, taker_side, prev_close
                FROM trades
                WHERE market = \(market.description)
                  AND time_ms >= \(from.milliseconds) AND time_ms < \(until.milliseconds)
                  AND (\(cursor)::bigint IS NULL OR sequential_id < \(cursor))
                ORDER BY sequential_id DESC
                LIMIT \(StoreQueries.tradeCount(count))
                """,
                logger: logger
            )
            var trades: [TradeRecord] = []
            let columns = (Int64, Int64, Int64, Int64, Int64, Int64, String, Int64).self
            for try await row in rows.decode(columns) {
                trades.append(try TradeColumns.trade(market: market, row: row))
            }
            return trades
        }
    }
}
