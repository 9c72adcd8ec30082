/// Upbit's `change`: how the last price compares with the previous UTC day's close.
public enum PriceChange: String, Hashable, Sendable, CaseIterable {
    /// Above the previous close.
    case rise = "RISE"
    /// Equal to the previous close.
    case even = "EVEN"
    /// Below the previous close.
    case fall = "FALL"

    /// The change from `previousClose` to `price`.
    public init(from previousClose: Price, to price: Price) {
        self = price > previousClose ? .rise : price < previousClose ? .fall : .even
    }
}
