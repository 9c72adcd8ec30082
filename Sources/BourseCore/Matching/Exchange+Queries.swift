/// An open (resting) order as the engine sees it.
public struct OpenOrder: Hashable, Sendable {
    /// The writer's id, unique for the life of the exchange.
    public var id: OrderID
    /// Its owner.
    public var account: AccountID
    /// Its market.
    public var market: MarketCode
    /// Its side.
    public var side: Side
    /// Its limit price.
    public var price: Price
    /// Volume still open.
    public var remaining: Volume
    /// Volume filled so far.
    public var executedVolume: Volume
    /// Funds traded so far.
    public var executedFunds: Funds
    /// Fees paid so far.
    public var paidFee: Funds
    /// What it still locks.
    public var locked: Funds
    /// Volume removed by self-trade prevention.
    public var preventedVolume: Volume
}

/// One price level of a book.
public struct BookLevel: Hashable, Sendable {
    /// The level's price.
    public var price: Price
    /// The total volume resting there.
    public var volume: Volume
    /// How many orders rest there.
    public var orderCount: Int
}

extension Exchange {
    /// The engine of `code`, if listed.
    public func engine(_ code: MarketCode) -> MatchingEngine? {
        marketSlots[code].map { engines[Int($0)] }
    }

    /// The open order `id`, if it rests in a book.
    public func openOrder(_ id: OrderID) -> OpenOrder? {
        guard let packed = index.value(for: id.rawValue) else { return nil }
        let engine = engines[Int(packed >> 32)]
        return engine.openOrder(at: Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF))
    }

    /// How many orders rest in all books.
    public var openOrderCount: Int { index.count }
}

extension MatchingEngine {
    func openOrder(at slot: Int32) -> OpenOrder {
        let order = book[slot]
        return OpenOrder(
            id: order.id, account: order.account, market: market.code, side: order.side,
            price: Price(units: order.price),
            remaining: Volume(units: order.remaining), executedVolume: Volume(units: order.executedVolume),
            executedFunds: Funds(units: order.executedFunds), paidFee: Funds(units: order.paidFee),
            locked: Funds(units: order.lock), preventedVolume: Volume(units: order.preventedVolume))
    }

    /// The best `count` levels of `side`, best first.
    public func depth(_ side: Side, levels count: Int = .max) -> [BookLevel] {
        book.side(side).levelsBestFirst.prefix(count).map { slot in
            let level = book.level(slot)
            return BookLevel(
                price: Price(units: level.price), volume: Volume(units: level.volume), orderCount: Int(level.count))
        }
    }

    /// Every resting order of `side` in priority order: best price first, oldest first within a price.
    public func orders(_ side: Side) -> [OpenOrder] {
        var result: [OpenOrder] = []
        for levelSlot in book.side(side).levelsBestFirst {
            var slot = book.level(levelSlot).head
            while slot >= 0 {
                result.append(openOrder(at: slot))
                slot = book[slot].next
            }
        }
        return result
    }

    /// The best bid price.
    public var bestBid: Price? { book.bestPrice(.bid).map(Price.init(units:)) }

    /// The best ask price.
    public var bestAsk: Price? { book.bestPrice(.ask).map(Price.init(units:)) }
}
