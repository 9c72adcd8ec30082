public import BourseCore
import BourseWire

extension QuotationJSON {
    /// Candles of one endpoint (§2.7), in the order given (the server passes them newest first).
    ///
    /// Common fields `{market, candle_date_time_utc, candle_date_time_kst, opening_price, high_price,
    /// low_price, trade_price, timestamp, candle_acc_trade_price, candle_acc_trade_volume}`, then per unit:
    /// - minutes: `unit` (the minute length, an integer);
    /// - days: `prev_closing_price`, `change_price` and `change_rate` (both signed) and, when
    ///   `convertingPriceUnit`, `converted_trade_price` (the close for a KRW market, otherwise `null`:
    ///   Bourse has no exchange rates to convert with);
    /// - weeks, months, years: `first_day_of_period` (`yyyy-MM-dd`, UTC);
    /// - seconds: nothing.
    public static func candles(
        _ candles: [Candle], market: MarketCode, unit: CandleUnit, convertingPriceUnit: Bool = false
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + candles.count * 420)
        writer.beginArray()
        for candle in candles {
            let utc = candle.startUTC
            writer.beginObject()
            writer.key("market")
            writer.string(market)
            writer.key("candle_date_time_utc")
            writer.string(utc, .dateTime)
            writer.key("candle_date_time_kst")
            writer.string(candle.startKST, .dateTime)
            writer.key("opening_price")
            writer.number(candle.open)
            writer.key("high_price")
            writer.number(candle.high)
            writer.key("low_price")
            writer.number(candle.low)
            writer.key("trade_price")
            writer.number(candle.close)
            writer.key("timestamp")
            writer.integer(candle.lastTradeTime.milliseconds)
            writer.key("candle_acc_trade_price")
            writer.number(candle.accTradeFunds)
            writer.key("candle_acc_trade_volume")
            writer.number(candle.accTradeVolume)
            if let minutes = unit.minutes {
                writer.key("unit")
                writer.integer(minutes)
            } else if unit == .day {
                writer.key("prev_closing_price")
                writer.number(candle.previousClose)
                writer.key("change_price")
                writer.number(candle.changePrice)
                writer.key("change_rate")
                writer.number(candle.changeRate)
                if convertingPriceUnit {
                    writer.key("converted_trade_price")
                    if market.quoteCode == "KRW" { writer.number(candle.close) } else { writer.null() }
                }
            } else if unit.hasFirstDayOfPeriod {
                writer.key("first_day_of_period")
                writer.string(utc, .date)
            }
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }
}
