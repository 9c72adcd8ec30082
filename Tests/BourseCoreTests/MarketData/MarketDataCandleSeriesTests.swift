import BourseCore
import Testing

@Suite("Candle series")
struct MarketDataCandleSeriesTests {
    /// Five trades on 2025-06-24 around 04:56 UTC; none in 04:58.
    static func minuteTrades() -> [Trade] {
        let base = june24.plus(4 * oneHour)
        return [
            trade("100000000", "0.1", funds: "10000000", at: base.plus(56 * oneMinute + 10 * oneSecond)),
            trade("101000000", "0.2", funds: "20200000", at: base.plus(56 * oneMinute + 20 * oneSecond)),
            trade("99500000", "0.3", funds: "29850000", at: base.plus(57 * oneMinute - 1)),
            trade("100500000", "0.4", funds: "40200000", at: base.plus(57 * oneMinute)),
            trade("100000000", "1", funds: "100000000", at: base.plus(59 * oneMinute + 30 * oneSecond)),
        ]
    }

    static func series(_ unit: CandleUnit, _ trades: [Trade]) -> CandleSeries {
        var series = CandleSeries(unit: unit)
        for trade in trades { series.record(trade) }
        return series
    }

    @Test func tradesOfOneMinuteMakeOneCandleAndQuietMinutesMakeNone() {
        let trades = Self.minuteTrades()
        let candles = Self.series(.minute1, trades).candles(before: nil, count: 200)
        #expect(
            candles.map { utcString($0.start) } == [
                "2025-06-24T04:59:00", "2025-06-24T04:57:00", "2025-06-24T04:56:00",
            ])
        let first = candles[2]
        #expect(
            [first.open, first.high, first.low, first.close] == [
                p("100000000"), p("101000000"), p("99500000"), p("99500000"),
            ])
        #expect(first.lastTradeTime == trades[2].time)
        #expect(first.accTradeFunds.description == "60050000")
        #expect(first.accTradeVolume.description == "0.6")
        // The trade exactly at 04:57:00.000 opens the next candle.
        #expect(candles[1].open == p("100500000"))
        #expect(candles[1].accTradeVolume.description == "0.4")
        #expect(candles[1].previousClose == p("99500000"))
    }

    @Test func aFiveMinuteCandleGathersTheSameTrades() {
        let trades = Self.minuteTrades()
        let candles = Self.series(.minute5, trades).candles(before: nil, count: 200)
        #expect(candles.count == 1)
        let candle = candles[0]
        #expect(utcString(candle.start) == "2025-06-24T04:55:00")
        #expect(utcString(candle.start.plus(9 * oneHour)) == candle.startKST.dateTime)
        #expect(
            [candle.open, candle.high, candle.low, candle.close] == [
                p("100000000"), p("101000000"), p("99500000"), p("100000000"),
            ])
        #expect(candle.accTradeFunds.description == "200250000")
        #expect(candle.accTradeVolume.description == "2")
        #expect(candle.lastTradeTime == trades[4].time)
    }

    @Test func toIsExclusiveOnTheCandleStart() {
        let series = Self.series(.minute1, Self.minuteTrades())
        let minute57 = june24.plus(4 * oneHour + 57 * oneMinute)
        #expect(series.candles(before: minute57, count: 200).map { utcString($0.start) } == ["2025-06-24T04:56:00"])
        #expect(series.candles(before: minute57.plus(1), count: 200).count == 2)
        #expect(series.candles(before: minute57.plus(-oneMinute), count: 200).isEmpty)
        #expect(series.candles(before: minute57.plus(oneDay), count: 200).count == 3)
    }

    @Test func countIsClampedToOneThroughTwoHundred() {
        var series = CandleSeries(unit: .second)
        for second in Int64(0)..<250 { series.record(tick("100", at: june24.plus(second * oneSecond + 5))) }
        let all = series.candles(before: nil, count: 500)
        #expect(all.count == 200)
        #expect(all.first?.start == june24.plus(249 * oneSecond))
        #expect(all.last?.start == june24.plus(50 * oneSecond))
        #expect(series.candles(before: nil, count: 0).map(\.start) == [june24.plus(249 * oneSecond)])
        #expect(series.candles(before: nil, count: -5).count == 1)
        #expect(
            series.candles(before: june24.plus(10 * oneSecond), count: 3).map(\.start)
                == [9, 8, 7].map { june24.plus($0 * oneSecond) })
    }

    @Test func dayCandlesCompareTheirCloseWithThePreviousTradingDay() {
        let trades = [
            tick("100000000", at: june24.plus(oneHour)),
            tick("110000000", at: june24.plus(2 * oneHour)),
            // No trade on 2025-06-25.
            tick("99000000", at: june24.plus(2 * oneDay)),
            tick("104500000", at: june24.plus(3 * oneDay - 1)),
        ]
        let candles = Self.series(.day, trades).candles(before: nil, count: 200)
        #expect(candles.map { $0.startUTC.dateTime } == ["2025-06-26T00:00:00", "2025-06-24T00:00:00"])
        #expect(candles.map { $0.startKST.dateTime } == ["2025-06-26T09:00:00", "2025-06-24T09:00:00"])
        #expect(candles[0].previousClose == p("110000000"))
        #expect(candles[0].changePrice == p("-5500000"))
        #expect(candles[0].changeRate.description == "-0.05")
        // A market's first candle compares with its own open.
        #expect(candles[1].previousClose == p("100000000"))
        #expect(candles[1].changePrice == p("10000000"))
        #expect(candles[1].changeRate == ChangeRate(units: 1_000_000_000))
    }

    @Test func weekCandlesStartOnMondayWhateverTheYear() {
        let monday = december29.plus(7 * oneDay)
        let trades = [tick("3", at: newYear2026), tick("1", at: monday.plus(-1)), tick("2", at: monday)]
        let candles = Self.series(.week, trades).candles(before: nil, count: 200)
        #expect(candles.map { $0.startUTC.date } == ["2026-01-05", "2025-12-29"])
        #expect(candles.map { $0.startKST.dateTime } == ["2026-01-05T09:00:00", "2025-12-29T09:00:00"])
        #expect(
            [candles[1].open, candles[1].close, candles[1].high, candles[1].low] == [p("3"), p("1"), p("3"), p("1")])
    }

    @Test func monthAndYearCandlesTurnOverExactlyAtMidnightUTC() {
        let february1 = Timestamp(milliseconds: 1_769_904_000_000)
        let trades = [
            tick("5", at: newYear2026.plus(-1)), tick("6", at: newYear2026), tick("7", at: february1.plus(-1)),
            tick("8", at: february1),
        ]
        let months = Self.series(.month, trades).candles(before: nil, count: 200)
        #expect(months.map { $0.startUTC.date } == ["2026-02-01", "2026-01-01", "2025-12-01"])
        #expect([months[1].open, months[1].close] == [p("6"), p("7")])
        let years = Self.series(.year, trades).candles(before: nil, count: 200)
        #expect(years.map { $0.startUTC.date } == ["2026-01-01", "2025-01-01"])
        #expect([years[0].open, years[0].high, years[0].low, years[0].close] == [p("6"), p("8"), p("6"), p("8")])
        #expect(years[0].previousClose == p("5"))
        let days = Self.series(.day, trades).candles(before: nil, count: 200)
        #expect(days.map { $0.startUTC.date } == ["2026-02-01", "2026-01-31", "2026-01-01", "2025-12-31"])
    }

    @Test func oldCandlesAreDroppedInBatchesBeyondTheRetainedCount() {
        var series = CandleSeries(unit: .second, retainedCount: 200)
        for second in Int64(0)..<399 { series.record(tick("100", at: june24.plus(second * oneSecond))) }
        #expect(series.candles.count == 399)
        series.record(tick("101", at: june24.plus(399 * oneSecond)))
        #expect(series.candles.count == 200)
        #expect(series.candles.first?.start == june24.plus(200 * oneSecond))
        #expect(series.latest?.previousClose == p("100"))
        #expect(series.candles(before: nil, count: 200).count == 200)
    }

    @Test func aTradeStampedBeforeTheNewestCandleCountsInIt() {
        var series = CandleSeries(unit: .minute1)
        series.record(tick("10", at: june24.plus(oneMinute)))
        series.record(tick("9", at: june24.plus(30 * oneSecond)))
        #expect(series.candles.count == 1)
        #expect(series.latest?.low == p("9"))
        #expect(series.latest?.lastTradeTime == june24.plus(oneMinute))
    }
}
