public import BourseCore

extension MarketData {
    /// Candles of each unit, and trades, that a durable exchange keeps in memory at least.
    public static let durableRetention = 1_000

    /// The market data a durable exchange keeps in memory: the ticker in full, and only the newest
    /// trades and candles (at least ``durableRetention`` of each), because the store holds the whole
    /// history. This bounds memory and snapshot size however long the exchange runs.
    @Sendable public static func durable(_ market: MarketCode) -> MarketData {
        MarketData(
            market: market, retainedSecondCandles: durableRetention, retainedCandles: durableRetention,
            retainedTrades: durableRetention)
    }
}
