/// The calendar fields of an instant on a clock `offset` ahead of UTC, with Upbit's spellings.
///
/// Built from epoch milliseconds with ``UTCCalendar``; ``kst(_:)`` gives the Korean wall clock (+9 h),
/// which Upbit prints beside UTC (`candle_date_time_kst`, `trade_date_kst`). Formatting is pure string
/// building; years are printed with at least four digits.
public struct UTCDateTime: Hashable, Sendable {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int
    /// The second, 0–59.
    public let second: Int
    /// The millisecond, 0–999.
    public let millisecond: Int

    /// The UTC fields of `time`.
    public init(_ time: Timestamp) {
        self.init(time, offsetMilliseconds: 0)
    }

    /// The fields of `time` on a clock `offsetMilliseconds` ahead of UTC. An instant past the ends of
    /// `Int64` milliseconds once offset gives the fields of the last (or first) one, rather than trapping:
    /// a time someone typed in must not stop the server when it is printed.
    public init(_ time: Timestamp, offsetMilliseconds: Int64) {
        let (sum, overflow) = time.milliseconds.addingReportingOverflow(offsetMilliseconds)
        // A day above Int64.min, so that the day's start (rounded down) is still an Int64.
        let earliest = Int64.min + UTCCalendar.millisecondsPerDay
        let local = overflow ? (offsetMilliseconds > 0 ? Int64.max : earliest) : max(sum, earliest)
        let days = UTCCalendar.floorDivide(local, UTCCalendar.millisecondsPerDay)
        let civil = UTCCalendar.civil(days: days)
        let inDay = local - days * UTCCalendar.millisecondsPerDay
        year = Int(civil.year)
        month = Int(civil.month)
        day = Int(civil.day)
        hour = Int(inDay / 3_600_000)
        minute = Int(inDay / 60_000 % 60)
        second = Int(inDay / 1_000 % 60)
        millisecond = Int(inDay % 1_000)
    }

    /// The Korean (KST, UTC+9) wall-clock fields of `time`.
    public static func kst(_ time: Timestamp) -> UTCDateTime {
        UTCDateTime(time, offsetMilliseconds: UTCCalendar.kstOffsetMilliseconds)
    }

    // MARK: - Spellings

    /// `yyyy-MM-dd`, e.g. `2026-03-09` (`trade_date_utc`, `first_day_of_period`, 52-week dates).
    public var date: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    /// `HH:mm:ss`, e.g. `04:56:53` (`trade_time_utc`).
    public var time: String { "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }

    /// `yyyyMMdd`, e.g. `20260309` (ticker `trade_date`).
    public var compactDate: String { "\(pad(year, 4))\(pad(month, 2))\(pad(day, 2))" }

    /// `HHmmss`, e.g. `045653` (ticker `trade_time`).
    public var compactTime: String { "\(pad(hour, 2))\(pad(minute, 2))\(pad(second, 2))" }

    /// `yyyy-MM-dd'T'HH:mm:ss` with no zone suffix (`candle_date_time_utc`, `candle_date_time_kst`).
    public var dateTime: String { "\(date)T\(time)" }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
