import BourseCore
import BourseDemo
import BourseSimulator
import BourseStore
import Testing

/// The demo as `bourse serve` runs it: the simulator through the real single writer, over a store, with
/// its history backdated. What a person sees after the backfill must look like a market (bug 15).
@Suite("Demo backfill")
struct DemoBackfillTests {
    static let now = Timestamp(milliseconds: 1_767_225_600_000)

    /// Backfills a fresh in-memory store with a short plan (ten days of four-hour steps, a day of ten-minute
    /// steps, ten minutes of two-second steps) and returns the state and the demo.
    static func backfilled(seed: UInt64) async throws -> (ExchangeState, DemoService) {
        let store = InMemoryStore()
        let (state, _) = try await DurableExchange.recover(from: store, markets: DemoService.markets)
        let exchange = DurableExchange(state: state, store: store, clock: { now })
        var options = DemoOptions()
        options.seed = seed
        options.backfillPlan = BackfillPlan(bands: [
            .init(span: .seconds(600), step: .seconds(2)),
            .init(span: .seconds(86_400 + 600), step: .seconds(600)),
            .init(span: .seconds(10 * 86_400), step: .seconds(14_400)),
        ])
        let demo = DemoService(exchange: exchange, options: options, clock: { now })
        #expect(demo.needsBackfill)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await exchange.run() }
            try await demo.backfill { _, _ in }
            exchange.shutdown()
            try await group.waitForAll()
        }
        return (exchange.withState { $0 }, demo)
    }

    @Test func aBackfilledDemoLooksLikeAMarket() async throws {
        let (state, demo) = try await Self.backfilled(seed: 3)
        #expect(!demo.needsBackfill)
        #expect(demo.rejectedCommands == 0)
        var last: [String: Int64] = [:]
        var dayValues: [String: Int128] = [:]
        for market in DemoService.markets {
            let data = try #require(state.marketData(market.code))
            last[market.code.description] = try #require(data.tape.latest).price.units
            dayValues[market.code.description] = try #require(data.ticker.snapshot(at: Self.now)).accTradeFunds24h.units
            // Full books: at least the 30 levels Upbit shows, on both sides.
            let engine = try #require(state.exchange.engine(market.code))
            #expect(engine.depth(.bid).count >= 30 && engine.depth(.ask).count >= 30, "\(market.code)")
        }
        // Cross rates agree with the implied ones.
        for (top, bottom, cross) in [
            ("KRW-BTC", "KRW-USDT", "USDT-BTC"), ("KRW-ETH", "KRW-BTC", "BTC-ETH"), ("KRW-ETH", "KRW-USDT", "USDT-ETH"),
        ] {
            let implied = Int64(Int128(last[top]!) * Int128(fixedPointScale) / Int128(last[bottom]!))
            let traded = last[cross]!
            #expect(abs(implied - traded) * 1_000 <= traded * 3, "\(cross): \(traded), implied \(implied)")
        }
        // 24-hour values as the liquidity says, in its order, within 30 %.
        for demo in DemoMarket.defaults {
            let value = dayValues[demo.market.code.description]!
            let target = Int128(demo.liquidity.dailyValue.units)
            #expect(abs(value - target) * 10 <= target * 3, "\(demo.market.code): \(value), target \(target)")
        }
        let krw = ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-USDT", "KRW-SOL", "KRW-DOGE"]
        #expect(krw.sorted { dayValues[$0]! > dayValues[$1]! } == krw)
        // A KRW-BTC spread of a basis point or less.
        let btc = try #require(state.exchange.engine(MarketCode("KRW-BTC")!))
        let bid = try #require(btc.bestBid).units
        let ask = try #require(btc.bestAsk).units
        #expect(ask > bid && (ask - bid) * 10_000 <= bid, "KRW-BTC \(bid) / \(ask)")
    }
}
