import BourseCore
import Testing

@Suite("UTC calendar")
struct MarketDataCalendarTests {
    @Test func theEpochIsThursdayTheFirstOfJanuary1970() {
        let epoch = UTCDateTime(Timestamp(milliseconds: 0))
        #expect([epoch.year, epoch.month, epoch.day, epoch.hour, epoch.minute, epoch.second] == [1970, 1, 1, 0, 0, 0])
        #expect(UTCCalendar.weekday(days: 0) == 3)
    }

    @Test(arguments: [
        (Int64(0), Int64(1970), Int64(1), Int64(1)),
        (20_263, 2025, 6, 24),
        (20_521, 2026, 3, 9),
        (20_454, 2026, 1, 1),
        (19_782, 2024, 2, 29),
        (11_016, 2000, 2, 29),
        (-1, 1969, 12, 31),
    ])
    func dayNumbersAndCivilDatesConvertBothWays(days: Int64, year: Int64, month: Int64, day: Int64) {
        #expect(UTCCalendar.days(year: year, month: month, day: day) == days)
        let civil = UTCCalendar.civil(days: days)
        #expect([civil.year, civil.month, civil.day] == [year, month, day])
    }

    @Test func februaryFollowsTheGregorianLeapYearRule() {
        #expect(UTCCalendar.daysInMonth(year: 2024, month: 2) == 29)
        #expect(UTCCalendar.daysInMonth(year: 2025, month: 2) == 28)
        #expect(UTCCalendar.daysInMonth(year: 2000, month: 2) == 29)
        #expect(UTCCalendar.daysInMonth(year: 1900, month: 2) == 28)
        #expect(UTCCalendar.daysInMonth(year: 2026, month: 4) == 30)
        #expect(UTCCalendar.daysInMonth(year: 2026, month: 12) == 31)
    }

    @Test func mondayIsWeekdayZeroAndSundaySix() {
        #expect(UTCCalendar.weekday(days: 20_521) == 0)  // 2026-03-09
        #expect(UTCCalendar.weekday(days: 20_451) == 0)  // 2025-12-29
        #expect(UTCCalendar.weekday(days: 20_454) == 3)  // 2026-01-01, a Thursday
        #expect(UTCCalendar.weekday(days: 20_527) == 6)  // 2026-03-15, a Sunday
        #expect(UTCCalendar.weekday(days: -1) == 2)  // 1969-12-31, a Wednesday
    }

    @Test func theMillisecondBeforeTheEpochIsTheLastMomentOf1969() {
        let time = UTCDateTime(Timestamp(milliseconds: -1))
        #expect(time.dateTime == "1969-12-31T23:59:59")
        #expect(time.millisecond == 999)
        #expect(UTCCalendar.day(of: Timestamp(milliseconds: -1)) == -1)
    }

    @Test func oneInstantHasEveryUpbitSpelling() {
        let time = UTCDateTime(Timestamp(milliseconds: 1_750_741_013_123))
        #expect(time.date == "2025-06-24")
        #expect(time.time == "04:56:53")
        #expect(time.compactDate == "20250624")
        #expect(time.compactTime == "045653")
        #expect(time.dateTime == "2025-06-24T04:56:53")
        #expect(time.millisecond == 123)
    }

    @Test func theLastInstantsOffsetPastInt64GiveTheLastFieldsInsteadOfTrapping() {
        let last = UTCDateTime(Timestamp(milliseconds: .max))
        #expect(UTCDateTime(Timestamp(milliseconds: .max), offsetMilliseconds: 9 * 3_600_000) == last)
        let first = UTCDateTime(Timestamp(milliseconds: .min))
        #expect(UTCDateTime(Timestamp(milliseconds: .min), offsetMilliseconds: -1) == first)
        #expect(last.year > 292_000_000 && first.year < -292_000_000)
    }

    @Test func koreanTimeIsNineHoursAheadAndMayBeTheNextDay() {
        let evening = june24.plus(20 * oneHour)
        #expect(UTCDateTime(evening).dateTime == "2025-06-24T20:00:00")
        #expect(UTCDateTime.kst(evening).dateTime == "2025-06-25T05:00:00")
        #expect(UTCDateTime.kst(evening).compactDate == "20250625")
        #expect(UTCDateTime.kst(june24).dateTime == "2025-06-24T09:00:00")
    }
}
