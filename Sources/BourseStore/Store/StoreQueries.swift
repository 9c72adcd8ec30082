/// Clamping rules every store applies to market-data queries, so backends agree exactly.
public enum StoreQueries {
    /// `count` of a candle query, clamped to 1...200 (Upbit's range).
    public static func candleCount(_ count: Int) -> Int { min(max(count, 1), 200) }

    /// `count` of a trade query, clamped to 1...500 (Upbit's range).
    public static func tradeCount(_ count: Int) -> Int { min(max(count, 1), 500) }

    /// How many snapshots a store keeps: the newest and the one before it, for an operator to inspect or
    /// restore by hand. Recovery uses the newest, and replays the whole journal if it is unreadable.
    public static let retainedSnapshots = 2
}
