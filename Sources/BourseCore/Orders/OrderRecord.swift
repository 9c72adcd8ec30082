/// Everything Upbit's order object says about one order (reference §3.4), kept up to date from the
/// engine's events by ``OrderTracker`` and stored by the shells after every change.
///
/// Amounts are the engine's integers. Optional fields are the ones Upbit omits: `price` for market sells,
/// `volume` and `remainingVolume` for orders that spend a total (`price` orders and `best` bids).
public struct OrderRecord: Hashable, Codable, Sendable {
    /// The order's id.
    public var id: OrderID
    /// Its owner.
    public var account: AccountID
    /// Its market.
    public var market: MarketCode
    /// Buy or sell.
    public var side: Side
    /// Upbit's `ord_type`.
    public var type: OrderType
    /// The limit price, or the total to spend for `price` orders and `best` bids.
    public var price: Price?
    /// The volume asked for; `nil` for orders that spend a total.
    public var volume: Volume?
    /// Upbit's `time_in_force`, if given.
    public var timeInForce: TimeInForce?
    /// Upbit's `smp_type`, if given.
    public var selfTradePrevention: SelfTradePrevention?
    /// The client's `identifier`, if given.
    public var identifier: OrderIdentifier?
    /// `wait`, `done` or `cancel`.
    public var state: OrderState
    /// When the order was accepted.
    public var createdAt: Timestamp
    /// When it ended; `nil` while open.
    public var closedAt: Timestamp?
    /// Volume still open; `nil` for orders that spend a total.
    public var remainingVolume: Volume?
    /// Volume filled so far.
    public var executedVolume: Volume
    /// Funds traded so far.
    public var executedFunds: Funds
    /// The fee reserved inside the lock when the order was accepted (zero for asks).
    public var reservedFee: Funds
    /// Fees paid so far.
    public var paidFee: Funds
    /// What the order still locks (zero once closed).
    public var locked: Funds
    /// Volume removed by self-trade prevention.
    public var preventedVolume: Volume
    /// Lock released by self-trade prevention.
    public var preventedLocked: Funds
    /// How many fills the order had.
    public var tradesCount: Int

    /// A record; see each property.
    public init(
        id: OrderID, account: AccountID, market: MarketCode, side: Side, type: OrderType, price: Price?,
        volume: Volume?, timeInForce: TimeInForce?, selfTradePrevention: SelfTradePrevention?,
        identifier: OrderIdentifier?, state: OrderState, createdAt: Timestamp, closedAt: Timestamp?,
        remainingVolume: Volume?, executedVolume: Volume, executedFunds: Funds, reservedFee: Funds, paidFee: Funds,
        locked: Funds, preventedVolume: Volume, preventedLocked: Funds, tradesCount: Int
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
        self.state = state
        self.createdAt = createdAt
        self.closedAt = closedAt
        self.remainingVolume = remainingVolume
        self.executedVolume = executedVolume
        self.executedFunds = executedFunds
        self.reservedFee = reservedFee
        self.paidFee = paidFee
        self.locked = locked
        self.preventedVolume = preventedVolume
        self.preventedLocked = preventedLocked
        self.tradesCount = tradesCount
    }

    /// The record of a just-accepted order: state `wait`, nothing filled.
    public init(accepted: OrderAccepted) {
        let request = accepted.request
        let spendsTotal = request.type == .price || (request.type == .best && request.side == .bid)
        self.init(
            id: request.id, account: request.account, market: request.market, side: request.side, type: request.type,
            price: request.price, volume: spendsTotal ? nil : request.volume, timeInForce: request.timeInForce,
            selfTradePrevention: request.selfTradePrevention, identifier: request.identifier, state: .wait,
            createdAt: accepted.time, closedAt: nil, remainingVolume: spendsTotal ? nil : request.volume,
            executedVolume: .zero, executedFunds: .zero, reservedFee: accepted.reservedFee, paidFee: .zero,
            locked: accepted.locked, preventedVolume: .zero, preventedLocked: .zero, tradesCount: 0)
    }

    /// The part of ``reservedFee`` not yet paid while the order is open; zero once closed.
    public var remainingFee: Funds {
        guard state == .wait else { return .zero }
        return Funds(units: max(reservedFee.units - paidFee.units, 0))
    }
}
