/// A candle period Upbit serves: one second, eight minute lengths, day, week, month and year.
///
/// Every period starts on a UTC boundary (reference §2.7): minute candles at multiples of their length
/// since 00:00 UTC (each length divides a day, so that is also a multiple since the epoch; 240-minute
/// candles start at 00, 04, …, 20 UTC), days at 00:00 UTC (09:00 KST), weeks on Monday 00:00 UTC, months
/// on the 1st and years on January 1st.
public enum CandleUnit: Hashable, Codable, Sendable, CaseIterable {
    /// One second (`candles/seconds`).
    case second
    /// `candles/minutes/1`.
    case minute1
    /// `candles/minutes/3`.
    case minute3
    /// `candles/minutes/5`.
    case minute5
    /// `candles/minutes/10`.
    case minute10
    /// `candles/minutes/15`.
    case minute15
    /// `candles/minutes/30`.
    case minute30
    /// `candles/minutes/60`.
    case minute60
    /// `candles/minutes/240`.
    case minute240
    /// One UTC day (`candles/days`).
    case day
    /// Monday to Sunday, UTC (`candles/weeks`).
    case week
    /// A calendar month, UTC (`candles/months`).
    case month
    /// A calendar year, UTC (`candles/years`).
    case year

    /// The minute unit for a `candles/minutes/{unit}` path, or `nil` for a length Upbit does not serve.
    public init?(minutes: Int) {
        switch minutes {
        case 1: self = .minute1
        case 3: self = .minute3
        case 5: self = .minute5
        case 10: self = .minute10
        case 15: self = .minute15
        case 30: self = .minute30
        case 60: self = .minute60
        case 240: self = .minute240
        default: return nil
        }
    }

    /// The length in minutes of a minute unit (the `unit` field of minute candles); `nil` otherwise.
    public var minutes: Int? {
        switch self {
        case .minute1: 1
        case .minute3: 3
        case .minute5: 5
        case .minute10: 10
        case .minute15: 15
        case .minute30: 30
        case .minute60: 60
        case .minute240: 240
        case .second, .day, .week, .month, .year: nil
        }
    }

    /// Whether candles of this unit carry `first_day_of_period` (weeks, months, years).
    public var hasFirstDayOfPeriod: Bool { self == .week || self == .month || self == .year }

    /// The start of the period containing `time`; a time exactly on a boundary starts the new period.
    public func start(of time: Timestamp) -> Timestamp {
        let milliseconds = time.milliseconds
        switch self {
        case .second:
            return Timestamp(milliseconds: UTCCalendar.floorDivide(milliseconds, 1_000) * 1_000)
        case .minute1, .minute3, .minute5, .minute10, .minute15, .minute30, .minute60, .minute240:
            let length = Int64(minutes!) * UTCCalendar.millisecondsPerMinute
            return Timestamp(milliseconds: UTCCalendar.floorDivide(milliseconds, length) * length)
        case .day:
            return UTCCalendar.start(ofDay: UTCCalendar.day(of: time))
        case .week:
            let day = UTCCalendar.day(of: time)
            return UTCCalendar.start(ofDay: day - UTCCalendar.weekday(days: day))
        case .month:
            let date = UTCCalendar.civil(days: UTCCalendar.day(of: time))
            return UTCCalendar.start(ofDay: UTCCalendar.days(year: date.year, month: date.month, day: 1))
        case .year:
            let date = UTCCalendar.civil(days: UTCCalendar.day(of: time))
            return UTCCalendar.start(ofDay: UTCCalendar.days(year: date.year, month: 1, day: 1))
        }
    }
}
