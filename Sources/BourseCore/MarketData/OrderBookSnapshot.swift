/// A view of a book as `GET /v1/orderbook` and the orderbook stream report it (reference §2.4).
///
/// Up to 30 levels per side, best first: asks ascending, bids descending. With a grouping ``level``
/// (Upbit's 호가 모아보기) prices are gathered into buckets of that size and their volumes summed: **asks
/// round up** to their bucket and **bids round down**, so a bucket never shows a price better than the
/// orders in it (an ask at 100,050,000 is offered "at 100,100,000 or better"). Which levels a market
/// supports is ``OrderBookInstrument``'s business.
public struct OrderBookSnapshot: Hashable, Sendable {
    /// The most levels per side Upbit returns.
    public static let maximumDepth = 30

    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: MarketCode
    /// When the snapshot was taken (`timestamp`).
    public var timestamp: Timestamp
    /// The grouping unit applied; zero for the native tick (`level`).
    public var level: Price
    /// Asks, lowest first.
    public var asks: [OrderBookLevel]
    /// Bids, highest first.
    public var bids: [OrderBookLevel]

    /// A view of the engine's levels (best first, as ``MatchingEngine/depth(_:levels:)`` gives them).
    ///
    /// `depth` is clamped to 1...30. `level` zero keeps native prices; a positive `level` groups them. Pass
    /// enough native levels to fill `depth` buckets (all of them when grouping); grouping stops reading a
    /// side once it has `depth` buckets.
    public init(
        market: MarketCode, asks: some Sequence<BookLevel>, bids: some Sequence<BookLevel>, level: Price = .zero,
        depth: Int = maximumDepth, timestamp: Timestamp
    ) {
        precondition(level.units >= 0, "a grouping level cannot be negative")
        let depth = min(max(depth, 1), Self.maximumDepth)
        self.market = market
        self.timestamp = timestamp
        self.level = level
        self.asks = Self.group(asks, level: level, roundingUp: true, depth: depth)
        self.bids = Self.group(bids, level: level, roundingUp: false, depth: depth)
    }

    /// Sizes of the returned asks, summed (`total_ask_size`).
    public var totalAskSize: FixedPointSum<Volume> { Self.total(asks) }

    /// Sizes of the returned bids, summed (`total_bid_size`).
    public var totalBidSize: FixedPointSum<Volume> { Self.total(bids) }

    /// Asks and bids paired best with best (`orderbook_units`).
    public var units: [OrderBookUnit] {
        (0..<max(asks.count, bids.count)).map { index in
            OrderBookUnit(ask: index < asks.count ? asks[index] : nil, bid: index < bids.count ? bids[index] : nil)
        }
    }

    private static func total(_ levels: [OrderBookLevel]) -> FixedPointSum<Volume> {
        levels.reduce(into: FixedPointSum()) { $0.add($1.size) }
    }

    /// Best-first native levels gathered into at most `depth` buckets of `level` (native when zero).
    private static func group(
        _ levels: some Sequence<BookLevel>, level: Price, roundingUp: Bool, depth: Int
    ) -> [OrderBookLevel] {
        var result: [OrderBookLevel] = []
        result.reserveCapacity(depth)
        for native in levels {
            let price = bucket(native.price, level: level, roundingUp: roundingUp)
            if let last = result.indices.last, result[last].price == price {
                result[last].size.add(native.volume)
                continue
            }
            guard result.count < depth else { break }
            result.append(OrderBookLevel(price: price, size: FixedPointSum(native.volume)))
        }
        return result
    }

    /// The bucket of `price`: a multiple of `level`, rounded up for asks and down for bids.
    private static func bucket(_ price: Price, level: Price, roundingUp: Bool) -> Price {
        guard level.units > 0 else { return price }
        let below = price.units - price.units % level.units
        return Price(units: roundingUp && below != price.units ? below + level.units : below)
    }
}
