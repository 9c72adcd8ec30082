public import BourseCore
import BourseWire

extension QuotationJSON {
    /// `GET /v1/ticker` and `ticker/all`: array of ticker objects with every field of §2.3 in its order.
    ///
    /// `trade_date`/`trade_time` are the last trade's UTC `yyyyMMdd`/`HHmmss`, the `_kst` pair the same
    /// instant in KST; the 52-week dates are `yyyy-MM-dd`.
    public static func tickers(_ tickers: [TickerSnapshot]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + tickers.count * 900)
        writer.beginArray()
        for ticker in tickers {
            let utc = ticker.tradeUTC
            let kst = ticker.tradeKST
            writer.beginObject()
            writer.key("market")
            writer.string(ticker.market)
            writer.key("trade_date")
            writer.string(utc, .compactDate)
            writer.key("trade_time")
            writer.string(utc, .compactTime)
            writer.key("trade_date_kst")
            writer.string(kst, .compactDate)
            writer.key("trade_time_kst")
            writer.string(kst, .compactTime)
            writer.key("trade_timestamp")
            writer.integer(ticker.tradeTime.milliseconds)
            writer.key("opening_price")
            writer.number(ticker.openingPrice)
            writer.key("high_price")
            writer.number(ticker.highPrice)
            writer.key("low_price")
            writer.number(ticker.lowPrice)
            writer.key("trade_price")
            writer.number(ticker.tradePrice)
            writer.key("prev_closing_price")
            writer.number(ticker.previousClose)
            writer.key("change")
            writer.string(ticker.change.rawValue)
            writer.key("change_price")
            writer.number(ticker.changePrice)
            writer.key("change_rate")
            writer.number(ticker.changeRate)
            writer.key("signed_change_price")
            writer.number(ticker.signedChangePrice)
            writer.key("signed_change_rate")
            writer.number(ticker.signedChangeRate)
            writer.key("trade_volume")
            writer.number(ticker.tradeVolume)
            writer.key("acc_trade_price")
            writer.number(ticker.accTradeFunds)
            writer.key("acc_trade_price_24h")
            writer.number(ticker.accTradeFunds24h)
            writer.key("acc_trade_volume")
            writer.number(ticker.accTradeVolume)
            writer.key("acc_trade_volume_24h")
            writer.number(ticker.accTradeVolume24h)
            writer.key("highest_52_week_price")
            writer.number(ticker.highest52WeekPrice)
            writer.key("highest_52_week_date")
            writer.string(ticker.highest52WeekDate, .date)
            writer.key("lowest_52_week_price")
            writer.number(ticker.lowest52WeekPrice)
            writer.key("lowest_52_week_date")
            writer.string(ticker.lowest52WeekDate, .date)
            writer.key("timestamp")
            writer.integer(ticker.timestamp.milliseconds)
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }
}
