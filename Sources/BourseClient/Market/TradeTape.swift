/// The latest trades of a market, newest first, at most ``capacity`` of them, each once.
public struct TradeTape: Sendable {
    /// How many trades it keeps.
    public let capacity: Int
    /// The trades, newest first.
    public private(set) var trades: [TradeUpdate] = []
    private var ids: Set<Int64> = []

    /// An empty tape keeping `capacity` trades.
    public init(capacity: Int = 100) {
        self.capacity = max(1, capacity)
    }

    /// Adds `trade` in time order (a snapshot replayed after a reconnect adds nothing twice).
    public mutating func apply(_ trade: TradeUpdate) {
        guard ids.insert(trade.sequentialID).inserted else { return }
        let index =
            trades.firstIndex { ($0.time, $0.sequentialID) < (trade.time, trade.sequentialID) } ?? trades.endIndex
        trades.insert(trade, at: index)
        while trades.count > capacity { ids.remove(trades.removeLast().sequentialID) }
    }
}
