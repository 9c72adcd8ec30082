public import BourseCore

/// One (type, code) a WebSocket connection wants, with its options.
///
/// A connection holds at most one subscription per (``kind``, ``market``): a request naming the same pair
/// twice keeps one, with the options of the last mention.
public struct StreamSubscription: Hashable, Sendable {
    /// The order-book depths a code may ask for with a `.N` suffix (`KRW-BTC.5`).
    public static let orderBookDepths: [Int] = [1, 5, 15, 30]
    /// The depth of an order-book code without a suffix (it was 15 before 2025).
    public static let defaultOrderBookDepth = 30

    /// The stream type.
    public var kind: StreamKind
    /// The market, in plain `QUOTE-BASE` form (messages carry it without the depth suffix).
    public var market: MarketCode
    /// How many levels per side an order-book message carries (one of ``orderBookDepths``); 0 for the
    /// other kinds, which have no depth.
    public var depth: Int
    /// The order-book `level` (price grouping unit) as canonical decimal text (`"10000"`, `"0.1"`);
    /// `nil` for the native tick size (level 0) and for the other kinds. The server resolves it against the
    /// market's supported levels (an unsupported level yields no data, as on Upbit).
    public var level: String?
    /// Whether to send a `SNAPSHOT` message first (false when `is_only_realtime`).
    public var snapshot: Bool
    /// Whether to keep sending `REALTIME` messages (false when `is_only_snapshot`).
    public var realtime: Bool

    /// Builds a subscription; `depth` and `level` only apply to ``StreamKind/orderBook`` and are reset to
    /// 0 and `nil` for the other kinds.
    public init(
        kind: StreamKind,
        market: MarketCode,
        depth: Int = StreamSubscription.defaultOrderBookDepth,
        level: String? = nil,
        snapshot: Bool = true,
        realtime: Bool = true
    ) {
        self.kind = kind
        self.market = market
        self.depth = kind == .orderBook ? depth : 0
        self.level = kind == .orderBook ? level : nil
        self.snapshot = snapshot
        self.realtime = realtime
    }

    /// The code as a request spells it: `KRW-BTC`, or `KRW-BTC.15` for an order book whose depth is not
    /// the default 30 (so a LIST_SUBSCRIPTIONS reply can be sent back as a request unchanged).
    public var requestCode: String {
        guard kind == .orderBook, depth != Self.defaultOrderBookDepth else { return market.description }
        return "\(market).\(depth)"
    }
}
