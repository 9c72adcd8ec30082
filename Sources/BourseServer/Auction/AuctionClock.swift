public import BourseCore
public import BourseStore

/// The auction house's clock: when an item's opening or effective end has passed, it submits
/// ``Command/advanceAuction(_:)`` through the single writer, so opening and closing are journaled commands
/// and replay ends every sale at the same moment with the same winner and the same ledger.
///
/// It looks every quarter of a second (``AuctionHouse/due(at:)``), so a sale ends within about that of its
/// effective end; a bid that arrives after the end but before the close is refused by the engine, which
/// checks the end itself.
public struct AuctionClock: Sendable {
    let exchange: DurableExchange
    let clock: @Sendable () -> Timestamp
    let interval: Duration
    /// Where `ending_soon` goes and whose alerts on items are checked each look, if anywhere.
    let feed: AuctionFeed?

    /// A clock for `exchange`'s auction house, reading `clock` every `interval`; it also has `feed` announce
    /// the items about to end.
    public init(
        exchange: DurableExchange, clock: @escaping @Sendable () -> Timestamp, interval: Duration = .milliseconds(250),
        feed: AuctionFeed? = nil
    ) {
        self.exchange = exchange
        self.clock = clock
        self.interval = interval
        self.feed = feed
    }

    /// Sends the due commands until cancelled.
    public func run() async {
        while !Task.isCancelled {
            await tick()
            try? await Task.sleep(for: interval)
        }
    }

    /// Sends `advanceAuction` for every item due now.
    public func tick() async {
        let now = clock()
        if let feed {
            let watched = feed.alerts.items
            let (live, alerted) = exchange.withState { state in
                let items = state.exchange.auctions.items
                return (items.values.filter { $0.state == .live }, watched.compactMap { items[$0] })
            }
            feed.announceEndingSoon(live, at: now)
            if !alerted.isEmpty { feed.alerts.observe(alerted, at: now) }
        }
        let due = exchange.withState { $0.exchange.auctions.due(at: now) }
        guard !due.isEmpty else { return }
        _ = try? await exchange.submit(due.map { id in { @Sendable _ in .advanceAuction(id) } })
    }
}
