import BourseCore
import Testing

@Suite("Market data from engine trades")
struct MarketDataTests {
    @Test func anEngineTradeReachesTheTapeTheTickerAndEveryCandleUnit() throws {
        var fx = Fixture.funded()
        fx.limit(alice, .ask, "50000000", "0.5")
        let bid = fx.limit(bob, .bid, "51000000", "0.8")
        let trades = bid.events.compactMap { event -> Trade? in
            if case .traded(let trade) = event { return trade }
            return nil
        }
        #expect(trades.count == 1)

        var data = MarketData(market: krwBTC)
        for trade in trades { data.record(trade) }

        // The fixture's clock is 2026-01-01T00:00:00Z: a day, month and year boundary, inside a Monday week.
        let record = try #require(data.tape.latest)
        #expect(record.sequentialID == 17_672_256_000_000_000)
        #expect(record.askBid == "BID")
        #expect(record.funds == f("25000000"))
        let ticker = try #require(data.ticker.snapshot(at: t0))
        #expect(ticker.tradePrice == p("50000000"))
        #expect(ticker.accTradeFunds.description == "25000000")
        #expect(ticker.accTradeVolume24h.description == "0.5")
        for unit in CandleUnit.allCases {
            let candles = data.candles(unit, before: nil, count: 200)
            #expect(candles.count == 1)
            #expect(candles.first?.close == p("50000000"))
            #expect(candles.first?.accTradeFunds.description == "25000000")
            let expectedStart = unit == .week ? "2025-12-29T00:00:00" : "2026-01-01T00:00:00"
            #expect(candles.first.map { utcString($0.start) } == expectedStart)
        }
        #expect(data.series(.minute15).unit == .minute15)
    }

    @Test func aSecondTradeUpdatesTheNewestCandlesInsteadOfAddingOnes() {
        var data = MarketData(market: krwBTC)
        data.record(trade("100", "1", funds: "100", at: june24.plus(oneHour), sequence: 1))
        data.record(trade("120", "2", funds: "240", taker: .ask, at: june24.plus(oneHour + 500), sequence: 2))
        data.advance(to: june24.plus(2 * oneHour))
        #expect(data.series(.second).candles.count == 1)
        #expect(data.series(.day).latest?.high == p("120"))
        #expect(data.series(.day).latest?.accTradeFunds.description == "340")
        #expect(data.tape.records.map(\.sequentialID) == [17_507_268_000_000_000, 17_507_268_005_000_000])
        #expect(data.ticker.snapshot(at: june24.plus(2 * oneHour))?.accAskVolume.description == "2")
    }
}
