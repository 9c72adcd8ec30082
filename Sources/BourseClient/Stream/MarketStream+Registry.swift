extension MarketStream {
    /// The views' interest, the connection's state and its wake-up signal, under one lock.
    struct Registry {
        struct TickerInterest {
            var codes: Set<String>
            var continuation: AsyncStream<TickerUpdate>.Continuation
        }

        private var nextID = 0
        private(set) var tickers: [Int: TickerInterest] = [:]
        private var watchers: [Int: AsyncStream<ConnectionState>.Continuation] = [:]
        private(set) var state = ConnectionState.connecting(attempt: 1)
        private(set) var paused = false
        private(set) var connections = 0
        /// Messages received over all connections.
        var messages = 0
        /// Wakes the live connection when interest or pausing changes.
        var wake: AsyncStream<Void>.Continuation?

        var wantedTickers: Set<String> { tickers.values.reduce(into: []) { $0.formUnion($1.codes) } }

        mutating func add(_ interest: TickerInterest) -> Int {
            defer { nextID += 1 }
            tickers[nextID] = interest
            wake?.yield()
            return nextID
        }

        mutating func remove(_ id: Int) {
            tickers[id] = nil
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
            if state == .connected { connections += 1 }
            guard self.state != state else { return }
            self.state = state
            for watcher in watchers.values { watcher.yield(state) }
        }

        func deliver(_ update: TickerUpdate) {
            for interest in tickers.values where interest.codes.contains(update.code) {
                interest.continuation.yield(update)
            }
        }

        func finishAll() {
            for interest in tickers.values { interest.continuation.finish() }
            for watcher in watchers.values { watcher.finish() }
        }
    }
}
