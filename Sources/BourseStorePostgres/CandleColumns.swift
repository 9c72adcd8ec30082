import BourseCore
import BourseStore
import PostgresNIO

/// Candles as one array per column, to upsert any number of them with one statement (see ``TradeColumns``).
struct CandleColumns {
    var markets: [String] = []
    var units: [String] = []
    var startsMilliseconds: [Int64] = []
    var opens: [Int64] = []
    var highs: [Int64] = []
    var lows: [Int64] = []
    var closes: [Int64] = []
    var lastTradesMilliseconds: [Int64] = []
    var accTradeFunds: [String] = []
    var accTradeVolumes: [String] = []
    var previousCloses: [Int64] = []

    /// The columns of `candles`, keeping only the last of several with the same market, unit and start
    /// (one statement cannot update a row twice; the last is the one a sequence of upserts would leave).
    init(_ candles: [StoredCandle]) {
        var seen: Set<Key> = []
        for stored in candles.reversed() where seen.insert(Key(stored)).inserted {
            let candle = stored.candle
            markets.append(stored.market.description)
            units.append(stored.unit.storageCode)
            startsMilliseconds.append(candle.start.milliseconds)
            opens.append(candle.open.units)
            highs.append(candle.high.units)
            lows.append(candle.low.units)
            closes.append(candle.close.units)
            lastTradesMilliseconds.append(candle.lastTradeTime.milliseconds)
            accTradeFunds.append(String(candle.accTradeFunds.units))
            accTradeVolumes.append(String(candle.accTradeVolume.units))
            previousCloses.append(candle.previousClose.units)
        }
    }

    /// Inserts every candle, replacing the stored one with the same market, unit and start.
    var upsertQuery: PostgresQuery {
        """
        INSERT INTO candles (market, unit, start_ms, open, high, low, close, last_trade_ms, acc_trade_funds,
                             acc_trade_volume, prev_close)
        SELECT * FROM unnest(
            \(markets)::text[], \(units)::text[], \(startsMilliseconds)::bigint[], \(opens)::bigint[],
            \(highs)::bigint[], \(lows)::bigint[], \(closes)::bigint[], \(lastTradesMilliseconds)::bigint[],
            \(accTradeFunds)::text[], \(accTradeVolumes)::text[], \(previousCloses)::bigint[])
        ON CONFLICT (market, unit, start_ms) DO UPDATE SET
            open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
            last_trade_ms = excluded.last_trade_ms, acc_trade_funds = excluded.acc_trade_funds,
            acc_trade_volume = excluded.acc_trade_volume, prev_close = excluded.prev_close
        """
    }

    /// The candle a row of `SELECT start_ms, open, high, low, close, last_trade_ms, acc_trade_funds,
    /// acc_trade_volume, prev_close` describes.
    static func candle(row: (Int64, Int64, Int64, Int64, Int64, Int64, String, String, Int64)) throws -> Candle {
        let (start, open, high, low, close, lastTrade, funds, volume, previousClose) = row
        guard let fundsUnits = Int128(funds), let volumeUnits = Int128(volume) else {
            throw StoreError.corrupt("candle at \(start) ms has totals \(funds) and \(volume)")
        }
        var candle = Candle(
            start: Timestamp(milliseconds: start), price: Price(units: open), volume: Volume(units: 0),
            funds: Funds(units: 0), time: Timestamp(milliseconds: lastTrade), previousClose: Price(units: previousClose)
        )
        candle.high = Price(units: high)
        candle.low = Price(units: low)
        candle.close = Price(units: close)
        candle.accTradeFunds = FixedPointSum(units: fundsUnits)
        candle.accTradeVolume = FixedPointSum(units: volumeUnits)
        return candle
    }

    private struct Key: Hashable {
        var market: MarketCode
        var unit: CandleUnit
        var start: Timestamp

        init(_ stored: StoredCandle) {
            market = stored.market
            unit = stored.unit
            start = stored.candle.start
        }
    }
}
