/// What an account may order in one market (`GET /v1/orders/chance`): the fees, the order types, the
/// minimum and maximum totals, and the account's balances of the market's two currencies.
///
/// Rates and amounts are the API's decimal strings, as given.
public struct OrderChance: Decodable, Hashable, Sendable {
    /// The fee rate of a buy that takes liquidity (`"0.0005"` is 0.05 %).
    public var bidFee: String
    /// The fee rate of a sell that takes liquidity.
    public var askFee: String
    /// The fee rate of a buy that rested in the book.
    public var makerBidFee: String
    /// The fee rate of a sell that rested in the book.
    public var makerAskFee: String
    /// The market's order rules.
    public var market: Rules
    /// The account's balance of the quote currency (what a buy spends).
    public var bidAccount: AccountBalance
    /// The account's balance of the base currency (what a sell spends).
    public var askAccount: AccountBalance

    /// The order rules of one market.
    public struct Rules: Decodable, Hashable, Sendable {
        /// The market code, e.g. `KRW-BTC`.
        public var id: String
        /// The buy order types, e.g. `limit`, `limit_ioc`, `price`, `best_fok`.
        public var bidTypes: [String]
        /// The sell order types, e.g. `limit`, `limit_fok`, `market`, `best_ioc`.
        public var askTypes: [String]
        /// The currency and minimum total of a buy.
        public var bid: SideRule
        /// The currency and minimum total of a sell.
        public var ask: SideRule
        /// The largest order total, in the quote currency.
        public var maxTotal: String
        /// `active` while the market trades.
        public var state: String

        enum CodingKeys: String, CodingKey {
            case id, bid, ask, state
            case bidTypes = "bid_types"
            case askTypes = "ask_types"
            case maxTotal = "max_total"
        }
    }

    /// The currency one side of a market spends and the smallest total it may order.
    public struct SideRule: Decodable, Hashable, Sendable {
        /// The currency's code as listed (`KRW`, `BTC`), upper case.
        public var currency: String
        /// The smallest order total, in the quote currency (`"5000"` in KRW markets).
        public var minTotal: String

        enum CodingKeys: String, CodingKey {
            case currency
            case minTotal = "min_total"
        }
    }

    enum CodingKeys: String, CodingKey {
        case market
        case bidFee = "bid_fee"
        case askFee = "ask_fee"
        case makerBidFee = "maker_bid_fee"
        case makerAskFee = "maker_ask_fee"
        case bidAccount = "bid_account"
        case askAccount = "ask_account"
    }
}
