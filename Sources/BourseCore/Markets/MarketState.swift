/// Whether a market takes new orders.
public enum MarketState: String, Hashable, Codable, Sendable, CaseIterable {
    /// Orders are taken and matched.
    case active
    /// New orders are refused with `market_offline`; resting orders stay and can be cancelled.
    case suspended
}
