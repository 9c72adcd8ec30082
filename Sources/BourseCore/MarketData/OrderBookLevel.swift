/// One price of a book view and the volume resting there (native or grouped by a `level`).
public struct OrderBookLevel: Hashable, Sendable {
    /// The price (for a grouped view, the bucket's price).
    public var price: Price
    /// The volume at that price (for a grouped view, summed over the bucket).
    public var size: FixedPointSum<Volume>

    /// A level from its price and size.
    public init(price: Price, size: FixedPointSum<Volume>) {
        self.price = price
        self.size = size
    }

    /// The engine's level, without its order count.
    public init(_ level: BookLevel) {
        self.init(price: level.price, size: FixedPointSum(level.volume))
    }
}

/// One row of Upbit's `orderbook_units`: the n-th best ask beside the n-th best bid.
///
/// When one side has fewer levels than the other, its part of the deeper rows is `nil` (the wire layer
/// decides how to spell the gap).
public struct OrderBookUnit: Hashable, Sendable {
    /// The n-th lowest ask (`ask_price`, `ask_size`).
    public var ask: OrderBookLevel?
    /// The n-th highest bid (`bid_price`, `bid_size`).
    public var bid: OrderBookLevel?

    /// A row from its two sides.
    public init(ask: OrderBookLevel?, bid: OrderBookLevel?) {
        self.ask = ask
        self.bid = bid
    }
}
