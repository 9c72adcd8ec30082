/// A candle interval and its boundaries, as Upbit draws them: minutes align to UTC multiples, days start at
/// 00:00 UTC (09:00 KST), weeks on Monday 00:00 UTC, months on the 1st 00:00 UTC.
public enum CandleInterval: Hashable, Sendable, CaseIterable {
    /// 1, 3, 5, 10, 15, 30, 60 or 240 minutes.
    case minutes(Int)
    /// One UTC day.
    case day
    /// One week from Monday.
    case week
    /// One calendar month.
    case month

    /// The intervals a chart offers, shortest first.
    public static let allCases: [CandleInterval] = [
        .minutes(1), .minutes(3), .minutes(5), .minutes(10), .minutes(15), .minutes(30), .minutes(60),
        .minutes(240), .day, .week, .month,
    ]

    /// A short label (`1m`, `4h`, `1d`, `1w`, `1M`).
    public var label: String {
        switch self {
        case .minutes(let minutes) where minutes >= 60 && minutes % 60 == 0: "\(minutes / 60)h"
        case .minutes(let minutes): "\(minutes)m"
        case .day: "1d"
        case .week: "1w"
        case .month: "1M"
        }
    }

    /// The REST path of its candles (`/v1/candles/minutes/5`, `/v1/candles/days`).
    public var path: String {
        switch self {
        case .minutes(let minutes): "/v1/candles/minutes/\(minutes)"
        case .day: "/v1/candles/days"
        case .week: "/v1/candles/weeks"
        case .month: "/v1/candles/months"
        }
    }

    /// The start (Unix milliseconds, UTC) of the candle containing `milliseconds`.
    public func start(of milliseconds: Int64) -> Int64 {
        let minute: Int64 = 60_000
        let day = 1_440 * minute
        switch self {
        case .minutes(let minutes):
            let size = Int64(minutes) * minute
            return Self.floor(milliseconds, size)
        case .day: return Self.floor(milliseconds, day)
        case .week:
            // 1970-01-01 was a Thursday: Mondays are 4 days after a multiple of 7 days.
            let monday = 4 * day
            return Self.floor(milliseconds - monday, 7 * day) + monday
        case .month:
            let (year, month) = CivilDate.yearMonth(ofDay: Self.floor(milliseconds, day) / day)
            return CivilDate.firstDay(year: year, month: month) * day
        }
    }

    /// The start of the candle after the one starting at `start`.
    public func next(after start: Int64) -> Int64 {
        let day: Int64 = 86_400_000
        switch self {
        case .minutes(let minutes): return start + Int64(minutes) * 60_000
        case .day: return start + day
        case .week: return start + 7 * day
        case .month:
            let (year, month) = CivilDate.yearMonth(ofDay: start / day)
            return CivilDate.firstDay(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1) * day
        }
    }

    private static func floor(_ value: Int64, _ size: Int64) -> Int64 {
        let remainder = value % size
        return value - (remainder < 0 ? remainder + size : remainder)
    }
}

/// Proleptic Gregorian dates from day numbers (days since 1970-01-01), after Howard Hinnant's algorithms:
/// no calendar object, no time zone database, the same on every platform.
public enum CivilDate {
    /// The year, month and day of month of day number `days`.
    public static func date(ofDay days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let (year, month) = yearMonth(ofDay: days)
        return (year, month, days - firstDay(year: year, month: month) + 1)
    }

    static func yearMonth(ofDay days: Int64) -> (year: Int64, month: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month)
    }

    static func firstDay(year: Int64, month: Int64) -> Int64 {
        let adjusted = month <= 2 ? year - 1 : year
        let era = (adjusted >= 0 ? adjusted : adjusted - 399) / 400
        let yearOfEra = adjusted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `yyyy-MM-dd'T'HH:mm:ss` of a UTC instant (Upbit's candle time, no zone).
    static func text(milliseconds: Int64) -> String {
        let day: Int64 = 86_400_000
        let days = (milliseconds - ((milliseconds % day) + day) % day) / day
        let (year, month) = yearMonth(ofDay: days)
        let dayOfMonth = days - firstDay(year: year, month: month) + 1
        let seconds = (((milliseconds % day) + day) % day) / 1_000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(year)-\(two(month))-\(two(dayOfMonth))T\(two(seconds / 3_600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }

    /// The instant of `yyyy-MM-dd'T'HH:mm:ss` (UTC), or `nil` if it is not one.
    static func milliseconds(_ text: String) -> Int64? {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).map { Int64($0) }
        guard parts.count == 6, parts.allSatisfy({ $0 != nil }) else { return nil }
        let value = parts.map { $0! }
        guard (1...12).contains(value[1]) else { return nil }
        let days = firstDay(year: value[0], month: value[1]) + value[2] - 1
        return ((days * 24 + value[3]) * 60 + value[4]) * 60_000 + value[5] * 1_000
    }
}
