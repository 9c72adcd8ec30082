import BourseClient
import Foundation
import Testing

@Suite("Candles, trade tape and order book models")
struct MarketModelsTests {
    // 2026-03-11T13:47:25.5Z, a Wednesday.
    static let instant: Int64 = 1_773_236_845_500

    @Test(arguments: [
        (CandleInterval.minutes(1), "2026-03-11T13:47:00"), (.minutes(3), "2026-03-11T13:45:00"),
        (.minutes(15), "2026-03-11T13:45:00"), (.minutes(60), "2026-03-11T13:00:00"),
        (.minutes(240), "2026-03-11T12:00:00"), (.day, "2026-03-11T00:00:00"), (.week, "2026-03-09T00:00:00"),
        (.month, "2026-03-01T00:00:00"),
    ])
    func boundaries(interval: CandleInterval, expected: String) throws {
        let start = interval.start(of: Self.instant)
        let page = try JSONDecoder().decode(
            [Candle].self, from: Data(Self.candleJSON(expected, open: 1, close: 1, last: start).utf8))
        #expect(start == page[0].start)
        #expect(interval.start(of: start) == start && interval.start(of: start - 1) < start)
        #expect(interval.next(after: start) > Self.instant)
    }

    @Test func monthsAndWeeksRollOver() {
        let december = CandleInterval.month.start(of: 1_796_083_200_000)  // 2026-12-01T00:00Z
        #expect(CandleInterval.month.next(after: december) == 1_798_761_600_000)  // 2027-01-01
        let leap = CandleInterval.month.next(after: 1_832_976_000_000)  // 2028-02-01 → 2028-03-01 (29 days)
        #expect(leap == 1_835_481_600_000)
        #expect(CandleInterval.week.next(after: 1_773_014_400_000) == 1_773_619_200_000)
        #expect(
            CandleInterval.allCases.map(\.label) == [
                "1m", "3m", "5m", "10m", "15m", "30m", "1h", "4h", "1d", "1w", "1M",
            ])
    }

    static func candleJSON(_ time: String, open: Double, close: Double, last: Int64) -> String {
        #"[{"market":"KRW-BTC","candle_date_time_utc":""# + time + #"","candle_date_time_kst":"x","#
            + #""opening_price":\#(open),"high_price":\#(max(open, close)),"low_price":\#(min(open, close)),"#
            + #""trade_price":\#(close),"timestamp":\#(last),"candle_acc_trade_price":10,"#
            + #""candle_acc_trade_volume":1,"unit":1}]"#
    }

    static func trade(_ time: Int64, _ price: Double, id: Int64, volume: Double = 1) -> TradeUpdate {
        TradeUpdate(code: "KRW-BTC", price: price, volume: volume, isSell: false, time: time, sequentialID: id)
    }

    @Test func liveTradesMergeIntoTheRightCandle() throws {
        var series = CandleSeries(interval: .minutes(1))
        let minute = CandleInterval.minutes(1).start(of: Self.instant)
        let history = try JSONDecoder().decode(
            [Candle].self,
            from: Data(Self.candleJSON("2026-03-11T13:47:00", open: 100, close: 105, last: minute + 10_000).utf8))
        series.merge(history: history, asked: 200)
        #expect(series.reachedFirst && series.olderPageCursor == "2026-03-11T13:47:00")
        series.apply(Self.trade(minute + 20_000, 110, id: 1))
        series.apply(Self.trade(minute + 20_000, 110, id: 1))  // replayed: counted once
        series.apply(Self.trade(minute + 30_000, 90, id: 2, volume: 2))
        #expect(series.candles.count == 1)
        let current = series.candles[0]
        #expect(current.open == 100 && current.high == 110 && current.low == 90 && current.close == 90)
        #expect(current.volume == 4 && current.value == 10 + 110 + 180)
        // Exactly on the next boundary: a new candle; a late trade still lands in the old one.
        series.apply(Self.trade(minute + 60_000, 95, id: 3))
        series.apply(Self.trade(minute + 59_999, 120, id: 4))
        #expect(series.candles.map(\.start) == [minute, minute + 60_000])
        #expect(series.candles[0].high == 120 && series.candles[0].close == 120 && series.candles[1].open == 95)
        // A gap of minutes without trades makes no empty candles.
        series.apply(Self.trade(minute + 5 * 60_000 + 1, 96, id: 5))
        #expect(series.candles.map(\.start) == [minute, minute + 60_000, minute + 300_000])
        // A refreshed page replaces what it covers unless the live candle is fresher.
        let stale = try JSONDecoder().decode(
            [Candle].self,
            from: Data(Self.candleJSON("2026-03-11T13:52:00", open: 1, close: 1, last: minute + 300_000).utf8))
        series.merge(history: stale)
        #expect(series.candles.last?.close == 96)
    }

    @Test func aPageArrivingWhileTradesStreamLosesNoneAndCountsNoneTwice() throws {
        let minute = CandleInterval.minutes(1).start(of: Self.instant)
        var series = CandleSeries(interval: .minutes(1))
        // The interval was just switched: trades stream in before the history page arrives.
        series.apply(Self.trade(minute + 5_000, 100, id: 10))  // already in the page (its last trade)
        series.apply(Self.trade(minute + 40_000, 130, id: 11, volume: 2))  // after the page was made
        let page = try JSONDecoder().decode(
            [Candle].self,
            from: Data(Self.candleJSON("2026-03-11T13:47:00", open: 90, close: 100, last: minute + 5_000).utf8))
        series.merge(history: page, asked: 200)
        let candle = try #require(series.candles.last)
        #expect(candle.open == 90 && candle.high == 130 && candle.low == 90 && candle.close == 130)
        #expect(candle.volume == 3 && candle.value == 10 + 260)
        // The stream's snapshot trade (the page's last trade, under a new id) is not added again.
        series.apply(Self.trade(minute + 5_000, 100, id: 12))
        #expect(series.candles.last?.volume == 3)
    }

    @Test func theTapeIsBoundedNewestFirstAndDeduplicated() {
        var tape = TradeTape(capacity: 3)
        for id in [1, 2, 3, 2, 4] as [Int64] { tape.apply(Self.trade(1_000 + id, 100, id: id)) }
        tape.apply(Self.trade(900, 100, id: 9))  // older than all kept: falls off the end
        #expect(tape.trades.map(\.sequentialID) == [4, 3, 2])
    }

    @Test func theBookHasTotalsBestPricesAndGroups() throws {
        let json =
            #"{"type":"orderbook","code":"KRW-BTC","timestamp":5,"total_ask_size":3,"total_bid_size":3,"#
            + #""orderbook_units":[{"ask_price":101000,"bid_price":100000,"ask_size":1,"bid_size":0.5},"#
            + #"{"ask_price":101500,"bid_price":99500,"ask_size":1.5,"bid_size":2},"#
            + #"{"ask_price":102000,"bid_price":0,"ask_size":0.5,"bid_size":0}]}"#
        guard case .orderbook(let book) = try StreamMessage.decode(Data(json.utf8)) else {
            Issue.record("not a book")
            return
        }
        #expect(book.bestAsk == 101_000 && book.bestBid == 100_000 && book.spread == 1_000)
        #expect(book.totalAskSize == 3 && book.totalBidSize == 2.5 && book.bids.count == 2)
        let grouped = book.grouped(by: 1_000)
        #expect(grouped.asks.map(\.price) == [101_000, 102_000] && grouped.asks.map(\.size) == [1, 2])
        #expect(grouped.bids.map(\.price) == [100_000, 99_000])
    }
}

@Suite("Client cache: favourites and candles in SQLite")
struct ClientCacheTests {
    @Test func favouritesAndCandlesSurviveReopening() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("bourse-client-cache-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cache = try ClientCache(path: path)
        #expect(try cache.favourites().isEmpty)
        try cache.saveFavourites(["KRW-BTC", "KRW-ETH"])
        try cache.saveFavourites(["KRW-ETH", "USDT-BTC"])
        let candles = (0..<5).map { index in
            Candle(
                start: Int64(index) * 60_000, open: 1, high: 2, low: 0.5, close: Double(index), volume: 1, value: 1,
                lastTrade: Int64(index) * 60_000 + 1)
        }
        try cache.save(candles, "KRW-BTC", .minutes(1))
        var revised = candles[4]
        revised.close = 42
        try cache.save([revised], "KRW-BTC", .minutes(1))
        try cache.save(candles, "KRW-BTC", .day)

        let reopened = try ClientCache(path: path)
        #expect(try reopened.favourites() == ["KRW-ETH", "USDT-BTC"])
        let loaded = try reopened.candles("KRW-BTC", .minutes(1), limit: 3)
        #expect(loaded.map(\.start) == [120_000, 180_000, 240_000] && loaded.last?.close == 42)
        #expect(try reopened.candles("KRW-ETH", .minutes(1)).isEmpty)
        #expect(try reopened.candles("KRW-BTC", .day).count == 5)
    }
}
