extension MarketStream {
    /// The views' interest, the connection's state and its wake-up signal, under one lock.
    struct Registry {
        /// Where a view's messages go: its stream's continuation, by message type.
        enum Sink {
            case ticker(AsyncStream<TickerUpdate>.Continuation)
            case trade(AsyncStream<TradeUpdate>.Continuation)
            case orderbook(AsyncStream<OrderBookView>.Continuation)

            var topic: String {
                switch self {
                case .ticker: "ticker"
                case .trade: "trade"
                case .orderbook: "orderbook"
                }
            }

            func finish() {
                switch self {
                case .ticker(let continuation): continuation.finish()
                case .trade(let continuation): continuation.finish()
                case .orderbook(let continuation): continuation.finish()
                }
            }
        }

        struct Interest {
            var codes: Set<String>
            var sink: Sink
        }

        private var nextID = 0
        private(set) var interests: [Int: Interest] = [:]
        private var watchers: [Int: AsyncStream<ConnectionState>.Continuation] = [:]
        private(set) var state = ConnectionState.connecting(attempt: 1)
        private(set) var paused = false
        /// Connections made again after a failure or a pause (not the first, nor one opening from idle).
        var reconnects = 0
        /// Whether the next connection counts as a reconnect.
        var countsNextConnection = false
        /// Whether the client closed the last connection itself.
        var closedOnPurpose = false
        /// Messages received over all connections.
        var messages = 0
        /// Wakes whoever waits on interest or pausing: the live connection, or `run` while paused or idle.
        var wake: AsyncStream<Void>.Continuation?
        /// The last number seen per topic (type, code), what the next request resumes from. Forgotten
        /// when the topic stops being wanted, so a view that comes back starts from a snapshot.
        var lastSeen: [Topic: UInt64] = [:]
        /// Resumes the server could not replay (too far behind): trades missed between connections.
        var resumeGaps = 0

        /// One topic: a message type and a market.
        struct Topic: Hashable {
            var type: String
            var code: String
        }

        /// The codes wanted per message type (`ticker`, `trade`, `orderbook`).
        var wanted: [String: Set<String>] {
            interests.values.reduce(into: [:]) { $0[$1.sink.topic, default: []].formUnion($1.codes) }
        }

        /// `true` when no view wants any code of any type.
        var wantsNothing: Bool { interests.values.allSatisfy(\.codes.isEmpty) }

        mutating func add(_ interest: Interest) -> Int {
            defer { nextID += 1 }
            interests[nextID] = interest
            wake?.yield()
            return nextID
        }

        mutating func remove(_ id: Int) {
            interests[id] = nil
            wake?.yield()
        }

        mutating func watch(_ continuation: AsyncStream<ConnectionState>.Continuation) -> Int {
            defer { nextID += 1 }
            watchers[nextID] = continuation
            return nextID
        }

        mutating func unwatch(_ id: Int) { watchers[id] = nil }

        mutating func setPaused(_ paused: Bool) {
            guard self.paused != paused else { return }
            self.paused = paused
            wake?.yield()
        }

        mutating func enter(_ state: ConnectionState) {
            guard self.state != state else { return }
            self.state = state
            for watcher in watchers.values { watcher.yield(state) }
        }

        /// Delivers `message` (numbered `sequence`, if the server numbers it) to the views that want it. A trade
        /// at or below the last seen of its market (a replay's overlap) is dropped, so every trade reaches a view
        /// once, in order, across reconnects; a ticker or book older than the last seen is dropped too, while
        /// one as new (a resubscription's snapshot) still goes to the views.
        mutating func deliver(_ message: StreamMessage, sequence: UInt64? = nil) {
            if case .error(let name, let text) = message {
                enter(.refused(ServerError(name: name, message: text)))
                return
            }
            if let sequence, let topic = Self.topic(of: message) {
                if let last = lastSeen[topic], topic.type == "trade" ? sequence <= last : sequence < last { return }
                // Only for a topic still wanted: a message in flight after its views left must not leave a number
                // that makes a returning view resume instead of starting from a snapshot.
                if wants(topic) { lastSeen[topic] = sequence }
            }
            for interest in interests.values {
                switch (message, interest.sink) {
                case (.ticker(let update), .ticker(let continuation)) where interest.codes.contains(update.code):
                    continuation.yield(update)
                case (.trade(let trade), .trade(let continuation)) where interest.codes.contains(trade.code):
                    continuation.yield(trade)
                case (.orderbook(let book), .orderbook(let continuation)) where interest.codes.contains(book.code):
                    continuation.yield(book)
                default: break
                }
            }
        }

        /// Whether some view wants `topic`.
        func wants(_ topic: Topic) -> Bool {
            interests.values.contains { $0.sink.topic == topic.type && $0.codes.contains(topic.code) }
        }

        /// The server's numbers for `topic` start over (`reset`: another database): the old one is forgotten.
        mutating func forget(_ topic: Topic) {
            lastSeen[topic] = nil
        }

        /// The topic a numbered message belongs to.
        static func topic(of message: StreamMessage) -> Topic? {
            switch message {
            case .ticker(let update): Topic(type: "ticker", code: update.code)
            case .trade(let trade): Topic(type: "trade", code: trade.code)
            case .orderbook(let book): Topic(type: "orderbook", code: book.code)
            case .other, .error: nil
            }
        }

        /// Keeps the numbers of the topics in `wanted` only, and returns the trades' for the request's `resume`:
        /// trades are events, replayed from there; tickers and books are state, and a resubscription asks for
        /// their snapshot as always.
        mutating func resumePoints(for wanted: [String: Set<String>]) -> [Topic: UInt64] {
            lastSeen = lastSeen.filter { wanted[$0.key.type]?.contains($0.key.code) == true }
            return lastSeen.filter { $0.key.type == "trade" }
        }

        /// Empties the registry and returns what it held, to be finished outside the lock: finishing a
        /// stream runs its termination handler, which takes the lock again.
        mutating func takeAll() -> (sinks: [Sink], watchers: [AsyncStream<ConnectionState>.Continuation]) {
            defer {
                interests = [:]
                watchers = [:]
            }
            return (interests.values.map(\.sink), Array(watchers.values))
        }
    }
}
