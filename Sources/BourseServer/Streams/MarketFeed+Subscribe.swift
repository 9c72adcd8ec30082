import BourseCore
import BourseUpbit
import BourseWire
import NIOCore

// Subscription requests, SNAPSHOT messages, keepalive and idle timeouts.
extension MarketFeed {
    func subscribe(_ connection: StreamConnection, _ request: SubscriptionRequest, in state: inout FeedState) {
        guard connection.state.withLock({ $0.closed == nil && !$0.finished }) else { return }
        var entry = state.connections[connection.id] ?? FeedState.Entry(connection: connection)
        switch request {
        case .listSubscriptions(let ticket, let format):
            if let format, format != entry.format {
                state.unregister(entry)
                entry.format = format
                register(&entry, in: &state)
            }
            state.connections[connection.id] = entry
            connection.state.withLock { $0.format = entry.format }
            let reply = SubscriptionReply.listReply(
                ticket: ticket, subscriptions: entry.subscriptions, abbreviated: entry.format.abbreviatesKeys)
            deliver(reply, to: connection, format: entry.format)
        case .subscribe(_, let format, let subscriptions, let resume):
            if let unknown = subscriptions.first(where: { state.markets[$0.market] == nil }) {
                // A code that is not listed is a bad parameter; the current set stays.
                let error = SubscriptionError.invalidParameter(
                    "The code \"\(unknown.market)\" is not a listed market.")
                let frame = StreamFrame(binary: SubscriptionReply.errorFrame(error))
                if connection.enqueue(frame) { metrics.messagesSent.increment() }
                return
            }
            // Upbit semantics: a new request replaces the whole set (and the format).
            state.unregister(entry)
            entry.format = format
            entry.sequenced = resume != nil
            entry.subscriptions = subscriptions
            connection.state.withLock { $0.format = format }
            sendSnapshots(of: subscriptions, to: connection, format: format, resume: resume, in: &state)
            register(&entry, in: &state)
            state.connections[connection.id] = entry
        }
    }

    /// Adds the realtime topics of `entry`'s subscriptions to the index.
    private func register(_ entry: inout FeedState.Entry, in state: inout FeedState) {
        entry.topics = entry.subscriptions.filter(\.realtime).compactMap { topic(for: $0, in: state) }
        let subscriber = FeedState.Subscriber(
            connection: entry.connection, format: entry.format, sequenced: entry.sequenced)
        for topic in entry.topics { state.subscribers[topic, default: [:]][entry.connection.id] = subscriber }
    }

    /// The topic of a subscription, or `nil` when it can have no data (an unknown market, or a grouping
    /// level the market does not support: Upbit sends nothing then).
    func topic(for subscription: StreamSubscription, in state: FeedState) -> StreamTopic? {
        guard let feed = state.markets[subscription.market] else { return nil }
        guard subscription.kind == .orderBook else {
            return StreamTopic(kind: subscription.kind, market: subscription.market)
        }
        var level = Price.zero
        if let text = subscription.level {
            guard let parsed = try? Price(parsing: text) else { return nil }
            if parsed != .zero {
                let reference = feed.bestBid?.price ?? feed.bestAsk?.price ?? feed.data.tape.latest?.price
                let instrument = OrderBookInstrument(market: feed.market, referencePrice: reference)
                guard instrument.supportedLevels.contains(parsed) else { return nil }
            }
            level = parsed
        }
        let depth = subscription.depth > 0 ? subscription.depth : OrderBookSnapshot.maximumDepth
        return StreamTopic(kind: .orderBook, market: subscription.market, depth: depth, level: level)
    }

    /// The `SNAPSHOT` messages a request asks for, and (with ``StreamResume``) what each resumed topic
    /// missed. Run on the feed's task between commits, so a replay ends exactly where the realtime messages
    /// registered next begin: nothing twice, nothing lost.
    private func sendSnapshots(
        of subscriptions: [StreamSubscription], to connection: StreamConnection, format: StreamFormat,
        resume: StreamResume?, in state: inout FeedState
    ) {
        let now = clock()
        func resumed(_ subscription: StreamSubscription) -> UInt64? {
            resume?.since[StreamResume.Topic(kind: subscription.kind, market: subscription.market)]
        }
        let wanted = subscriptions.filter { $0.snapshot || resumed($0) != nil }
        let bookMarkets = wanted.filter { $0.kind == .orderBook || $0.kind == .trade }.map(\.market)
        let books = Dictionary(
            readBooks(bookMarkets, in: state).map { ($0.0, ($0.1, $0.2)) }, uniquingKeysWith: { first, _ in first })
        // Trade messages carry the best levels, which are only kept up to date for watched markets.
        for (market, (asks, bids)) in books {
            state.markets[market]?.bestAsk = asks.first.map(OrderBookLevel.init)
            state.markets[market]?.bestBid = bids.first.map(OrderBookLevel.init)
        }
        let keys: KeyStyle = format.abbreviatesKeys ? .abbreviated : .full
        let numbered = resume != nil
        // One budget for the whole request (a busy market's 2,000 trades are about 800 KB): past it, topics get
        // a snapshot, so a replay never fills the connection's queue and gets it closed as too slow.
        var budget = Self.maximumReplayedTrades
        for subscription in wanted {
            guard connection.state.withLock({ $0.closed == nil }) else { return }
            guard let topic = topic(for: subscription, in: state), let feed = state.markets[topic.market] else {
                continue
            }
            let sequence = topic.kind == .orderBook ? state.journalSequence : feed.data.tape.latest?.sequence ?? 0
            if let since = resumed(subscription) {
                func say(_ status: StreamJSON.ResumeStatus, replayed: Int = 0) {
                    deliver(
                        StreamJSON.resume(
                            topic.kind, market: topic.market, status: status, since: since, sequence: sequence,
                            replayed: replayed), to: connection, format: format)
                }
                if since > sequence {
                    // Numbers from another life of the server (a new database): start over, said so.
                    say(.reset)
                } else if topic.kind != .trade {
                    // State: a fresh snapshot whatever was missed (the view asked may differ, a depth or level).
                    say(since == sequence ? .current : .snapshot)
                } else if since == sequence {
                    say(.current)
                    continue
                } else if let missed = Self.missedTrades(after: since, in: feed.data.tape), missed.count <= budget {
                    budget -= missed.count
                    say(.replayed, replayed: missed.count)
                    for record in missed {
                        let body = StreamJSON.trade(
                            record, bestAsk: feed.bestAsk, bestBid: feed.bestBid, keys: keys, stream: .realtime)
                        deliver(StreamJSON.sequenced(body, record.sequence, keys: keys), to: connection, format: format)
                    }
                    continue
                } else {
                    say(.snapshot)
                }
            }
            let bytes: [UInt8]?
            switch topic.kind {
            case .ticker:
                bytes = feed.data.ticker.snapshot(at: now).map {
                    StreamJSON.ticker($0, market: feed.market, keys: keys, stream: .snapshot)
                }
            case .trade:
                bytes = feed.data.tape.latest.map {
                    StreamJSON.trade($0, bestAsk: feed.bestAsk, bestBid: feed.bestBid, keys: keys, stream: .snapshot)
                }
            case .orderBook:
                let (asks, bids) = books[topic.market] ?? ([], [])
                let book = OrderBookSnapshot(
                    market: topic.market, asks: asks, bids: bids, level: topic.level, depth: topic.depth,
                    timestamp: now)
                bytes = StreamJSON.orderBook(book, keys: keys, stream: .snapshot)
            case .candle(let unit):
                bytes = feed.data.series(unit).latest.map {
                    StreamJSON.candle($0, market: topic.market, unit: unit, keys: keys, stream: .snapshot)
                }
            }
            if let bytes {
                deliver(
                    numbered ? StreamJSON.sequenced(bytes, sequence, keys: keys) : bytes, to: connection, format: format
                )
            }
        }
    }

    /// The most trades one request's resume replays, over all its topics; a client further behind gets
    /// snapshots and pages the rest over REST (`/v1/trades/ticks`).
    static let maximumReplayedTrades = 2_000

    /// The trades of `tape` after number `since`, if the tape still holds all of them and they are not too
    /// many to replay; nil otherwise.
    static func missedTrades(after since: UInt64, in tape: TradeTape) -> ArraySlice<TradeRecord>? {
        let records = tape.records
        let start = records.partitionPoint { $0.sequence <= since }
        guard start < records.count, records[start].sequence == since + 1 else { return nil }
        return ArraySlice(records[start...])
    }

    /// Queues one message for one connection, in its format.
    func deliver(_ body: [UInt8], to connection: StreamConnection, format: StreamFormat) {
        let bytes = format.isList ? StreamJSON.listed(body) : body
        if connection.enqueue(StreamFrame(binary: bytes)) { metrics.messagesSent.increment() }
    }

    func keepalive(_ connection: StreamConnection, in state: inout FeedState) {
        deliver(StreamJSON.statusUp, to: connection, format: .default)
        var entry = state.connections[connection.id] ?? FeedState.Entry(connection: connection)
        entry.keepaliveDue = Timestamp(milliseconds: clock().milliseconds + options.keepaliveInterval.milliseconds)
        state.connections[connection.id] = entry
    }

    /// Once a second: pushes changed candles, repeats `{"status":"UP"}` for clients that sent `PING`, and
    /// closes idle connections.
    func tick(_ now: Timestamp, in state: inout FeedState) {
        for code in Array(state.markets.keys) {
            guard let feed = state.markets[code], !feed.changedCandles.isEmpty else { continue }
            state.markets[code]?.changedCandles.removeAll()
            for unit in feed.changedCandles {
                let topic = StreamTopic(kind: .candle(unit), market: code)
                guard state.hasSubscribers(topic), let candle = feed.data.series(unit).latest else { continue }
                let sequence = feed.data.tape.latest?.sequence ?? 0
                send(topic, stream: .realtime, sequence: sequence, in: &state) { keys, stream in
                    StreamJSON.candle(candle, market: code, unit: unit, keys: keys, stream: stream)
                }
            }
        }
        let idle = options.idleTimeout.milliseconds
        for (id, entry) in state.connections {
            if let due = entry.keepaliveDue, due <= now {
                deliver(StreamJSON.statusUp, to: entry.connection, format: .default)
                state.connections[id]?.keepaliveDue = Timestamp(
                    milliseconds: now.milliseconds + options.keepaliveInterval.milliseconds)
            }
            let (lastInbound, sent) = entry.connection.state.withLock { ($0.lastActivity, $0.sentCount) }
            if sent != entry.lastSentCount {
                state.connections[id]?.lastSentCount = sent
                state.connections[id]?.quietSince = now
            }
            let lastOutbound = state.connections[id]?.quietSince ?? lastInbound
            if now.milliseconds - max(lastInbound, lastOutbound).milliseconds > idle {
                entry.connection.close(.idle)
                state.remove(entry.connection)
            }
        }
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
