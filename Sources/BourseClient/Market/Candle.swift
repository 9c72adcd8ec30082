/// One candle: open, high, low, close and what traded, starting at ``start``.
public struct Candle: Hashable, Sendable {
    /// The start, Unix milliseconds (UTC).
    public var start: Int64
    /// The first trade's price.
    public var open: Double
    /// The highest price.
    public var high: Double
    /// The lowest price.
    public var low: Double
    /// The last trade's price.
    public var close: Double
    /// Base volume traded.
    public var volume: Double
    /// Quote value traded.
    public var value: Double
    /// The time of the last trade in it (milliseconds).
    public var lastTrade: Int64

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(
        start: Int64, open: Double, high: Double, low: Double, close: Double, volume: Double, value: Double,
        lastTrade: Int64
    ) {
        self.start = start
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.value = value
        self.lastTrade = lastTrade
    }
}

extension Candle: Decodable {
    /// Reads a REST candle (`candle_date_time_utc`, `opening_price`, …, `timestamp`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        let time: String = try container.value("candle_date_time_utc")
        guard let start = CivilDate.milliseconds(time) else {
            throw DecodingError.dataCorruptedError(
                forKey: WireKey("candle_date_time_utc"), in: container, debugDescription: "not a candle time: \(time)")
        }
        self.init(
            start: start, open: try container.value("opening_price"), high: try container.value("high_price"),
            low: try container.value("low_price"), close: try container.value("trade_price"),
            volume: try container.value("candle_acc_trade_volume"),
            value: try container.value("candle_acc_trade_price"),
            lastTrade: try container.value("timestamp"))
    }
}
