/// One market's candles of one interval: history from REST (paged backwards on demand) with live trades
/// merged in, each into the candle its time belongs to.
///
/// A trade in the current candle updates its high, low, close and volume; one past it opens a new candle
/// at the interval's boundary (no empty candles in between, as Upbit draws none); a late trade for an
/// older candle updates that candle if it is loaded. A history page replaces the candles it covers, so a
/// refresh after a reconnect corrects anything missed.
public struct CandleSeries: Sendable {
    /// The interval.
    public let interval: CandleInterval
    /// The candles, oldest first, one per start.
    public private(set) var candles: [Candle] = []
    /// Set when a history page came back shorter than asked: there is nothing older.
    public private(set) var reachedFirst = false
    /// Trades already merged, by sequential id (a replayed snapshot trade is not counted twice).
    private var seen: Set<Int64> = []
    private var seenOrder: [Int64] = []

    /// An empty series.
    public init(interval: CandleInterval) {
        self.interval = interval
    }

    /// The `to` of the next older page (`candle_date_time_utc` of the oldest candle), `nil` when empty.
    public var olderPageCursor: String? { candles.first.map { CivilDate.text(milliseconds: $0.start) } }

    /// Merges a history page (any order, as REST returns newest first); `asked` is the count requested, to
    /// notice the start of history.
    public mutating func merge(history page: [Candle], asked: Int? = nil) {
        if let asked, page.count < asked { reachedFirst = true }
        guard !page.isEmpty else { return }
        var byStart = Dictionary(candles.map { ($0.start, $0) }, uniquingKeysWith: { _, last in last })
        for candle in page {
            // A live candle may have seen trades after the page was made: keep the fresher one.
            if let existing = byStart[candle.start], existing.lastTrade > candle.lastTrade { continue }
            byStart[candle.start] = Candle(
                start: interval.start(of: candle.start), open: candle.open, high: candle.high, low: candle.low,
                close: candle.close, volume: candle.volume, value: candle.value, lastTrade: candle.lastTrade)
        }
        candles = byStart.values.sorted { $0.start < $1.start }
    }

    /// Merges one trade into the candle its time falls in.
    public mutating func apply(_ trade: TradeUpdate) {
        guard remember(trade.sequentialID) else { return }
        let start = interval.start(of: trade.time)
        let value = trade.price * trade.volume
        guard let last = candles.last, start <= last.start else {
            candles.append(Self.opened(start, trade, value))
            return
        }
        guard let index = candles.lastIndex(where: { $0.start <= start }), candles[index].start == start else {
            return  // older than what is loaded, or in a gap: the history page will carry it
        }
        var candle = candles[index]
        candle.high = max(candle.high, trade.price)
        candle.low = min(candle.low, trade.price)
        if trade.time >= candle.lastTrade {
            candle.close = trade.price
            candle.lastTrade = trade.time
        }
        candle.volume += trade.volume
        candle.value += value
        candles[index] = candle
    }

    private static func opened(_ start: Int64, _ trade: TradeUpdate, _ value: Double) -> Candle {
        Candle(
            start: start, open: trade.price, high: trade.price, low: trade.price, close: trade.price,
            volume: trade.volume, value: value, lastTrade: trade.time)
    }

    /// Remembers `id` (the last 4,096); `false` if it was already seen.
    private mutating func remember(_ id: Int64) -> Bool {
        guard seen.insert(id).inserted else { return false }
        seenOrder.append(id)
        if seenOrder.count > 4_096 {
            seen.remove(seenOrder.removeFirst())
        }
        return true
    }
}
