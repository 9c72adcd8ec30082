/// A market's `orderbook/instruments` entry: its current tick and the grouping levels it supports (§2.5).
///
/// **Tick.** `tick_size` is the tick of the price band the market trades in now: at the best bid, else the
/// best ask, else the last trade price, else the smallest tick of the table (an empty, untraded market).
/// The best bid is preferred because it is the price a seller can get right now and it moves less than a
/// thin ask side.
///
/// **Levels.** Only KRW markets group (others support `["0"]` alone). A KRW market supports `0` (native)
/// and every `tick × 10ᵏ` for k ≥ 1 that does not exceed the reference price. KRW-BTC around
/// 100–999 million KRW (tick 1,000) gives Upbit's published list exactly:
/// `["0", "10000", "100000", "1000000", "10000000", "100000000"]`.
public struct OrderBookInstrument: Hashable, Sendable {
    /// The market (`market`).
    public var market: MarketCode
    /// The tick of the current price band (`tick_size`, spelled as a string).
    public var tickSize: Price
    /// The accepted `level` values, zero (native) first (`supported_levels`, spelled as strings).
    public var supportedLevels: [Price]

    /// The entry for `market` at `referencePrice` (see the type's notes for how to choose it).
    public init(market: Market, referencePrice: Price?) {
        self.market = market.code
        let price = referencePrice ?? .zero
        tickSize = market.ticks.tick(at: price)
        supportedLevels = [.zero]
        guard market.code.quote == "KRW", price.units > 0 else { return }
        var level = tickSize.units
        while level <= price.units / 10 {
            level *= 10
            supportedLevels.append(Price(units: level))
        }
    }

    /// The entry for `engine`'s market, priced at its best bid, else best ask, else `lastPrice`.
    public init(engine: MatchingEngine, lastPrice: Price?) {
        self.init(market: engine.market, referencePrice: engine.bestBid ?? engine.bestAsk ?? lastPrice)
    }

    /// The quote currency (`quote_currency`).
    public var quoteCurrency: String { market.quote }

    /// Whether `level` is one of ``supportedLevels``.
    public func supports(level: Price) -> Bool { supportedLevels.contains(level) }

    /// The book view at `level`, or `nil` when the market does not support that level (Upbit then answers
    /// with an empty array).
    public func snapshot(
        asks: some Sequence<BookLevel>, bids: some Sequence<BookLevel>, level: Price = .zero,
        depth: Int = OrderBookSnapshot.maximumDepth, timestamp: Timestamp
    ) -> OrderBookSnapshot? {
        guard supports(level: level) else { return nil }
        return OrderBookSnapshot(
            market: market, asks: asks, bids: bids, level: level, depth: depth, timestamp: timestamp)
    }
}
