public import BourseCore
public import BourseUpbit

/// What one published message is about: a stream kind of one market and, for order books, the view.
///
/// Subscribers of the same topic receive the very same bytes.
public struct StreamTopic: Hashable, Sendable {
    /// The stream type.
    public var kind: StreamKind
    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public var market: MarketCode
    /// Order books only: levels per side (1...30); zero otherwise.
    public var depth: Int
    /// Order books only: the grouping unit (zero = native prices).
    public var level: Price

    /// Builds it from exactly these parts; nothing is checked or derived here.
    public init(kind: StreamKind, market: MarketCode, depth: Int = 0, level: Price = .zero) {
        self.kind = kind
        self.market = market
        self.depth = depth
        self.level = level
    }
}
