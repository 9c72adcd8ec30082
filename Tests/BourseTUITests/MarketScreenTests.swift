import BourseClient
import BourseTUI
import Testing

@Suite("Market screen: golden frame, interval keys, cursor, grouping")
struct MarketScreenTests {
    static let start: Int64 = 1_773_236_820_000  // 2026-03-11T13:47:00Z = 22:47 KST

    static func content() -> MarketScreen.Content {
        let closes: [Double] = [100, 104, 102, 108, 107, 101, 99, 103]
        let candles = closes.enumerated().map { index, close in
            let open = index == 0 ? 100 : closes[index - 1]
            return Candle(
                start: start + Int64(index) * 60_000, open: open, high: max(open, close) + 1,
                low: min(open, close) - 1, close: close, volume: Double(index + 1), value: close * Double(index + 1),
                lastTrade: start + Int64(index) * 60_000 + 30_000)
        }
        let book = OrderBookView(
            code: "KRW-XRP",
            asks: [.init(price: 104, size: 2), .init(price: 105, size: 6)],
            bids: [.init(price: 103, size: 4), .init(price: 101, size: 1)], time: start)
        let trades = [
            TradeUpdate(code: "KRW-XRP", price: 103, volume: 1.5, isSell: true, time: start + 450_000, sequentialID: 2),
            TradeUpdate(
                code: "KRW-XRP", price: 104, volume: 0.25, isSell: false, time: start + 440_000, sequentialID: 1),
        ]
        let ticker = TickerUpdate(
            code: "KRW-XRP", tradePrice: 103, signedChangeRate: 0.03, signedChangePrice: 3, accTradePrice24h: 5e9,
            change: .rise)
        return MarketScreen.Content(
            market: BoardMarket(code: "KRW-XRP", koreanName: "리플", englishName: "Ripple"), ticker: ticker,
            book: book, trades: trades, candles: candles)
    }

    @Test func goldenFrame() throws {
        var state = MarketScreenState()
        state.connection = .connected
        state.handle(.left, candleCount: 8)
        state.handle(.left, candleCount: 8)
        let frame = MarketScreen.render(Self.content(), state: state, width: 80, height: 24, colour: false)
        #expect(frame.count == 24 && frame.allSatisfy { DisplayWidth.cells($0) <= 80 })
        try Golden.check(frame, "market-80x24")
        let coloured = MarketScreen.render(Self.content(), state: state, width: 80, height: 24, colour: true)
        try Golden.check(coloured, "market-80x24-colour")
    }

    @Test func loadingAndReconnectsShow() {
        var state = MarketScreenState()
        state.connection = .connected
        state.reconnects = 3
        state.isLoading = true
        let frame = MarketScreen.render(Self.content(), state: state, width: 80, height: 24, colour: false)
        #expect(frame[0].hasSuffix("● live ↻3 "))
        #expect(frame[23].hasPrefix("loading candles…  q quit"))
        state.isLoading = false
        let loaded = MarketScreen.render(Self.content(), state: state, width: 80, height: 24, colour: false)
        #expect(loaded[23].hasPrefix("q quit"))
        state.loadError = "the server answered 500"
        let failed = MarketScreen.render(Self.content(), state: state, width: 80, height: 24, colour: false)
        #expect(failed[23].hasPrefix("candles did not load (r retries): the server answered 500"))
        // `r` asks for the interval again without changing it.
        #expect(state.handle(.character("r"), candleCount: 8) && state.interval == .minutes(1))
    }

    @Test func everySizeGivesAFullFrame() {
        for height in 1...60 {
            for width in [1, 39, 40, 80, 133] {
                let frame = MarketScreen.render(
                    Self.content(), state: MarketScreenState(), width: width, height: height, colour: false)
                #expect(frame.count == max(height, 12), "\(width)x\(height)")
                let wide = frame.filter { DisplayWidth.cells($0) > max(width, 40) }
                #expect(wide.isEmpty, "\(width)x\(height): \(wide)")
            }
        }
    }

    @Test func intervalKeysCursorAndGrouping() {
        var state = MarketScreenState()
        var changes: [Bool] = []
        var intervals: [CandleInterval] = []
        for key in "d][1[" {
            changes.append(state.handle(.character(key), candleCount: 10))
            intervals.append(state.interval)
        }
        #expect(changes == [true, true, true, true, false])  // `[` at 1m: already the shortest
        #expect(intervals == [.day, .week, .day, .minutes(1), .minutes(1)])
        for _ in 0..<20 { state.handle(.left, candleCount: 10) }
        #expect(state.cursorBack == 9)
        state.handle(.end, candleCount: 10)
        #expect(state.cursorBack == 0)
        state.handle(.character("+"), candleCount: 10)
        #expect(MarketScreenState.groupingStep(state.groupingIndex, price: 137_000_000) == 10_000)
        #expect(MarketScreenState.groupingStep(3, price: 3_196) == 10)
        #expect(MarketScreenState.groupingStep(0, price: 3_196) == nil)
        state.handle(.character("q"), candleCount: 10)
        #expect(state.shouldQuit)
    }
}
