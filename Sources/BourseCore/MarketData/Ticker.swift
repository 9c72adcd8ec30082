/// The ticker of one market, updated by its trades and by the passing of time.
///
/// Semantics (reference §2.3), all on the UTC day (00:00 UTC = 09:00 KST):
/// - `prev_closing_price` is the last trade price before the current day's 00:00 UTC; on a market's
///   first day, the first trade's price.
/// - `opening_price` **is** `prev_closing_price`: every recent Upbit KRW sample shows them equal (§10), so
///   the day opens where the previous one closed rather than at its first trade.
/// - `high_price`/`low_price` are the extremes of the day's trades; before the day's first trade both equal
///   the opening price.
/// - `acc_trade_*` count the day's trades. The 24 h sums are exact at minute granularity: a trade counts
///   until the start of the minute 24 h after its own minute (1,440 per-minute buckets in a ring).
/// - The 52-week window is today and the 363 days before it; the date of an extreme is the UTC day it was
///   first reached. With no trade in the window, the last trade's price and day stand in.
///
/// A read at time `t` reports the state as of `t` even if no trade or ``advance(to:)`` has happened since
/// midnight: the day rolls over in the snapshot (acc values zero, previous close = last price), without
/// mutating. Times are expected in order: an earlier trade time counts as the latest one seen, and a read
/// before the last ``advance(to:)`` sees the advanced state.
public struct Ticker: Hashable, Codable, Sendable {
    /// The last trade's fields.
    private struct LastTrade: Hashable, Codable, Sendable {
        var price: Price
        var volume: Volume
        var time: Timestamp
        var takerSide: Side
    }

    /// The current UTC day's trading so far.
    private struct DaySummary: Hashable, Codable, Sendable {
        var range: FiftyTwoWeekRange.DayRange
        var funds = FixedPointSum<Funds>()
        var volume = FixedPointSum<Volume>()
        var askVolume = FixedPointSum<Volume>()
        var bidVolume = FixedPointSum<Volume>()
    }

    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public let market: MarketCode
    private var close = DailyClose()
    private var last: LastTrade?
    /// `nil` until the current day's first trade.
    private var today: DaySummary?
    private var rolling = RollingTotals()
    private var yearRange = FiftyTwoWeekRange()

    /// A ticker with no trades yet.
    public init(market: MarketCode) {
        self.market = market
    }

    // MARK: - Input

    /// Counts an engine trade.
    public mutating func record(_ trade: Trade) {
        precondition(trade.market == market, "trade of another market")
        record(price: trade.price, volume: trade.volume, funds: trade.funds, takerSide: trade.takerSide, at: trade.time)
    }

    /// Counts a trade of `volume` at `price` worth `funds`, taken by `takerSide`, at `time`.
    public mutating func record(price: Price, volume: Volume, funds: Funds, takerSide: Side, at time: Timestamp) {
        let time = max(time, last?.time ?? time)
        advance(to: time)
        let day = UTCCalendar.day(of: time)
        close.record(price, onDay: day)
        var summary = today ?? DaySummary(range: .init(day: day, high: price, low: price))
        summary.range.high = max(summary.range.high, price)
        summary.range.low = min(summary.range.low, price)
        summary.funds.add(funds)
        summary.volume.add(volume)
        if takerSide == .ask { summary.askVolume.add(volume) } else { summary.bidVolume.add(volume) }
        today = summary
        rolling.record(funds: funds, volume: volume, inMinute: RollingTotals.minute(of: time))
        last = LastTrade(price: price, volume: volume, time: time, takerSide: takerSide)
    }

    /// Moves the ticker to `time`: rolls the UTC day over at midnight and expires the 24 h window.
    ///
    /// Optional (``snapshot(at:)`` is right without it); calling it keeps reads after quiet periods cheap.
    public mutating func advance(to time: Timestamp) {
        let time = max(time, last?.time ?? time)
        let day = UTCCalendar.day(of: time)
        if let current = close.day, day > current, let summary = today {
            yearRange.store(summary.range)
            today = nil
        }
        close.roll(to: day)
        yearRange.refresh(forDay: day)
        rolling.expire(toWindowEndingIn: RollingTotals.minute(of: time))
    }

    // MARK: - Output

    /// The ticker as of `time`; `nil` before the market's first trade.
    public func snapshot(at time: Timestamp) -> TickerSnapshot? {
        guard let last else { return nil }
        let asOf = max(time, last.time)
        let day = UTCCalendar.day(of: asOf)
        let summary = today.flatMap { $0.range.day == day ? $0 : nil }
        let previousClose = close.previousClose(onDay: day) ?? last.price
        let rolling = rolling.totals(inWindowEndingIn: RollingTotals.minute(of: asOf))
        let pending = today.flatMap { $0.range.day < day ? $0.range : nil }
        let year = yearRange.extremes(onDay: day, today: summary?.range, pending: pending)
        let fallback = FiftyTwoWeekRange.Extreme(price: last.price, day: UTCCalendar.day(of: last.time))
        let high = year.high ?? fallback
        let low = year.low ?? fallback
        return TickerSnapshot(
            market: market, timestamp: time, tradeTime: last.time, tradePrice: last.price, tradeVolume: last.volume,
            takerSide: last.takerSide, openingPrice: previousClose, highPrice: summary?.range.high ?? previousClose,
            lowPrice: summary?.range.low ?? previousClose, previousClose: previousClose,
            change: PriceChange(from: previousClose, to: last.price),
            signedChangePrice: Price(units: last.price.units - previousClose.units),
            signedChangeRate: ChangeRate(from: previousClose, to: last.price), accTradeFunds: summary?.funds ?? .zero,
            accTradeVolume: summary?.volume ?? .zero, accAskVolume: summary?.askVolume ?? .zero,
            accBidVolume: summary?.bidVolume ?? .zero, accTradeFunds24h: rolling.funds,
            accTradeVolume24h: rolling.volume, highest52WeekPrice: high.price,
            highest52WeekDate: UTCDateTime(UTCCalendar.start(ofDay: high.day)), lowest52WeekPrice: low.price,
            lowest52WeekDate: UTCDateTime(UTCCalendar.start(ofDay: low.day)))
    }
}
