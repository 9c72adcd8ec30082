public import BourseCore

/// Which orders of one account ``OrderStore/orders(_:)`` returns, and in which order.
///
/// Orders are sorted by id, which follows creation time (ids are handed out in journal order).
public struct OrderQuery: Hashable, Sendable {
    /// The owner; only their orders are returned.
    public var account: AccountID
    /// Only this market, if given.
    public var market: MarketCode?
    /// Only orders in one of these states.
    public var states: Set<OrderState>
    /// Only these orders, if given.
    public var ids: [OrderID]?
    /// Only the orders placed with these identifiers, if given.
    public var identifiers: [OrderIdentifier]?
    /// Only orders created at or after this time, if given.
    public var createdFrom: Timestamp?
    /// Only orders created at or before this time, if given.
    public var createdThrough: Timestamp?
    /// Newest first (`order_by=desc`, Upbit's default) or oldest first.
    public var newestFirst: Bool
    /// How many orders at most.
    public var limit: Int
    /// How many matching orders to skip first (for `page`).
    public var offset: Int

    /// A query; see each property.
    public init(
        account: AccountID, market: MarketCode? = nil, states: Set<OrderState> = Set(OrderState.allCases),
        ids: [OrderID]? = nil, identifiers: [OrderIdentifier]? = nil, createdFrom: Timestamp? = nil,
        createdThrough: Timestamp? = nil, newestFirst: Bool = true, limit: Int = 100, offset: Int = 0
    ) {
        self.account = account
        self.market = market
        self.states = states
        self.ids = ids
        self.identifiers = identifiers
        self.createdFrom = createdFrom
        self.createdThrough = createdThrough
        self.newestFirst = newestFirst
        self.limit = limit
        self.offset = offset
    }

    /// Whether `record` is selected (the filter every backend applies; the in-memory store uses it as is).
    public func matches(_ record: OrderRecord) -> Bool {
        record.account == account && (market.map { $0 == record.market } ?? true) && states.contains(record.state)
            && (ids.map { $0.contains(record.id) } ?? true)
            && (identifiers.map { list in record.identifier.map(list.contains) ?? false } ?? true)
            && (createdFrom.map { record.createdAt >= $0 } ?? true)
            && (createdThrough.map { record.createdAt <= $0 } ?? true)
    }
}
