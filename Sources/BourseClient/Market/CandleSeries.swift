/// One market's candles of one interval: history from REST (paged backwards on demand) with live trades
/// merged in, each into the candle its time belongs to.
///
/// A trade in the current candle updates its high, low, close and volume; one past it opens a new candle
/// at the interval's boundary (no empty candles in between, as Upbit draws none); a late trade for an
/// older candle updates that candle if it is loaded. A history page replaces the candles it covers and the
/// live trades seen after each page candle's last trade are applied to it again, so a page that arrives
/// while trades stream in loses none of them; a trade at or before a page candle's last trade is taken to
/// be in it already (the stream's snapshot trade is not counted twice).
public struct CandleSeries: Sendable {
    /// Every candle of the series spans this interval; trades are bucketed by it.
    public let interval: CandleInterval
    /// The candles, oldest first, one per start.
    public private(set) var candles: [Candle] = []
    /// Set when a history page came back shorter than asked: there is nothing older.
    public private(set) var reachedFirst = false
    /// Trades already merged, by sequential id (a replayed snapshot trade is not counted twice).
    private var seen: Set<Int64> = []
    /// The latest live trades (at most ``tradesKept``), to apply again over a history page.
    private var recent: [TradeUpdate] = []
    /// Per candle start, the last trade time a history page said the candle holds.
    private var historyLastTrade: [Int64: Int64] = [:]

    /// How many live trades are kept for re-applying over history pages.
    public static let tradesKept = 4_096

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
            var aligned = candle
            aligned.start = interval.start(of: candle.start)
            byStart[aligned.start] = aligned
            historyLastTrade[aligned.start] = candle.lastTrade
        }
        candles = byStart.values.sorted { $0.start < $1.start }
        let covered = Set(page.map { interval.start(of: $0.start) })
        for trade in recent where covered.contains(interval.start(of: trade.time)) { merge(trade) }
    }

    /// Merges one trade into the candle its time falls in.
    public mutating func apply(_ trade: TradeUpdate) {
        guard seen.insert(trade.sequentialID).inserted else { return }
        recent.append(trade)
        if recent.count > Self.tradesKept {
            seen.remove(recent.removeFirst().sequentialID)
        }
        merge(trade)
    }

    private mutating func merge(_ trade: TradeUpdate) {
        let start = interval.start(of: trade.time)
        if let known = historyLastTrade[start], trade.time <= known { return }  // the page has it
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
}
