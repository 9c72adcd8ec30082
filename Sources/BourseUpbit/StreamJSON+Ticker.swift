public import BourseCore
import BourseWire

extension StreamJSON {
    /// `ticker`: every field of the §6.4 ticker in its order.
    ///
    /// `market` supplies the fields Bourse keeps on the market rather than the ticker: `market_state` is
    /// `ACTIVE` (Bourse has no preview or delisted markets), `is_trading_suspended` is `true` only while the
    /// market refuses new orders, `delisting_date` is `null`, `market_warning` is `CAUTION` when the
    /// investment warning is raised and `NONE` otherwise. `ask_bid` is the last trade's taker side.
    /// Unlike REST there is no KST date or time.
    public static func ticker(
        _ ticker: TickerSnapshot, market: Market, keys: KeyStyle, stream: StreamType
    ) -> [UInt8] {
        let utc = ticker.tradeUTC
        var writer = JSONWriter(capacity: keys == .full ? 1_100 : 600)
        writer.beginObject()
        writer.key("type", "ty", keys)
        writer.string("ticker")
        writer.key("code", "cd", keys)
        writer.string(ticker.market)
        writer.key("opening_price", "op", keys)
        writer.number(ticker.openingPrice)
        writer.key("high_price", "hp", keys)
        writer.number(ticker.highPrice)
        writer.key("low_price", "lp", keys)
        writer.number(ticker.lowPrice)
        writer.key("trade_price", "tp", keys)
        writer.number(ticker.tradePrice)
        writer.key("prev_closing_price", "pcp", keys)
        writer.number(ticker.previousClose)
        writer.key("change", "c", keys)
        writer.string(ticker.change.rawValue)
        writer.key("change_price", "cp", keys)
        writer.number(ticker.changePrice)
        writer.key("signed_change_price", "scp", keys)
        writer.number(ticker.signedChangePrice)
        writer.key("change_rate", "cr", keys)
        writer.number(ticker.changeRate)
        writer.key("signed_change_rate", "scr", keys)
        writer.number(ticker.signedChangeRate)
        writer.key("trade_volume", "tv", keys)
        writer.number(ticker.tradeVolume)
        writer.key("acc_trade_volume", "atv", keys)
        writer.number(ticker.accTradeVolume)
        writer.key("acc_trade_volume_24h", "atv24h", keys)
        writer.number(ticker.accTradeVolume24h)
        writer.key("acc_trade_price", "atp", keys)
        writer.number(ticker.accTradeFunds)
        writer.key("acc_trade_price_24h", "atp24h", keys)
        writer.number(ticker.accTradeFunds24h)
        writer.key("trade_date", "tdt", keys)
        writer.string(utc, .compactDate)
        writer.key("trade_time", "ttm", keys)
        writer.string(utc, .compactTime)
        writer.key("trade_timestamp", "ttms", keys)
        writer.integer(ticker.tradeTime.milliseconds)
        writer.key("ask_bid", "ab", keys)
        writer.string(ticker.takerSide == .bid ? "BID" : "ASK")
        writer.key("acc_ask_volume", "aav", keys)
        writer.number(ticker.accAskVolume)
        writer.key("acc_bid_volume", "abv", keys)
        writer.number(ticker.accBidVolume)
        writer.key("highest_52_week_price", "h52wp", keys)
        writer.number(ticker.highest52WeekPrice)
        writer.key("highest_52_week_date", "h52wdt", keys)
        writer.string(ticker.highest52WeekDate, .date)
        writer.key("lowest_52_week_price", "l52wp", keys)
        writer.number(ticker.lowest52WeekPrice)
        writer.key("lowest_52_week_date", "l52wdt", keys)
        writer.string(ticker.lowest52WeekDate, .date)
        writer.key("market_state", "ms", keys)
        writer.string("ACTIVE")
        writer.key("is_trading_suspended", "its", keys)
        writer.bool(market.state == .suspended)
        writer.key("delisting_date", "dd", keys)
        writer.null()
        writer.key("market_warning", "mw", keys)
        writer.string(market.warning.warning ? "CAUTION" : "NONE")
        writer.key("timestamp", "tms", keys)
        writer.integer(ticker.timestamp.milliseconds)
        writer.streamType(stream, keys)
        writer.endObject()
        return writer.bytes
    }
}
