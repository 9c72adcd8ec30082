import BourseCore
import Testing

@Suite("Ticker")
struct MarketDataTickerTests {
    static let march10 = march9.plus(oneDay)

    /// Three trades on Monday 2026-03-09, the market's first day; the last at 23:59:59.999.
    static func firstDay() -> [Trade] {
        [
            trade("100000000", "0.1", funds: "10000000", taker: .bid, at: march9.plus(10 * oneHour)),
            trade("102000000", "0.2", funds: "20400000", taker: .ask, at: march9.plus(15 * oneHour + 30 * oneMinute)),
            trade("101000000", "0.3", funds: "30300000", taker: .bid, at: march10.plus(-1)),
        ]
    }

    /// A trade exactly at 2026-03-10 00:00:00.000 UTC.
    static let midnightTrade = trade("99000000", "0.5", funds: "49500000", taker: .ask, at: march10)

    static func ticker(_ trades: [Trade]) -> Ticker {
        var ticker = Ticker(market: krwBTC)
        for trade in trades { ticker.record(trade) }
        return ticker
    }

    @Test func thereIsNoTickerBeforeTheFirstTrade() {
        #expect(Ticker(market: krwBTC).snapshot(at: march9) == nil)
    }

    @Test func onTheFirstDayThePreviousCloseIsTheFirstTradesPrice() throws {
        let snapshot = try #require(Self.ticker(Self.firstDay()).snapshot(at: Self.march10.plus(-1)))
        #expect(snapshot.previousClose == p("100000000"))
        #expect(snapshot.openingPrice == p("100000000"))
        #expect(snapshot.highPrice == p("102000000"))
        #expect(snapshot.lowPrice == p("100000000"))
        #expect(snapshot.tradePrice == p("101000000"))
        #expect(snapshot.tradeVolume == v("0.3"))
        #expect(snapshot.takerSide == .bid)
        #expect(snapshot.change == .rise)
        #expect(snapshot.signedChangePrice == p("1000000"))
        #expect(snapshot.changePrice == p("1000000"))
        #expect(snapshot.signedChangeRate == ChangeRate(units: 100_000_000))
        #expect(snapshot.changeRate.description == "0.01")
        #expect(snapshot.accTradeFunds.description == "60700000")
        #expect(snapshot.accTradeVolume.description == "0.6")
        #expect(snapshot.accAskVolume.description == "0.2")
        #expect(snapshot.accBidVolume.description == "0.4")
        #expect(snapshot.accTradeFunds24h.description == "60700000")
        #expect(snapshot.accTradeVolume24h.description == "0.6")
        #expect(snapshot.highest52WeekPrice == p("102000000"))
        #expect(snapshot.highest52WeekDate.date == "2026-03-09")
        #expect(snapshot.lowest52WeekPrice == p("100000000"))
        #expect(snapshot.lowest52WeekDate.date == "2026-03-09")
        #expect(snapshot.tradeTime == Self.march10.plus(-1))
        #expect([snapshot.tradeUTC.compactDate, snapshot.tradeUTC.compactTime] == ["20260309", "235959"])
        #expect([snapshot.tradeKST.compactDate, snapshot.tradeKST.compactTime] == ["20260310", "085959"])
        #expect(snapshot.timestamp == Self.march10.plus(-1))
    }

    @Test func aReadAfterMidnightWithNoTradeReportsTheNewDay() throws {
        let ticker = Self.ticker(Self.firstDay())
        for time in [Self.march10, Self.march10.plus(5 * oneHour)] {
            let snapshot = try #require(ticker.snapshot(at: time))
            #expect(snapshot.timestamp == time)
            #expect(snapshot.previousClose == p("101000000"))
            #expect(snapshot.openingPrice == p("101000000"))
            #expect(snapshot.highPrice == p("101000000"))
            #expect(snapshot.lowPrice == p("101000000"))
            #expect(snapshot.tradePrice == p("101000000"))
            #expect(snapshot.change == .even)
            #expect(snapshot.signedChangePrice == .zero)
            #expect(snapshot.signedChangeRate == .zero)
            #expect(snapshot.accTradeFunds == .zero)
            #expect(snapshot.accTradeVolume == .zero)
            // Still within 24 hours of all three trades, and yesterday is still within 52 weeks.
            #expect(snapshot.accTradeFunds24h.description == "60700000")
            #expect(snapshot.highest52WeekPrice == p("102000000"))
            #expect(snapshot.lowest52WeekDate.date == "2026-03-09")
            #expect(snapshot.tradeUTC.compactDate == "20260309")
        }
    }

    @Test func aTradeExactlyAtMidnightBelongsToTheNewDay() throws {
        let ticker = Self.ticker(Self.firstDay() + [Self.midnightTrade])
        let snapshot = try #require(ticker.snapshot(at: Self.march10))
        #expect(snapshot.previousClose == p("101000000"))
        #expect(snapshot.openingPrice == p("101000000"))
        #expect(snapshot.highPrice == p("99000000"))
        #expect(snapshot.lowPrice == p("99000000"))
        #expect(snapshot.change == .fall)
        #expect(snapshot.signedChangePrice == p("-2000000"))
        #expect(snapshot.changePrice == p("2000000"))
        // -2 / 101 = -0.019801980198…, rounded half away from zero at ten places.
        #expect(snapshot.signedChangeRate.description == "-0.0198019802")
        #expect(snapshot.changeRate.description == "0.0198019802")
        #expect(snapshot.accTradeFunds.description == "49500000")
        #expect(snapshot.accTradeVolume.description == "0.5")
        #expect(snapshot.accAskVolume.description == "0.5")
        #expect(snapshot.accBidVolume == .zero)
        #expect(snapshot.accTradeFunds24h.description == "110200000")
        #expect(snapshot.accTradeVolume24h.description == "1.1")
        #expect(snapshot.highest52WeekPrice == p("102000000"))
        #expect(snapshot.highest52WeekDate.date == "2026-03-09")
        #expect(snapshot.lowest52WeekPrice == p("99000000"))
        #expect(snapshot.lowest52WeekDate.date == "2026-03-10")
    }

    @Test(arguments: [
        // A trade leaves the window at the start of the minute 24 h after its own minute.
        (9 * oneHour + 59 * oneMinute + 59 * oneSecond + 999, "110200000", "1.1"),
        (10 * oneHour, "100200000", "1"),
        (15 * oneHour + 30 * oneMinute - 1, "100200000", "1"),
        (15 * oneHour + 30 * oneMinute, "79800000", "0.8"),
        (oneDay - 1, "49500000", "0.5"),
        (oneDay, "0", "0"),
    ])
    func theRolling24HourSumsExpireByTheMinute(afterMidnight: Int64, funds: String, volume: String) throws {
        let ticker = Self.ticker(Self.firstDay() + [Self.midnightTrade])
        let snapshot = try #require(ticker.snapshot(at: Self.march10.plus(afterMidnight)))
        #expect(snapshot.accTradeFunds24h.description == funds)
        #expect(snapshot.accTradeVolume24h.description == volume)
    }

    @Test func advancingTheClockChangesNothingAReadReports() {
        let trades = Self.firstDay() + [Self.midnightTrade]
        let reads: [Int64] = [0, 10 * oneHour, 15 * oneHour + 30 * oneMinute, oneDay - 1, oneDay, 3 * oneDay]
        var advanced = Self.ticker(trades)
        let untouched = advanced
        for read in reads.map({ Self.march10.plus($0) }) {
            advanced.advance(to: read)
            #expect(advanced.snapshot(at: read) == untouched.snapshot(at: read))
        }
        let later = advanced.snapshot(at: Self.march10.plus(3 * oneDay))
        #expect(later?.previousClose == p("99000000"))
        #expect(later?.accTradeFunds == .zero)
        #expect(later?.accTradeFunds24h == .zero)
    }

    @Test func fiftyTwoWeekExtremesKeepTheDayTheyWereFirstReached() throws {
        let march10of2025 = Timestamp(milliseconds: 1_741_564_800_000)
        var ticker = Ticker(market: krwBTC)
        ticker.record(tick("150000000", at: march10of2025.plus(oneHour)))
        ticker.record(tick("50000000", at: march10of2025.plus(2 * oneHour)))
        ticker.record(tick("150000000", at: march10of2025.plus(200 * oneDay)))  // 2025-09-26
        // 363 days later the first day is still in the window (today and the 363 days before it).
        let lastDayInWindow = march10of2025.plus(363 * oneDay)
        ticker.record(tick("100000000", at: lastDayInWindow.plus(oneHour)))
        let inside = try #require(ticker.snapshot(at: lastDayInWindow.plus(2 * oneHour)))
        #expect([inside.highest52WeekPrice, inside.lowest52WeekPrice] == [p("150000000"), p("50000000")])
        #expect([inside.highest52WeekDate.date, inside.lowest52WeekDate.date] == ["2025-03-10", "2025-03-10"])

        // A day later, read at midnight before any trade, it has left.
        let dropped = try #require(ticker.snapshot(at: lastDayInWindow.plus(oneDay)))
        #expect([dropped.highest52WeekPrice, dropped.lowest52WeekPrice] == [p("150000000"), p("100000000")])
        #expect([dropped.highest52WeekDate.date, dropped.lowest52WeekDate.date] == ["2025-09-26", "2026-03-08"])

        ticker.record(tick("100000000", at: lastDayInWindow.plus(oneDay + oneHour)))
        let traded = try #require(ticker.snapshot(at: lastDayInWindow.plus(oneDay + oneHour)))
        #expect(traded.lowest52WeekPrice == p("100000000"))
        #expect(traded.lowest52WeekDate.date == "2026-03-08")
        #expect(traded.highest52WeekDate.date == "2025-09-26")
    }
}
