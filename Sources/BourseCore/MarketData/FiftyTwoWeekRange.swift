/// The highest and lowest trade prices of the last 52 weeks, with the UTC days they were reached.
///
/// The window is the current UTC day and the 363 days before it (364 days = 52 weeks). Completed days'
/// highs and lows are kept in a ring of 364 entries (bounded memory); the extremes over the completed
/// days of the window are cached once per day, so a ticker read combines two values instead of scanning.
/// On equal prices the earlier day wins: the date is when that price was first reached.
struct FiftyTwoWeekRange: Hashable, Codable, Sendable {
    /// Days in the window, today included.
    static let windowDays: Int64 = 364

    /// A price and the UTC day (days since the epoch) it was reached.
    struct Extreme: Hashable, Codable, Sendable {
        var price: Price
        var day: Int64
    }

    /// One completed UTC day's high and low.
    struct DayRange: Hashable, Codable, Sendable {
        var day: Int64
        var high: Price
        var low: Price
    }

    private var days: ContiguousArray<DayRange?> = []
    private var cachedDay: Int64?
    private var cachedHigh: Extreme?
    private var cachedLow: Extreme?

    /// Stores a completed day; days must be stored in increasing order.
    mutating func store(_ range: DayRange) {
        if days.isEmpty { days = ContiguousArray(repeating: nil, count: Int(Self.windowDays)) }
        days[Int(UTCCalendar.floorModulo(range.day, Self.windowDays))] = range
        cachedDay = nil
    }

    /// Caches the extremes of the completed days in the window of `day`.
    mutating func refresh(forDay day: Int64) {
        guard cachedDay != day else { return }
        let extremes = scan(forDay: day)
        cachedDay = day
        cachedHigh = extremes.high
        cachedLow = extremes.low
    }

    /// The extremes on `day`, counting `today` (the day's own range so far) and `pending` (a completed
    /// day not stored yet, when reading past midnight without a trade).
    func extremes(onDay day: Int64, today: DayRange?, pending: DayRange?) -> (high: Extreme?, low: Extreme?) {
        var result = cachedDay == day ? (high: cachedHigh, low: cachedLow) : scan(forDay: day)
        for range in [pending, today].compactMap({ $0 }) where range.day > day - Self.windowDays {
            result.high = Self.higher(result.high, Extreme(price: range.high, day: range.day))
            result.low = Self.lower(result.low, Extreme(price: range.low, day: range.day))
        }
        return result
    }

    private func scan(forDay day: Int64) -> (high: Extreme?, low: Extreme?) {
        var high: Extreme?
        var low: Extreme?
        for case let range? in days where range.day > day - Self.windowDays && range.day < day {
            high = Self.higher(high, Extreme(price: range.high, day: range.day))
            low = Self.lower(low, Extreme(price: range.low, day: range.day))
        }
        return (high, low)
    }

    private static func higher(_ current: Extreme?, _ candidate: Extreme) -> Extreme {
        guard let current else { return candidate }
        if candidate.price != current.price { return candidate.price > current.price ? candidate : current }
        return candidate.day < current.day ? candidate : current
    }

    private static func lower(_ current: Extreme?, _ candidate: Extreme) -> Extreme {
        guard let current else { return candidate }
        if candidate.price != current.price { return candidate.price < current.price ? candidate : current }
        return candidate.day < current.day ? candidate : current
    }
}
