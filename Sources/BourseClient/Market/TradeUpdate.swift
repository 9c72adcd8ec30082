/// One trade, from `GET /v1/trades/ticks` or a WebSocket `trade` message.
public struct TradeUpdate: Hashable, Sendable {
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var code: String
    /// In the quote currency, as the server sent it (for display: the SDK does no money arithmetic).
    public var price: Double
    /// The base volume.
    public var volume: Double
    /// `true` if the taker sold (Upbit's `ask_bid: ASK`), `false` if it bought.
    public var isSell: Bool
    /// The trade time (Unix milliseconds).
    public var time: Int64
    /// The exchange's unique id of the trade.
    public var sequentialID: Int64

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(code: String, price: Double, volume: Double, isSell: Bool, time: Int64, sequentialID: Int64) {
        self.code = code
        self.price = price
        self.volume = volume
        self.isSell = isSell
        self.time = time
        self.sequentialID = sequentialID
    }
}

extension TradeUpdate: Decodable {
    /// Reads REST (`market`, `timestamp`) and WebSocket (`code`/`cd`, `trade_timestamp`/`ttms`) spellings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        let side: String = try container.value("ask_bid", "ab")
        self.init(
            code: try container.value("market", "code", "cd"), price: try container.value("trade_price", "tp"),
            volume: try container.value("trade_volume", "tv"), isSell: side == "ASK",
            time: try container.value("trade_timestamp", "ttms", "timestamp"),
            sequentialID: try container.value("sequential_id", "sid"))
    }
}
