import Synchronization

/// A ``MarketBoard`` shared between a ticker feed and a UI: every update is absorbed as it comes, and
/// snapshots are published at most once per interval, only when something changed (conflation).
///
/// ``run(updates:every:clock:publish:)`` is structured: it returns when the updates end or its task is
/// cancelled. Settings and favourites change through ``change(_:)`` from any thread.
public final class BoardFeed: Sendable {
    private let board: Mutex<MarketBoard>

    /// A feed over `board`.
    public init(board: MarketBoard) {
        self.board = Mutex(board)
    }

    /// Changes the board (settings, favourites, listing); the next interval publishes the result.
    public func change<Result: Sendable>(_ body: (inout MarketBoard) -> Result) -> Result {
        board.withLock { body(&$0) }
    }

    /// Absorbs one ticker.
    public func absorb(_ update: TickerUpdate) {
        board.withLock { _ = $0.apply(update) }
    }

    /// A snapshot now, whether or not anything changed.
    public func snapshot() -> BoardSnapshot {
        board.withLock { $0.snapshot() }
    }

    /// Absorbs `updates` and calls `publish` with a snapshot every `interval` in which something changed
    /// (the first one at once), until `updates` ends (after a last snapshot) or the task is cancelled.
    public func run<Updates: AsyncSequence & Sendable, C: Clock<Duration>>(
        updates: Updates, every interval: Duration, clock: C = ContinuousClock(),
        publish: @escaping @Sendable (BoardSnapshot) async -> Void
    ) async throws where Updates.Element == TickerUpdate {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await update in updates { self.absorb(update) }
            }
            group.addTask {
                while !Task.isCancelled {
                    if let snapshot = self.board.withLock({ $0.hasChanges ? $0.snapshot() : nil }) {
                        await publish(snapshot)
                    }
                    try await clock.sleep(for: interval)
                }
            }
            // The updates ending ends the feed: publish what they left, then stop the timer.
            try await group.next()
            group.cancelAll()
            // Wait for the timer to stop, so that no snapshot is published after (or beside) the last.
            while (try? await group.next()) != nil {}
            if let last = board.withLock({ $0.hasChanges ? $0.snapshot() : nil }) { await publish(last) }
        }
    }
}
