/// One row of `GET /v1/accounts`: a currency's available and locked amounts (decimal strings).
public struct AccountBalance: Decodable, Hashable, Sendable {
    /// The currency (`KRW`, `BTC`).
    public var currency: String
    /// Available.
    public var balance: String
    /// Locked by open orders and unfinished withdrawals.
    public var locked: String
    /// The average buy price.
    public var avgBuyPrice: String

    enum CodingKeys: String, CodingKey {
        case currency, balance, locked
        case avgBuyPrice = "avg_buy_price"
    }
}

/// An order as the exchange API answers it, with the fields a client shows (decimal strings as given).
public struct OrderSummary: Decodable, Hashable, Sendable {
    /// The order's id.
    public var uuid: String
    /// `bid` or `ask`.
    public var side: String
    /// `limit`, `price`, `market`, `best`.
    public var ordType: String
    /// The limit price, if any.
    public var price: String?
    /// `wait`, `watch`, `done` or `cancel`.
    public var state: String
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: String
    /// The ordered volume, if any.
    public var volume: String?
    /// What is left of it.
    public var remainingVolume: String?
    /// What has executed.
    public var executedVolume: String
    /// When it was placed (KST, ISO 8601).
    public var createdAt: String
    /// The fee paid so far, in the quote currency.
    public var paidFee: String?
    /// The quote amount traded so far; only the order lists (open, closed) carry it.
    public var executedFunds: String?
    /// `ioc`, `fok` or `post_only`, if the order was placed with one.
    public var timeInForce: String?
    /// The client's own id for the order, if it was placed with one.
    public var identifier: String?

    enum CodingKeys: String, CodingKey {
        case uuid, side, price, state, market, volume, identifier
        case ordType = "ord_type"
        case remainingVolume = "remaining_volume"
        case executedVolume = "executed_volume"
        case createdAt = "created_at"
        case paidFee = "paid_fee"
        case executedFunds = "executed_funds"
        case timeInForce = "time_in_force"
    }
}

/// Upbit's `time_in_force` of a limit order: what happens to the part that does not trade on arrival.
public enum OrderTimeInForce: String, Sendable {
    /// Immediate or cancel: what trades at once trades, the rest is cancelled.
    case ioc
    /// Fill or kill: the whole volume trades at once, or the order is cancelled without trading.
    case fok
    /// Maker only: an order that would trade on arrival is cancelled instead.
    case postOnly = "post_only"
}

/// The state of a finished order, as `GET /v1/orders/closed` filters on it.
public enum ClosedOrderState: String, Sendable {
    /// Fully executed.
    case done
    /// Cancelled, possibly after partial fills (a market buy usually ends so, its dust cancelled).
    case cancel
}
