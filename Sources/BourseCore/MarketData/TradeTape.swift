/// The recent trades of one market, with Upbit's `sequential_id` and `prev_closing_price`.
///
/// **`sequential_id`.** Upbit's ids look like `timestamp_ms * 10000 + n`. Here the id of a trade is
/// `max(timestamp_ms * 10000, previous id + 1)`: the first trade of a millisecond gets `n = 0`, the next
/// ones 1, 2, … So ids are unique and strictly increasing in a market. If more than 10,000 trades share a
/// millisecond, the ids run on into the following milliseconds' range (the id's millisecond is then
/// ahead of the trade time by at most ⌈burst / 10,000⌉ ms) and later trades continue after them: still
/// unique, still increasing.
///
/// **Retention.** `trades/ticks` reaches back at most seven days before the latest trade's UTC day, so
/// older trades are dropped when a new day starts; memory is bounded by eight days of trades.
///
/// Trades are expected in time order; a trade stamped earlier than the previous one is kept at the
/// previous one's time so the tape stays sorted.
public struct TradeTape: Hashable, Codable, Sendable {
    /// The most trades one query returns (`count` maximum of `trades/ticks`).
    public static let maximumQueryCount = 500
    /// The furthest `days_ago` Upbit serves.
    public static let maximumDaysAgo = 7
    /// Ids per millisecond in `sequential_id` (`timestamp_ms * 10000 + n`).
    public static let idsPerMillisecond: Int64 = 10_000

    /// Which market, as Upbit writes it: quote first (`KRW-BTC`).
    public let market: MarketCode
    /// The retained trades, oldest first.
    public private(set) var records: ContiguousArray<TradeRecord> = []
    /// At least this many of the newest trades are kept, whatever their age; `nil` keeps the eight days.
    public let retainedCount: Int?
    private var close = DailyClose()
    private var lastSequentialID: Int64?

    /// An empty tape for `market`; `retainedCount` bounds memory further (older trades are the store's
    /// business), dropping in batches so dropping stays O(1) per trade on average.
    public init(market: MarketCode, retainedCount: Int? = nil) {
        precondition(retainedCount.map { $0 >= Self.maximumQueryCount } ?? true, "retain at least 500 trades")
        self.market = market
        self.retainedCount = retainedCount
    }

    // MARK: - Input

    /// Appends an engine trade and returns it as a record.
    @discardableResult
    public mutating func record(_ trade: Trade) -> TradeRecord {
        precondition(trade.market == market, "trade of another market")
        let time = max(trade.time, records.last?.time ?? trade.time)
        let day = UTCCalendar.day(of: time)
        if let previousDay = close.day, day > previousDay { dropDays(before: day - Int64(Self.maximumDaysAgo)) }
        close.record(trade.price, onDay: day)
        let floorID = time.milliseconds * Self.idsPerMillisecond
        let id = lastSequentialID.map { max(floorID, $0 + 1) } ?? floorID
        lastSequentialID = id
        let record = TradeRecord(
            market: market, sequence: trade.sequence, sequentialID: id, time: time, price: trade.price,
            volume: trade.volume, funds: trade.funds, takerSide: trade.takerSide,
            previousClose: close.previousClose ?? trade.price)
        records.append(record)
        if let retainedCount, records.count >= retainedCount * 2 {
            records.removeFirst(records.count - retainedCount)
        }
        return record
    }

    private mutating func dropDays(before day: Int64) {
        let start = UTCCalendar.start(ofDay: day)
        let keep = records.partitionPoint { $0.time < start }
        if keep > records.startIndex { records.removeSubrange(records.startIndex..<keep) }
    }

    // MARK: - Output

    /// The newest trade.
    public var latest: TradeRecord? { records.last }

    /// Up to `count` trades of one UTC day, newest first, as `trades/ticks` pages them.
    ///
    /// - Parameters:
    ///   - daysAgo: 0 for the latest trade's UTC day (Upbit's default), 1–7 for earlier days.
    ///   - secondOfDay: the `to` time of day; trades in that second or earlier are included.
    ///   - cursor: a `sequential_id`; only trades before it are returned.
    ///   - count: clamped to 1...500.
    public func trades(
        daysAgo: Int = 0, through secondOfDay: Int64? = nil, before cursor: Int64? = nil, count: Int
    )
        -> [TradeRecord]
    {
        guard let latest, (0...Self.maximumDaysAgo).contains(daysAgo) else { return [] }
        let count = min(max(count, 1), Self.maximumQueryCount)
        let dayStart = UTCCalendar.start(ofDay: UTCCalendar.day(of: latest.time) - Int64(daysAgo))
        var endMilliseconds = dayStart.milliseconds + UTCCalendar.millisecondsPerDay
        if let secondOfDay { endMilliseconds = min(endMilliseconds, dayStart.milliseconds + (secondOfDay + 1) * 1_000) }
        let end = Timestamp(milliseconds: endMilliseconds)
        let lower = records.partitionPoint { $0.time < dayStart }
        var upper = records.partitionPoint { $0.time < end }
        if let cursor { upper = min(upper, records.partitionPoint { $0.sequentialID < cursor }) }
        guard upper > lower else { return [] }
        return records[max(lower, upper - count)..<upper].reversed()
    }
}
