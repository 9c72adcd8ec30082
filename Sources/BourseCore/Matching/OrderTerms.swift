/// Which side of the book an order is on, in Upbit's words.
public enum Side: String, Hashable, Codable, Sendable, CaseIterable {
    /// A buy: spends the quote currency, receives the base.
    case bid
    /// A sell: spends the base currency, receives the quote.
    case ask

    /// The side an order of this side trades against.
    public var opposite: Side { self == .bid ? .ask : .bid }
}

/// Upbit's `ord_type`.
public enum OrderType: String, Hashable, Codable, Sendable, CaseIterable {
    /// A limit order: `price` and `volume`.
    case limit
    /// A market buy for a total: `price` is the quote amount to spend, no `volume`.
    case price
    /// A market sell of a volume: `volume`, no `price`.
    case market
    /// A best-price order: a limit at the best opposite price, `ioc` or `fok` required. A bid gives its
    /// total in `price`; an ask gives `volume`.
    case best
}

/// Upbit's `time_in_force`.
public enum TimeInForce: String, Hashable, Codable, Sendable, CaseIterable {
    /// Immediate or cancel: fill what can be filled now, cancel the rest.
    case ioc
    /// Fill or kill: fill everything now or nothing at all.
    case fok
    /// Maker only: an order that would trade on arrival is cancelled instead.
    case postOnly = "post_only"
}

/// Upbit's `smp_type`: what happens when an order would trade with an order of the same account.
///
/// The incoming (taker) order's mode decides. Without one, ``cancelMaker`` applies, as Upbit announced,
/// so an account never trades with itself.
public enum SelfTradePrevention: String, Hashable, Codable, Sendable, CaseIterable {
    /// The resting order is cancelled; the incoming order goes on matching.
    case cancelMaker = "cancel_maker"
    /// The incoming order's remainder is cancelled; the resting order stays.
    case cancelTaker = "cancel_taker"
    /// Both orders shrink by the volume they would have traded; no trade happens.
    case reduce
}

/// An order as a client asks for it, after the wire layer has parsed it.
///
/// The engine checks the combination (``Rejection/createError(_:)``), so every field may be set here.
public struct OrderRequest: Hashable, Sendable {
    /// The new order's id.
    public var id: OrderID
    /// Whose it is: the ledger account, not the API key.
    public var account: AccountID
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: MarketCode
    /// Buy or sell.
    public var side: Side
    /// Upbit's `ord_type`.
    public var type: OrderType
    /// The limit price (`limit`), or the total to spend (`price`, and `best` bids).
    public var price: Price?
    /// The volume (`limit`, `market`, and `best` asks).
    public var volume: Volume?
    /// Upbit's `time_in_force`.
    public var timeInForce: TimeInForce?
    /// Upbit's `smp_type`; `nil` behaves as ``SelfTradePrevention/cancelMaker``.
    public var selfTradePrevention: SelfTradePrevention?
    /// The client's `identifier`, unique per account forever.
    public var identifier: OrderIdentifier?

    /// An order request; see each property.
    public init(
        id: OrderID, account: AccountID, market: MarketCode, side: Side, type: OrderType,
        price: Price? = nil, volume: Volume? = nil, timeInForce: TimeInForce? = nil,
        selfTradePrevention: SelfTradePrevention? = nil, identifier: OrderIdentifier? = nil
    ) {
        self.id = id
        self.account = account
        self.market = market
        self.side = side
        self.type = type
        self.price = price
        self.volume = volume
        self.timeInForce = timeInForce
        self.selfTradePrevention = selfTradePrevention
        self.identifier = identifier
    }

    /// A limit order.
    public static func limit(
        _ id: OrderID, _ account: AccountID, _ market: MarketCode, _ side: Side, price: Price, volume: Volume,
        timeInForce: TimeInForce? = nil, selfTradePrevention: SelfTradePrevention? = nil,
        identifier: OrderIdentifier? = nil
    ) -> OrderRequest {
        OrderRequest(
            id: id, account: account, market: market, side: side, type: .limit, price: price, volume: volume,
            timeInForce: timeInForce, selfTradePrevention: selfTradePrevention, identifier: identifier)
    }
}

extension OrderRequest {
    /// A market buy spending `total` of the quote currency (Upbit's `ord_type=price`; the total travels
    /// in the `price` field).
    public static func marketBuy(
        _ id: OrderID, _ account: AccountID, _ market: MarketCode, total: Funds
    ) -> OrderRequest {
        OrderRequest(
            id: id, account: account, market: market, side: .bid, type: .price, price: Price(units: total.units))
    }

    /// A market sell of `volume` (Upbit's `ord_type=market`).
    public static func marketSell(
        _ id: OrderID, _ account: AccountID, _ market: MarketCode, volume: Volume
    ) -> OrderRequest {
        OrderRequest(id: id, account: account, market: market, side: .ask, type: .market, volume: volume)
    }

    /// For `price` orders and `best` bids, the total to spend (the `price` field read as funds).
    public var total: Funds? { price.map { Funds(units: $0.units) } }
}

/// The new order of a cancel-and-replace (`orders/cancel_and_new`).
public struct ReplacementRequest: Hashable, Sendable {
    /// What the new order's volume is.
    public enum NewVolume: Hashable, Sendable {
        /// This volume.
        case volume(Volume)
        /// Whatever the cancelled order had left (`"remain_only"`).
        case remainOnly
    }

    /// The new order's id.
    public var id: OrderID
    /// The new order's `ord_type` (`limit` or `best`).
    public var type: OrderType
    /// The new price (limits); for a `best` bid, the total.
    public var price: Price?
    /// The new volume.
    public var volume: NewVolume?
    /// The new `time_in_force`.
    public var timeInForce: TimeInForce?
    /// The new `smp_type`.
    public var selfTradePrevention: SelfTradePrevention?
    /// The new `identifier`.
    public var identifier: OrderIdentifier?

    /// A replacement; see each property.
    public init(
        id: OrderID, type: OrderType = .limit, price: Price?, volume: NewVolume?,
        timeInForce: TimeInForce? = nil, selfTradePrevention: SelfTradePrevention? = nil,
        identifier: OrderIdentifier? = nil
    ) {
        self.id = id
        self.type = type
        self.price = price
        self.volume = volume
        self.timeInForce = timeInForce
        self.selfTradePrevention = selfTradePrevention
        self.identifier = identifier
    }
}
