public import BourseCore
import BourseWire

/// WebSocket message bodies (§6.4), one JSON object each; the LIST formats wrap them (see ``listed(_:)``).
///
/// Each message is encoded once per key style and the same bytes go to every subscriber of that format.
/// Keys follow the reference's order; `stream_type` is always last.
public enum StreamJSON {
    /// `{"status":"UP"}`, the answer to a `PING` text frame.
    public static let statusUp: [UInt8] = Array(#"{"status":"UP"}"#.utf8)

    /// `trade`: the §6.4 trade fields.
    ///
    /// `change` compares the price with ``BourseCore/TradeRecord/previousClose`` and `change_price` is the
    /// absolute difference (unlike `trades/ticks`, where it is signed). `best_*` describe the book right
    /// after the trade; a missing side is `0.0`. `timestamp` is the trade time too: the message is made as
    /// the trade happens.
    public static func trade(
        _ trade: TradeRecord, bestAsk: OrderBookLevel?, bestBid: OrderBookLevel?, keys: KeyStyle, stream: StreamType
    ) -> [UInt8] {
        let utc = trade.utc
        var writer = JSONWriter(capacity: keys == .full ? 520 : 320)
        writer.beginObject()
        writer.key("type", "ty", keys)
        writer.string("trade")
        writer.key("code", "cd", keys)
        writer.string(trade.market)
        writer.key("trade_price", "tp", keys)
        writer.number(trade.price)
        writer.key("trade_volume", "tv", keys)
        writer.number(trade.volume)
        writer.key("ask_bid", "ab", keys)
        writer.string(trade.askBid)
        writer.key("prev_closing_price", "pcp", keys)
        writer.number(trade.previousClose)
        writer.key("change", "c", keys)
        writer.string(PriceChange(from: trade.previousClose, to: trade.price).rawValue)
        writer.key("change_price", "cp", keys)
        writer.number(Price(units: abs(trade.changePrice.units)))
        writer.key("trade_date", "td", keys)
        writer.string(utc, .date)
        writer.key("trade_time", "ttm", keys)
        writer.string(utc, .time)
        writer.key("trade_timestamp", "ttms", keys)
        writer.integer(trade.time.milliseconds)
        writer.key("timestamp", "tms", keys)
        writer.integer(trade.time.milliseconds)
        writer.key("sequential_id", "sid", keys)
        writer.integer(trade.sequentialID)
        writer.key("best_ask_price", "bap", keys)
        writer.number(bestAsk?.price ?? .zero)
        writer.key("best_ask_size", "bas", keys)
        writer.number(bestAsk?.size ?? .zero)
        writer.key("best_bid_price", "bbp", keys)
        writer.number(bestBid?.price ?? .zero)
        writer.key("best_bid_size", "bbs", keys)
        writer.number(bestBid?.size ?? .zero)
        writer.streamType(stream, keys)
        writer.endObject()
        return writer.bytes
    }

    /// `orderbook`: the full top-N snapshot (every message, realtime too); `level` as a number (`0`).
    ///
    /// A side shorter than the other is padded with `0.0` price and size, as in ``QuotationJSON/orderBooks(_:)``.
    public static func orderBook(_ book: OrderBookSnapshot, keys: KeyStyle, stream: StreamType) -> [UInt8] {
        let rows = max(book.asks.count, book.bids.count)
        var writer = JSONWriter(capacity: 200 + rows * (keys == .full ? 110 : 80))
        writer.beginObject()
        writer.key("type", "ty", keys)
        writer.string("orderbook")
        writer.key("code", "cd", keys)
        writer.string(book.market)
        writer.key("total_ask_size", "tas", keys)
        writer.number(book.totalAskSize)
        writer.key("total_bid_size", "tbs", keys)
        writer.number(book.totalBidSize)
        writer.key("orderbook_units", "obu", keys)
        writer.orderBookUnits(book, keys)
        writer.key("timestamp", "tms", keys)
        writer.integer(book.timestamp.milliseconds)
        writer.key("level", "lv", keys)
        writer.number(book.level, alwaysFractional: false)
        writer.streamType(stream, keys)
        writer.endObject()
        return writer.bytes
    }

    /// `candle.1s`, `candle.1m`, …: the §6.4 candle fields; `type` comes from ``candleTypeName(_:)``.
    ///
    /// - Precondition: `unit` is one second or a minute length (the units Upbit streams).
    public static func candle(
        _ candle: Candle, market: MarketCode, unit: CandleUnit, keys: KeyStyle, stream: StreamType
    ) -> [UInt8] {
        guard let type = candleTypeName(unit) else { preconditionFailure("no candle stream for \(unit)") }
        var writer = JSONWriter(capacity: keys == .full ? 420 : 260)
        writer.beginObject()
        writer.key("type", "ty", keys)
        writer.string(type)
        writer.key("code", "cd", keys)
        writer.string(market)
        writer.key("candle_date_time_utc", "cdttmu", keys)
        writer.string(candle.startUTC, .dateTime)
        writer.key("candle_date_time_kst", "cdttmk", keys)
        writer.string(candle.startKST, .dateTime)
        writer.key("opening_price", "op", keys)
        writer.number(candle.open)
        writer.key("high_price", "hp", keys)
        writer.number(candle.high)
        writer.key("low_price", "lp", keys)
        writer.number(candle.low)
        writer.key("trade_price", "tp", keys)
        writer.number(candle.close)
        writer.key("candle_acc_trade_volume", "catv", keys)
        writer.number(candle.accTradeVolume)
        writer.key("candle_acc_trade_price", "catp", keys)
        writer.number(candle.accTradeFunds)
        writer.key("timestamp", "tms", keys)
        writer.integer(candle.lastTradeTime.milliseconds)
        writer.streamType(stream, keys)
        writer.endObject()
        return writer.bytes
    }

    /// `{"error":{"name":"WRONG_FORMAT","message":"…"}}`: a WebSocket error message.
    public static func error(name: String, message: String) -> [UInt8] {
        QuotationJSON.error(name: name, message: message)
    }

    /// A LIST format frame (`JSON_LIST`, `SIMPLE_LIST`): `[` + body + `]`.
    public static func listed(_ body: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(body.count + 2)
        frame.append(UInt8(ascii: "["))
        frame.append(contentsOf: body)
        frame.append(UInt8(ascii: "]"))
        return frame
    }

    /// The WebSocket type name of a candle unit (`candle.1s`, `candle.1m` … `candle.240m`); `nil` for a day
    /// and longer, which Upbit does not stream.
    public static func candleTypeName(_ unit: CandleUnit) -> String? {
        switch unit {
        case .second: "candle.1s"
        case .minute1: "candle.1m"
        case .minute3: "candle.3m"
        case .minute5: "candle.5m"
        case .minute10: "candle.10m"
        case .minute15: "candle.15m"
        case .minute30: "candle.30m"
        case .minute60: "candle.60m"
        case .minute240: "candle.240m"
        case .day, .week, .month, .year: nil
        }
    }
}
