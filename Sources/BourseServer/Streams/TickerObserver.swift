import BourseCore

/// Who the market feed tells each commit's tickers (the alerts): only for the markets it ``watches(_:)``, so a
/// commit on a market nobody watches snapshots nothing.
protocol TickerObserver: Sendable {
    /// Whether `market`'s tickers are wanted.
    func watches(_ market: MarketCode) -> Bool
    /// The durable tickers of the watched markets a commit traded on, after the feed published it.
    func observe(_ tickers: [TickerSnapshot])
}
