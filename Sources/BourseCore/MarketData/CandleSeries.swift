/// The candles of one market and one unit, kept up to date trade by trade.
///
/// Candles are stored oldest first in a `ContiguousArray`; a trade updates the newest candle or appends
/// one, so recording is O(1) and nothing is ever recomputed from the tape. A query finds `to` by binary
/// search and copies at most 200 candles: O(log n + 200).
///
/// Trades are expected in time order (the single-writer engine stamps them so); a trade older than the
/// newest candle is counted in the newest candle rather than reopening a finished period.
public struct CandleSeries: Hashable, Codable, Sendable {
    /// The most candles one query returns (Upbit's `count` maximum).
    public static let maximumQueryCount = 200

    /// The period of every candle here.
    public let unit: CandleUnit
    /// How many of the newest candles are kept at least; older ones are dropped in batches so that
    /// dropping stays O(1) per trade on average. `nil` keeps everything.
    public let retainedCount: Int?
    /// The candles, oldest first.
    public private(set) var candles: ContiguousArray<Candle> = []

    /// An empty series; `retainedCount` bounds memory (e.g. about three months of one-second candles,
    /// which is all Upbit serves of them).
    public init(unit: CandleUnit, retainedCount: Int? = nil) {
        precondition(retainedCount.map { $0 >= CandleSeries.maximumQueryCount } ?? true, "retain at least 200")
        self.unit = unit
        self.retainedCount = retainedCount
    }

    // MARK: - Input

    /// Counts a trade in the candle of its period, opening that candle if it is the period's first trade.
    public mutating func record(_ trade: Trade) {
        record(price: trade.price, volume: trade.volume, funds: trade.funds, at: trade.time)
    }

    /// Counts a trade of `volume` at `price` worth `funds`, made at `time`.
    public mutating func record(price: Price, volume: Volume, funds: Funds, at time: Timestamp) {
        let start = unit.start(of: time)
        if let last = candles.indices.last, candles[last].start >= start {
            candles[last].add(price: price, volume: volume, funds: funds, time: time)
            return
        }
        let previousClose = candles.last?.close ?? price
        candles.append(
            Candle(start: start, price: price, volume: volume, funds: funds, time: time, previousClose: previousClose))
        if let retainedCount, candles.count >= retainedCount * 2 {
            candles.removeFirst(candles.count - retainedCount)
        }
    }

    // MARK: - Output

    /// The newest candle (the one in progress if its period has not ended).
    public var latest: Candle? { candles.last }

    /// Up to `count` candles whose start is before `to` (exclusive), newest first.
    ///
    /// `to == nil` means "the most recent", including the candle in progress. `count` is clamped to
    /// 1...200, as Upbit silently did for larger counts; the wire layer applies the default of 1.
    public func candles(before to: Timestamp?, count: Int) -> [Candle] {
        let count = min(max(count, 1), Self.maximumQueryCount)
        let end = to.map { to in candles.partitionPoint { $0.start < to } } ?? candles.endIndex
        let begin = max(candles.startIndex, end - count)
        return candles[begin..<end].reversed()
    }

}
