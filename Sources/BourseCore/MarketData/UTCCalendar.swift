/// Proleptic Gregorian calendar arithmetic on UTC days, without Foundation.
///
/// Days are counted from 1970-01-01 (day 0); negative days are before the epoch. The civil conversions are
/// Howard Hinnant's `days_from_civil` and `civil_from_days`, exact for every day an `Int64` of
/// milliseconds can reach. Every period boundary Upbit uses (second, minute multiples, day, Monday week,
/// month, year) is computed here from epoch milliseconds.
public enum UTCCalendar {
    /// Milliseconds in one UTC day (no leap seconds, as in Unix time).
    public static let millisecondsPerDay: Int64 = 86_400_000

    /// Milliseconds in one minute.
    public static let millisecondsPerMinute: Int64 = 60_000

    /// Korea Standard Time's offset from UTC (+09:00, no daylight saving): 00:00 UTC is 09:00 KST.
    public static let kstOffsetMilliseconds: Int64 = 9 * 3_600_000

    /// The day number (days since 1970-01-01) of a civil date; `month` is 1–12 and `day` 1–31.
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date (year, month 1–12, day 1–31) of a day number.
    public static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in `month` of `year`.
    public static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        let next = month == 12 ? days(year: year + 1, month: 1, day: 1) : days(year: year, month: month + 1, day: 1)
        return next - days(year: year, month: month, day: 1)
    }

    /// The day number containing `time` (rounding toward the past, also before 1970).
    public static func day(of time: Timestamp) -> Int64 {
        floorDivide(time.milliseconds, millisecondsPerDay)
    }

    /// The weekday of a day number, Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday, 3).
    public static func weekday(days: Int64) -> Int64 {
        floorModulo(days + 3, 7)
    }

    /// The first instant of a day number.
    public static func start(ofDay days: Int64) -> Timestamp {
        Timestamp(milliseconds: days * millisecondsPerDay)
    }

    /// `dividend / divisor` rounded toward negative infinity; `divisor` must be positive.
    static func floorDivide(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let quotient = dividend / divisor
        return dividend % divisor < 0 ? quotient - 1 : quotient
    }

    /// The non-negative remainder of `dividend / divisor`; `divisor` must be positive.
    static func floorModulo(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let remainder = dividend % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
