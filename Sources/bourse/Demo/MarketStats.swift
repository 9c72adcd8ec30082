import BourseCore

/// What the demo's ticker table shows for one market: a running summary of its trades.
struct MarketStats: Equatable {
    let market: Market
    /// The reference price changes are measured from (the simulator's start price).
    let reference: Price
    var last: Price?
    var high: Price?
    var low: Price?
    var volume = Volume.zero
    var value = Funds.zero
    var trades = 0

    init(market: Market, reference: Price) {
        self.market = market
        self.reference = reference
    }

    mutating func record(_ trade: Trade) {
        last = trade.price
        high = max(high ?? trade.price, trade.price)
        low = min(low ?? trade.price, trade.price)
        volume = volume.adding(trade.volume) ?? volume
        value = value.adding(trade.funds) ?? value
        trades += 1
    }

    /// The change from the reference in basis points (1/100 of a percent), rounded toward zero.
    var changeBasisPoints: Int64 {
        guard let last, reference.units > 0 else { return 0 }
        return Int64((Int128(last.units - reference.units) * 10_000) / Int128(reference.units))
    }
}
