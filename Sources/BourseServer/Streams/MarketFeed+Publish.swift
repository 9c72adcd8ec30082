import BourseCore
import BourseStore
import BourseUpbit
import BourseWire
import NIOCore

// Durable commits in, REALTIME messages out.
extension MarketFeed {
    func publish(_ batch: DurableExchange.DurableBatch, in state: inout FeedState) {
        var touched: [MarketCode] = []
        var traded: [MarketCode] = []
        if let last = batch.results.last { state.journalSequence = last.entry.sequence }
        for result in batch.results {
            for event in result.events {
                guard let market = event.bookMarket else { continue }
                if touched.last != market, !touched.contains(market) { touched.append(market) }
                guard case .traded(let trade) = event, state.markets[market] != nil else { continue }
                if traded.last != market, !traded.contains(market) { traded.append(market) }
                // Mutated in place: a copy out of the dictionary would copy every candle array on write.
                let record = state.markets[market]!.data.record(trade)
                state.markets[market]!.changedCandles.formUnion(CandleUnit.streamed)
                publishTrade(record, in: &state)
            }
        }
        // Books are read only where someone listens (trade messages carry the best levels too); the others'
        // best levels are forgotten and read again when a subscriber arrives.
        let watched = touched.filter { market in
            state.hasSubscribers(StreamTopic(kind: .trade, market: market))
                || !state.orderBookTopics(of: market).isEmpty
        }
        for market in touched where !watched.contains(market) {
            state.markets[market]?.bestAsk = nil
            state.markets[market]?.bestBid = nil
        }
        let books = watched.isEmpty ? [] : readBooks(watched, in: state)
        let now = batch.results.last?.entry.time ?? clock()
        for (market, asks, bids) in books {
            state.markets[market]?.bestAsk = asks.first.map(OrderBookLevel.init)
            state.markets[market]?.bestBid = bids.first.map(OrderBookLevel.init)
            for topic in state.orderBookTopics(of: market) {
                let book = OrderBookSnapshot(
                    market: market, asks: asks, bids: bids, level: topic.level, depth: topic.depth, timestamp: now)
                send(topic, stream: .realtime, sequence: state.journalSequence, in: &state) { keys, stream in
                    StreamJSON.orderBook(book, keys: keys, stream: stream)
                }
            }
        }
        publishMetrics(batch)
        if !traded.isEmpty, let observer = tickerObserver.withLock({ $0 }) {
            let tickers = traded.filter(observer.watches).compactMap {
                state.markets[$0]?.data.ticker.snapshot(at: now)
            }
            if !tickers.isEmpty { observer.observe(tickers) }
        }
    }

    private func publishMetrics(_ batch: DurableExchange.DurableBatch) {
        if let exchange = exchange.withLock({ $0 }) {
            metrics.journalLag.set(Double(exchange.entriesInFlight))
        }
        if let last = batch.results.last { metrics.journalSequence.set(Double(last.entry.sequence)) }
    }

    private func publishTrade(_ record: TradeRecord, in state: inout FeedState) {
        let tradeTopic = StreamTopic(kind: .trade, market: record.market)
        if state.hasSubscribers(tradeTopic) {
            let (ask, bid) = (state.markets[record.market]?.bestAsk, state.markets[record.market]?.bestBid)
            send(tradeTopic, stream: .realtime, sequence: record.sequence, in: &state) { keys, stream in
                StreamJSON.trade(record, bestAsk: ask, bestBid: bid, keys: keys, stream: stream)
            }
        }
        let tickerTopic = StreamTopic(kind: .ticker, market: record.market)
        if state.hasSubscribers(tickerTopic),
            let ticker = state.markets[record.market]?.data.ticker.snapshot(at: record.time),
            let market = state.markets[record.market]?.market
        {
            send(tickerTopic, stream: .realtime, sequence: record.sequence, in: &state) { keys, stream in
                StreamJSON.ticker(ticker, market: market, keys: keys, stream: stream)
            }
        }
    }

    /// Native levels of each market's book, enough for any grouped view (read from the live exchange,
    /// which may hold at most one commit that is not yet durable).
    func readBooks(_ markets: [MarketCode], in state: FeedState) -> [(MarketCode, [BookLevel], [BookLevel])] {
        guard let exchange = exchange.withLock({ $0 }) else { return [] }
        let grouped = Set(state.subscribers.keys.filter { $0.kind == .orderBook && $0.level != .zero }.map(\.market))
        return exchange.withState { current in
            markets.compactMap { market in
                guard let engine = current.exchange.engine(market) else { return nil }
                let levels = grouped.contains(market) ? 3_000 : OrderBookSnapshot.maximumDepth
                return (market, engine.depth(.ask, levels: levels), engine.depth(.bid, levels: levels))
            }
        }
    }

    /// Sends one message about `topic` to its subscribers, encoded once per format; `sequence` is its number
    /// for the subscribers that asked for numbers (``StreamResume``).
    func send(
        _ topic: StreamTopic, stream: StreamType, sequence: UInt64, in state: inout FeedState,
        _ encode: @escaping (KeyStyle, StreamType) -> [UInt8]
    ) {
        guard let subscribers = state.subscribers[topic] else { return }
        var frames = EncodedFrames(sequence: sequence) { encode($0, stream) }
        var sent = 0
        for subscriber in subscribers.values {
            if subscriber.connection.enqueue(frames.frame(subscriber.format, sequenced: subscriber.sequenced)) {
                sent += 1
            } else {
                drop(subscriber.connection, in: &state)
            }
        }
        metrics.messagesSent.increment(by: Int64(sent))
    }

    /// Forgets a connection the server closed (too slow): its writer sends the close frame.
    func drop(_ connection: StreamConnection, in state: inout FeedState) {
        guard connection.state.withLock({ $0.closed == .tooSlow }) else { return }
        if state.connections[connection.id] != nil { metrics.droppedSubscribers.increment() }
        state.remove(connection)
    }
}

extension CandleUnit {
    /// The units the WebSocket streams (`candle.1s` … `candle.240m`).
    static let streamed: [CandleUnit] = allCases.filter { StreamJSON.candleTypeName($0) != nil }
}

extension Event {
    /// The market whose book or tape the event changes, if any.
    var bookMarket: MarketCode? {
        switch self {
        case .traded(let trade): trade.market
        case .rested(let rested): rested.market
        case .done(let done): done.market
        case .cancelled(let cancelled): cancelled.market
        case .prevented(let prevented): prevented.market
        default: nil
        }
    }
}
