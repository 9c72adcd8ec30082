import BourseCore
import Testing

@Suite("Candle unit alignment")
struct MarketDataCandleUnitTests {
    /// Tuesday 2025-06-24T04:56:53.123Z.
    let instant = Timestamp(milliseconds: 1_750_741_013_123)

    @Test(arguments: [
        (CandleUnit.second, "2025-06-24T04:56:53"),
        (.minute1, "2025-06-24T04:56:00"),
        (.minute3, "2025-06-24T04:54:00"),
        (.minute5, "2025-06-24T04:55:00"),
        (.minute10, "2025-06-24T04:50:00"),
        (.minute15, "2025-06-24T04:45:00"),
        (.minute30, "2025-06-24T04:30:00"),
        (.minute60, "2025-06-24T04:00:00"),
        (.minute240, "2025-06-24T04:00:00"),
        (.day, "2025-06-24T00:00:00"),
        (.week, "2025-06-23T00:00:00"),
        (.month, "2025-06-01T00:00:00"),
        (.year, "2025-01-01T00:00:00"),
    ])
    func everyUnitStartsOnItsUTCBoundary(unit: CandleUnit, start: String) {
        #expect(utcString(unit.start(of: instant)) == start)
        #expect(unit.start(of: instant).milliseconds % 1_000 == 0)
    }

    @Test func startsAreExactMilliseconds() {
        #expect(CandleUnit.second.start(of: instant) == Timestamp(milliseconds: 1_750_741_013_000))
        #expect(CandleUnit.week.start(of: instant) == Timestamp(milliseconds: 1_750_636_800_000))
        #expect(CandleUnit.month.start(of: instant) == Timestamp(milliseconds: 1_748_736_000_000))
        #expect(CandleUnit.year.start(of: instant) == Timestamp(milliseconds: 1_735_689_600_000))
    }

    @Test func fourHourCandlesStartAtZeroFourEightTwelveSixteenAndTwentyUTC() {
        for hour in Int64(0)..<24 {
            let start = CandleUnit.minute240.start(of: june24.plus(hour * oneHour + 59 * oneMinute))
            #expect(start == june24.plus((hour - hour % 4) * oneHour))
        }
        #expect(utcString(CandleUnit.minute240.start(of: june24.plus(oneDay - 1))) == "2025-06-24T20:00:00")
    }

    @Test(arguments: CandleUnit.allCases)
    func anInstantExactlyOnABoundaryStartsTheNewPeriod(unit: CandleUnit) {
        // 2026-01-01 starts a second, every minute unit, a day, a month and a year; weeks start on Mondays.
        let boundary = unit == .week ? december29 : newYear2026
        #expect(unit.start(of: boundary) == boundary)
        #expect(unit.start(of: boundary.plus(-1)) < boundary)
    }

    @Test func aWeekRunsFromMondayToSundayAcrossTheNewYear() {
        #expect(utcString(CandleUnit.week.start(of: newYear2026.plus(12 * oneHour))) == "2025-12-29T00:00:00")
        // Sunday 2026-01-04 23:59:59.999 is still in that week; Monday 2026-01-05 00:00 starts the next.
        let monday = december29.plus(7 * oneDay)
        #expect(CandleUnit.week.start(of: monday.plus(-1)) == december29)
        #expect(utcString(CandleUnit.week.start(of: monday)) == "2026-01-05T00:00:00")
    }

    @Test func aLeapDayBelongsToFebruary() {
        let leapDay = Timestamp(milliseconds: 1_709_208_000_000)  // 2024-02-29T12:00:00Z
        #expect(utcString(CandleUnit.month.start(of: leapDay)) == "2024-02-01T00:00:00")
        #expect(utcString(CandleUnit.year.start(of: leapDay)) == "2024-01-01T00:00:00")
        #expect(utcString(CandleUnit.week.start(of: leapDay)) == "2024-02-26T00:00:00")
    }

    @Test func minuteUnitsMatchUpbitsPathValuesOnly() {
        for minutes in [1, 3, 5, 10, 15, 30, 60, 240] { #expect(CandleUnit(minutes: minutes)?.minutes == minutes) }
        for minutes in [0, 2, 45, 120, 1_440] { #expect(CandleUnit(minutes: minutes) == nil) }
        #expect(CandleUnit.day.minutes == nil)
        #expect(CandleUnit.allCases.filter(\.hasFirstDayOfPeriod) == [.week, .month, .year])
    }
}
