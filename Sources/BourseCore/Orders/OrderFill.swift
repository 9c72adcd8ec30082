/// One order's side of a trade: what `GET /v1/order` lists under `trades`, and what `myOrder` reports
/// with state `trade`.
public struct OrderFill: Hashable, Codable, Sendable {
    /// The order that filled.
    public var order: OrderID
    /// Its owner.
    public var account: AccountID
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: MarketCode
    /// The trade's number in its market (``Trade/sequence``), which names the trade.
    public var tradeSequence: UInt64
    /// The order's side.
    public var side: Side
    /// The trade price.
    public var price: Price
    /// The traded volume.
    public var volume: Volume
    /// `price × volume`, rounded down.
    public var funds: Funds
    /// The fee this order paid on this fill.
    public var fee: Funds
    /// Whether this order was the resting one.
    public var isMaker: Bool
    /// Whether the trade's taker bought (Upbit's trade `trend`: `up` when a buyer took an ask).
    public var takerBought: Bool
    /// When the trade happened.
    public var time: Timestamp

    /// A fill; see each property.
    public init(
        order: OrderID, account: AccountID, market: MarketCode, tradeSequence: UInt64, side: Side, price: Price,
        volume: Volume, funds: Funds, fee: Funds, isMaker: Bool, takerBought: Bool, time: Timestamp
    ) {
        self.order = order
        self.account = account
        self.market = market
        self.tradeSequence = tradeSequence
        self.side = side
        self.price = price
        self.volume = volume
        self.funds = funds
        self.fee = fee
        self.isMaker = isMaker
        self.takerBought = takerBought
        self.time = time
    }

    /// Both sides of `trade`: the buyer's fill, then the seller's.
    public static func fills(of trade: Trade) -> [OrderFill] {
        Side.allCases.map { side in
            let isMaker = side != trade.takerSide
            return OrderFill(
                order: isMaker ? trade.makerOrder : trade.takerOrder,
                account: isMaker ? trade.makerAccount : trade.takerAccount, market: trade.market,
                tradeSequence: trade.sequence, side: side, price: trade.price, volume: trade.volume,
                funds: trade.funds, fee: isMaker ? trade.makerFee : trade.takerFee, isMaker: isMaker,
                takerBought: trade.takerSide == .bid, time: trade.time)
        }
    }
}
