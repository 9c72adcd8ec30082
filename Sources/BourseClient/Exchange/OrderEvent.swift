/// One change of one of the account's orders, from the private socket's `myOrder` message: placed
/// (`wait`), filled in part or whole (`trade`, one per fill), finished (`done`) or cancelled (`cancel`).
///
/// Prices and volumes are JSON numbers on this socket, read as `Double` as the public stream's are: they
/// are for display and for finding a fill on the trade tape, never for money arithmetic (the REST API's
/// decimal strings are for that).
public struct OrderEvent: Hashable, Sendable {
    /// The market, quote first (`KRW-BTC`).
    public var code: String
    /// The order's id (as ``OrderSummary/uuid``).
    public var uuid: String
    /// Buy or sell.
    public var side: OrderSide
    /// Upbit's state: `wait`, `watch`, `trade` (a fill happened), `done`, `cancel` or `prevented`.
    public var state: String
    /// The fill's id when ``state`` is `trade`.
    public var tradeUUID: String?
    /// The fill's price when ``state`` is `trade`, else the order's (nil for a market order).
    public var price: Double?
    /// The fill's volume when ``state`` is `trade`, else the order's (nil for a market buy).
    public var volume: Double?
    /// When the fill happened (Unix milliseconds), for a `trade`; the trade tape shows the same time.
    public var tradeTime: Int64?
    /// Whether the fill rested on the book (nil unless a `trade`).
    public var isMaker: Bool?
    /// When the server sent the event (Unix milliseconds).
    public var time: Int64

    /// Whether this event is a fill.
    public var isFill: Bool { state == "trade" }

    /// Builds it from exactly these parts.
    public init(
        code: String, uuid: String, side: OrderSide, state: String, tradeUUID: String? = nil, price: Double? = nil,
        volume: Double? = nil, tradeTime: Int64? = nil, isMaker: Bool? = nil, time: Int64
    ) {
        self.code = code
        self.uuid = uuid
        self.side = side
        self.state = state
        self.tradeUUID = tradeUUID
        self.price = price
        self.volume = volume
        self.tradeTime = tradeTime
        self.isMaker = isMaker
        self.time = time
    }
}

extension OrderEvent: Decodable {
    /// Reads the DEFAULT (`trade_timestamp`) and SIMPLE (`ttms`) spellings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        let side: String = try container.value("ask_bid", "ab")
        self.init(
            code: try container.value("code", "cd"), uuid: try container.value("uuid", "uid"),
            side: side == "ASK" ? .ask : .bid, state: try container.value("state", "s"),
            tradeUUID: try container.optionalValue("trade_uuid", "tuid"),
            price: try container.optionalValue("price", "p"),
            volume: try container.optionalValue("volume", "v"),
            tradeTime: try container.optionalValue("trade_timestamp", "ttms"),
            isMaker: try container.optionalValue("is_maker", "im"), time: try container.value("timestamp", "tms"))
    }
}
