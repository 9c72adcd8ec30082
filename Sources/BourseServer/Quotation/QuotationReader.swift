public import BourseCore
public import BourseStore
public import BourseUpbit

/// Answers quotation queries from the live exchange state and, for history, from the store.
///
/// Tickers, books and the newest candles come from memory (which may include the one commit still being
/// journaled); older candles and the trade history come from the store.
public struct QuotationReader: Sendable {
    let exchange: DurableExchange
    let store: any Store
    let clock: @Sendable () -> Timestamp

    /// A reader of `exchange`'s state and `store`'s history.
    public init(exchange: DurableExchange, store: any Store, clock: @escaping @Sendable () -> Timestamp) {
        self.exchange = exchange
        self.store = store
        self.clock = clock
    }

    /// The listed markets, in listing order.
    public func markets() -> [Market] {
        exchange.withState { $0.exchange.markets }
    }

    /// Resolves market codes (any case); every one must be listed.
    public func resolve(_ codes: [String]) throws(QuotationError) -> [MarketCode] {
        guard !codes.isEmpty else { throw .missingParameter }
        let listed = markets()
        var result: [MarketCode] = []
        for text in codes {
            guard let code = MarketCode(text.uppercased()), listed.contains(where: { $0.code == code }) else {
                throw .codeNotFound
            }
            if !result.contains(code) { result.append(code) }
        }
        return result
    }

    /// Tickers of `codes` that have traded, in the order asked.
    public func tickers(_ codes: [MarketCode]) -> [TickerSnapshot] {
        let now = clock()
        return exchange.withState { state in
            codes.compactMap { state.marketData($0)?.ticker.snapshot(at: now) }
        }
    }

    /// Every listed market quoted in one of `quotes` (`KRW`, `BTC`, `USDT`), in listing order.
    public func markets(quotedIn quotes: [String]) throws(QuotationError) -> [MarketCode] {
        let quotes = Set(quotes.map { $0.uppercased() })
        let markets = markets().map(\.code)
        for quote in quotes where !markets.contains(where: { $0.quote == quote }) { throw .codeNotFound }
        return markets.filter { quotes.contains($0.quote) }
    }

    /// Order-book views of `codes`; empty when `level` is not supported by one of them (as Upbit does).
    public func orderBooks(_ codes: [MarketCode], level: Price, depth: Int) -> [OrderBookSnapshot] {
        let now = clock()
        return exchange.withState { state -> [OrderBookSnapshot] in
            var books: [OrderBookSnapshot] = []
            for code in codes {
                guard let engine = state.exchange.engine(code) else { continue }
                if level != .zero {
                    let instrument = Self.instrument(engine, state: state)
                    guard instrument.supportedLevels.contains(level) else { return [] }
                }
                let native = level == .zero ? OrderBookSnapshot.maximumDepth : 3_000
                books.append(
                    OrderBookSnapshot(
                        market: code, asks: engine.depth(.ask, levels: native),
                        bids: engine.depth(.bid, levels: native),
                        level: level, depth: depth, timestamp: now))
            }
            return books
        }
    }

    /// `orderbook/instruments` entries of `codes`.
    public func instruments(_ codes: [MarketCode]) -> [OrderBookInstrument] {
        exchange.withState { state in
            codes.compactMap { code in state.exchange.engine(code).map { Self.instrument($0, state: state) } }
        }
    }

    private static func instrument(_ engine: MatchingEngine, state: ExchangeState) -> OrderBookInstrument {
        let reference = engine.bestBid ?? engine.bestAsk ?? state.marketData(engine.market.code)?.tape.latest?.price
        return OrderBookInstrument(market: engine.market, referencePrice: reference)
    }

    /// Up to `count` candles before `to`, newest first: from memory when it holds them all, else the store.
    public func candles(
        _ code: MarketCode, unit: CandleUnit, before to: Timestamp?, count: Int
    ) async throws
        -> [Candle]
    {
        let count = min(max(count, 1), CandleSeries.maximumQueryCount)
        let recent = exchange.withState { $0.marketData(code)?.candles(unit, before: to, count: count) ?? [] }
        if recent.count == count { return recent }
        return try await store.candles(code, unit: unit, before: to, count: count)
    }

    /// The id of `code`'s newest trade (0 before the first): what candles and the tape depend on.
    public func tradeVersion(_ code: MarketCode) -> Int64 {
        exchange.withState { $0.marketData(code)?.tape.latest?.sequentialID ?? 0 }
    }

    /// Up to `count` trades of `code` in `from..<until` below `cursor`, newest first (from the store).
    public func trades(
        _ code: MarketCode, from: Timestamp, until: Timestamp, cursor: Int64?, count: Int
    )
        async throws -> [TradeRecord]
    {
        try await store.trades(code, from: from, until: until, before: cursor, count: count)
    }

    /// Now, by the server's clock.
    public func now() -> Timestamp { clock() }
}
