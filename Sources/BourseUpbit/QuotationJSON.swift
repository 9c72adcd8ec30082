public import BourseCore
import BourseWire

/// REST quotation bodies (§2). Each returns a complete JSON document.
///
/// Amounts are JSON numbers spelled exactly from their integers, with a fractional digit even when
/// integral (`102417000.0`), because clients parse quotation prices as floats (reference §0.2).
public enum QuotationJSON {
    /// `GET /v1/market/all`: array of `{market, korean_name, english_name}` plus, with `details`,
    /// `market_warning` (`NONE`/`CAUTION`) and `market_event` `{warning, caution{…5 keys}}`.
    public static func markets(_ markets: [Market], details: Bool) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + markets.count * (details ? 320 : 96))
        writer.beginArray()
        for market in markets {
            writer.beginObject()
            writer.key("market")
            writer.string(market.code)
            writer.key("korean_name")
            writer.string(market.koreanName)
            writer.key("english_name")
            writer.string(market.englishName)
            if details {
                writer.key("market_warning")
                writer.string(market.warning.warning ? "CAUTION" : "NONE")
                writer.key("market_event")
                writer.beginObject()
                writer.key("warning")
                writer.bool(market.warning.warning)
                writer.key("caution")
                writer.beginObject()
                for caution in MarketWarning.Caution.allCases {
                    writer.key(escaping: caution.rawValue)
                    writer.bool(market.warning.cautions.contains(caution))
                }
                writer.endObject()
                writer.endObject()
            }
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    /// `GET /v1/orderbook`: array of `{market, timestamp, total_ask_size, total_bid_size,
    /// orderbook_units[{ask_price, bid_price, ask_size, bid_size}], level}`.
    ///
    /// When one side has fewer levels than the other, its part of the deeper units is `0.0` price and
    /// `0.0` size: Upbit never omits a key, and clients (cryptofeed) skip levels whose price is zero.
    /// `level` is an integer-looking number when integral (`0`, `100000`), as Upbit prints it.
    public static func orderBooks(_ books: [OrderBookSnapshot]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + books.count * 4_096)
        writer.beginArray()
        for book in books {
            writer.beginObject()
            writer.key("market")
            writer.string(book.market)
            writer.key("timestamp")
            writer.integer(book.timestamp.milliseconds)
            writer.key("total_ask_size")
            writer.number(book.totalAskSize)
            writer.key("total_bid_size")
            writer.number(book.totalBidSize)
            writer.key("orderbook_units")
            writer.orderBookUnits(book, .full)
            writer.key("level")
            writer.number(book.level, alwaysFractional: false)
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    /// `GET /v1/orderbook/instruments`: `[{market, quote_currency, tick_size, supported_levels}]`, where
    /// `tick_size` and the levels are strings of plain decimals (`"1000"`, `"0.001"`).
    public static func instruments(_ instruments: [OrderBookInstrument]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + instruments.count * 192)
        writer.beginArray()
        for instrument in instruments {
            writer.beginObject()
            writer.key("market")
            writer.string(instrument.market)
            writer.key("quote_currency")
            writer.string(instrument.quoteCurrency)
            writer.key("tick_size")
            writer.decimalString(instrument.tickSize)
            writer.key("supported_levels")
            writer.beginArray()
            for level in instrument.supportedLevels { writer.decimalString(level) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    /// `GET /v1/trades/ticks`: array of `{market, trade_date_utc, trade_time_utc, timestamp, trade_price,
    /// trade_volume, prev_closing_price, change_price, ask_bid, sequential_id}`; `change_price` is signed.
    public static func trades(_ trades: [TradeRecord]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + trades.count * 256)
        writer.beginArray()
        for trade in trades {
            let utc = trade.utc
            writer.beginObject()
            writer.key("market")
            writer.string(trade.market)
            writer.key("trade_date_utc")
            writer.string(utc, .date)
            writer.key("trade_time_utc")
            writer.string(utc, .time)
            writer.key("timestamp")
            writer.integer(trade.time.milliseconds)
            writer.key("trade_price")
            writer.number(trade.price)
            writer.key("trade_volume")
            writer.number(trade.volume)
            writer.key("prev_closing_price")
            writer.number(trade.previousClose)
            writer.key("change_price")
            writer.number(trade.changePrice)
            writer.key("ask_bid")
            writer.string(trade.askBid)
            writer.key("sequential_id")
            writer.integer(trade.sequentialID)
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    /// Quotation error body `{"error":{"name":<status as integer>,"message":"…"}}` (§5.1).
    public static func error(status: Int, message: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 48 + message.utf8.count)
        writer.beginObject()
        writer.key("error")
        writer.beginObject()
        writer.key("name")
        writer.integer(status)
        writer.key("message")
        writer.string(message)
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    /// Exchange-style error body with a string name `{"error":{"name":"…","message":"…"}}` (§5.1).
    public static func error(name: String, message: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 48 + name.utf8.count + message.utf8.count)
        writer.beginObject()
        writer.key("error")
        writer.beginObject()
        writer.errorMembers(name: name, message: message)
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }
}
