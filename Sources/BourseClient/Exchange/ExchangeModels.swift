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
    /// The market.
    public var market: String
    /// The ordered volume, if any.
    public var volume: String?
    /// What is left of it.
    public var remainingVolume: String?
    /// What has executed.
    public var executedVolume: String
    /// When it was placed (KST, ISO 8601).
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
        case uuid, side, price, state, market, volume
        case ordType = "ord_type"
        case remainingVolume = "remaining_volume"
        case executedVolume = "executed_volume"
        case createdAt = "created_at"
    }
}
