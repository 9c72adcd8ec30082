import BourseCore
import BourseStore
import PostgresNIO

/// Trades as one array per column, to insert any number of them with one statement and a fixed number of
/// parameters (`unnest` turns the arrays back into rows).
struct TradeColumns {
    var markets: [String] = []
    var sequentialIDs: [Int64] = []
    var sequences: [Int64] = []
    var timesMilliseconds: [Int64] = []
    var prices: [Int64] = []
    var volumes: [Int64] = []
    var funds: [Int64] = []
    var takerSides: [String] = []
    var previousCloses: [Int64] = []

    /// The columns of `trades`.
    init(_ trades: [TradeRecord]) {
        for trade in trades {
            markets.append(trade.market.description)
            sequentialIDs.append(trade.sequentialID)
            sequences.append(Int64(trade.sequence))
            timesMilliseconds.append(trade.time.milliseconds)
            prices.append(trade.price.units)
            volumes.append(trade.volume.units)
            funds.append(trade.funds.units)
            takerSides.append(trade.takerSide.rawValue)
            previousCloses.append(trade.previousClose.units)
        }
    }

    /// Inserts every trade; a trade already stored (same market and `sequential_id`) fails the statement.
    var insertQuery: PostgresQuery {
        """
        INSERT INTO trades (market, sequential_id, sequence, time_ms, price, volume, funds, taker_side, prev_close)
        SELECT * FROM unnest(
            \(markets)::text[], \(sequentialIDs)::bigint[], \(sequences)::bigint[], \(timesMilliseconds)::bigint[],
            \(prices)::bigint[], \(volumes)::bigint[], \(funds)::bigint[], \(takerSides)::text[],
            \(previousCloses)::bigint[])
        """
    }

    /// The trade a row of `SELECT sequence, sequential_id, time_ms, price, volume, funds, taker_side,
    /// prev_close` describes.
    static func trade(
        market: MarketCode, row: (Int64, Int64, Int64, Int64, Int64, Int64, String, Int64)
    ) throws -> TradeRecord {
        let (sequence, sequentialID, time, price, volume, funds, takerSide, previousClose) = row
        guard let side = Side(rawValue: takerSide), let sequence = UInt64(exactly: sequence) else {
            throw StoreError.corrupt("trade \(sequentialID) of \(market) has side \(takerSide), sequence \(sequence)")
        }
        return TradeRecord(
            market: market, sequence: sequence, sequentialID: sequentialID, time: Timestamp(milliseconds: time),
            price: Price(units: price), volume: Volume(units: volume), funds: Funds(units: funds), takerSide: side,
            previousClose: Price(units: previousClose)
        )
    }
}
