/// The user's own fills (from ``OrderStream``), kept to mark them on the public trade tape.
///
/// Upbit's public `trade` message names no order and no fill, and Bourse keeps that wire as it is, so a
/// fill is found on the tape by what both carry: the market, the time to the millisecond, the price and the
/// volume (the server writes the fill and the public trade from the same engine trade). Two trades alike in
/// all four (one taker meeting two equal orders in the same millisecond) would both be marked.
public struct OwnFills: Sendable {
    /// How many fills it keeps: the oldest are forgotten first (a tape shows far fewer).
    public static let capacity = 1_000

    private struct Key: Hashable {
        var code: String
        var time: Int64
        var price: Double
        var volume: Double
    }

    private var sides: [Key: OrderSide] = [:]
    private var order: [Key] = []

    /// None yet.
    public init() {}

    /// How many fills it holds.
    public var count: Int { sides.count }

    /// Keeps `event` if it is a fill (other events are ignored).
    public mutating func record(_ event: OrderEvent) {
        guard event.isFill, let time = event.tradeTime, let price = event.price, let volume = event.volume else {
            return
        }
        let key = Key(code: event.code, time: time, price: price, volume: volume)
        guard sides.updateValue(event.side, forKey: key) == nil else { return }
        order.append(key)
        if order.count > Self.capacity * 2 {
            for old in order.prefix(order.count - Self.capacity) { sides[old] = nil }
            order.removeFirst(order.count - Self.capacity)
        }
    }

    /// Whether the user bought or sold in `trade`; nil when it is not one of theirs.
    public func side(of trade: TradeUpdate) -> OrderSide? {
        sides[Key(code: trade.code, time: trade.time, price: trade.price, volume: trade.volume)]
    }
}
