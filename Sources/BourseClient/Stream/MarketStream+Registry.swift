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

        mutating func deliver(_ message: StreamMessage) {
            if case .error(let name, let text) = message {
                enter(.refused(ServerError(name: name, message: text)))
                return
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
