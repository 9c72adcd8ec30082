import BourseCore
import Testing

@Suite("Trade tape")
struct MarketDataTradeTapeTests {
    /// 2026-03-09 01:00:00 UTC.
    static let oneAM = march9.plus(oneHour)

    static func tape(_ trades: [Trade]) -> TradeTape {
        var tape = TradeTape(market: krwBTC)
        for trade in trades { tape.record(trade) }
        return tape
    }

    @Test func sequentialIDsAreTheMillisecondTimesTenThousandPlusACounter() {
        let trades = [Self.oneAM, Self.oneAM, Self.oneAM, Self.oneAM.plus(1)].map { tick("100", at: $0) }
        let ids = Self.tape(trades).records.map(\.sequentialID)
        #expect(
            ids == [17_730_180_000_000_000, 17_730_180_000_000_001, 17_730_180_000_000_002, 17_730_180_000_010_000])
    }

    @Test func moreThanTenThousandTradesInOneMillisecondStillGetUniqueIncreasingIDs() {
        var tape = TradeTape(market: krwBTC)
        for sequence in UInt64(1)...10_001 { tape.record(tick("100", at: Self.oneAM, sequence: sequence)) }
        let spilled = tape.record(tick("100", at: Self.oneAM.plus(1), sequence: 10_002))
        let ids = tape.records.map(\.sequentialID)
        #expect(Set(ids).count == 10_002)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        // The 10,001st id borrows the next millisecond's first id, so the next trade takes the one after.
        #expect(ids[10_000] == 17_730_180_000_010_000)
        #expect(spilled.sequentialID == 17_730_180_000_010_001)
        #expect(spilled.time == Self.oneAM.plus(1))
    }

    @Test func recordsCarryTheTakerSideAndTheChangeSinceThePreviousClose() {
        let tape = Self.tape([
            trade("100000000", "0.1", funds: "10000000", taker: .bid, at: Self.oneAM),
            trade("101000000", "0.1", funds: "10100000", taker: .ask, at: Self.oneAM.plus(oneHour)),
            trade("99000000", "0.1", funds: "9900000", taker: .ask, at: march9.plus(oneDay)),
        ])
        let records = tape.records
        #expect(records.map(\.askBid) == ["BID", "ASK", "ASK"])
        #expect(records.map(\.previousClose) == [p("100000000"), p("100000000"), p("101000000")])
        #expect(records.map(\.changePrice) == [.zero, p("1000000"), p("-2000000")])
        #expect([records[0].utc.date, records[0].utc.time] == ["2026-03-09", "01:00:00"])
        #expect([records[2].utc.date, records[2].utc.time] == ["2026-03-10", "00:00:00"])
        #expect(records.map(\.sequence) == [1, 1, 1])
    }

    /// Day one at 01:00, 02:00:00.999 and 03:00; day two at 01:00 and 02:00.
    static func twoDays() -> TradeTape {
        let times = [
            Self.oneAM, Self.oneAM.plus(oneHour + 999), Self.oneAM.plus(2 * oneHour), Self.oneAM.plus(oneDay),
            Self.oneAM.plus(oneDay + oneHour),
        ]
        return Self.tape(times.enumerated().map { tick("100", at: $1, sequence: UInt64($0 + 1)) })
    }

    @Test func queriesDefaultToTheLatestTradesDayNewestFirst() {
        #expect(Self.twoDays().trades(count: 10).map(\.sequence) == [5, 4])
        #expect(Self.twoDays().trades(daysAgo: 1, count: 10).map(\.sequence) == [3, 2, 1])
        #expect(Self.twoDays().trades(daysAgo: 2, count: 10).isEmpty)
        #expect(Self.twoDays().trades(daysAgo: 8, count: 10).isEmpty)
    }

    @Test func toIncludesEveryTradeOfItsSecond() {
        let tape = Self.twoDays()
        #expect(tape.trades(daysAgo: 1, through: 7_200, count: 10).map(\.sequence) == [2, 1])
        #expect(tape.trades(daysAgo: 1, through: 7_199, count: 10).map(\.sequence) == [1])
    }

    @Test func aCursorReturnsTheTradesBeforeIt() {
        let tape = Self.twoDays()
        let cursor = tape.records[2].sequentialID
        #expect(tape.trades(daysAgo: 1, before: cursor, count: 10).map(\.sequence) == [2, 1])
        #expect(tape.trades(daysAgo: 1, before: cursor, count: 1).map(\.sequence) == [2])
    }

    @Test func countIsClampedToOneThroughFiveHundred() {
        #expect(Self.twoDays().trades(daysAgo: 1, count: 0).map(\.sequence) == [3])
        var tape = TradeTape(market: krwBTC)
        for second in Int64(0)..<600 { tape.record(tick("100", at: Self.oneAM.plus(second * oneSecond))) }
        #expect(tape.trades(count: 1_000).count == 500)
    }

    @Test func tradesOlderThanSevenDaysBeforeTheLatestDayAreDropped() {
        let tape = Self.tape([
            tick("100", at: Self.oneAM, sequence: 1), tick("100", at: Self.oneAM.plus(oneDay), sequence: 2),
            tick("100", at: Self.oneAM.plus(8 * oneDay), sequence: 3),
        ])
        #expect(tape.records.map(\.sequence) == [2, 3])
        #expect(tape.trades(daysAgo: 7, count: 10).map(\.sequence) == [2])
    }
}
