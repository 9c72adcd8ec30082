import BourseCore
import BourseSimulator
import BourseToolkit
import Testing

/// Bug 15: the demo did not look like a market (cross rates that disagreed, USDT 9 % off its peg, every KRW
/// market with the same 24-hour value, two flat years with all movement in the last 30 days, a BTC spread
/// swinging from 26,000 to 461,000 KRW). Each property of a real market, with a tolerance.
@Suite("Demo market model")
struct DemoMarketModelTests {
    static let day: Int64 = 86_400_000
    let end = SimulatedRun.start

    static func code(_ text: String) -> MarketCode { MarketCode(text)! }

    /// `KRW-BTC ÷ KRW-USDT` is `USDT-BTC`, `KRW-ETH ÷ KRW-BTC` is `BTC-ETH` and so on, in the prices the
    /// markets last traded at (within 0.3 %: spreads, ticks and the minutes between last trades).
    @Test(arguments: [
        ("KRW-BTC", "KRW-USDT", "USDT-BTC"), ("KRW-ETH", "KRW-BTC", "BTC-ETH"), ("KRW-XRP", "KRW-BTC", "BTC-XRP"),
        ("KRW-ETH", "KRW-USDT", "USDT-ETH"),
    ])
    func crossRatesAgreeWithTheImpliedOnes(numerator: String, denominator: String, cross: String) async throws {
        let prices = await SimulatedRun.history.lastPrices
        let top = try #require(prices[Self.code(numerator)]).units
        let bottom = try #require(prices[Self.code(denominator)]).units
        let traded = try #require(prices[Self.code(cross)]).units
        let implied = Int64(Int128(top) * Int128(fixedPointScale) / Int128(bottom))
        #expect(abs(implied - traded) * 1_000 <= traded * 3, "\(cross) \(traded) against \(implied) implied")
    }

    /// USDT stays within 0.3 % of a dollar over two years of four-hour steps, and KRW-USDT is the won's
    /// exchange rate, not a price of its own.
    @Test func usdtHoldsItsPeg() throws {
        var values = FairValues(assets: DemoAsset.defaults)
        var random = SeededRandom(seed: 3)
        for _ in 0..<(730 * 6) {
            values.advance(milliseconds: 14_400_000, random: &random)
            let usdt = try #require(values.dollars("USDT")).units
            #expect(abs(usdt - fixedPointScale) * 10_000 <= fixedPointScale * 30, "USDT at \(usdt) units")
            let won = try #require(values.dollars("KRW")).units
            let rate = try #require(values.price(of: Self.code("KRW-USDT"))).units
            let implied = fixedPointScale * fixedPointScale / won
            #expect(abs(rate - implied) * 1_000 <= implied * 4, "KRW-USDT \(rate) with the won at \(won)")
        }
    }

    /// The 24-hour values rank as the markets' liquidity does (KRW-BTC ≫ KRW-ETH ≫ KRW-XRP …), each within
    /// 30 % of its market's daily value: no two markets alike.
    @Test func dayValuesRankLikeARealExchange() async throws {
        let run = await SimulatedRun.history
        let since = end.milliseconds + 600_000 - Self.day
        var values: [MarketCode: Int128] = [:]
        for trade in run.trades where trade.time.milliseconds > since {
            values[trade.market, default: 0] += Int128(trade.funds.units)
        }
        for demo in DemoMarket.defaults {
            let value = values[demo.market.code] ?? 0
            let target = Int128(demo.liquidity.dailyValue.units)
            #expect(abs(value - target) * 10 <= target * 3, "\(demo.market.code): \(value) against \(target)")
        }
        let krw = DemoMarket.defaults.filter { $0.market.code.quote == "KRW" }
            .sorted { $0.liquidity.dailyValue > $1.liquidity.dailyValue }.map(\.market.code)
        let ranked = krw.sorted { values[$0] ?? 0 > values[$1] ?? 0 }
        #expect(ranked == krw)
        #expect(krw.map(\.description).prefix(3) == ["KRW-BTC", "KRW-ETH", "KRW-XRP"])
        // BTC ≫ ETH ≫ XRP: each at least twice the next.
        for (larger, smaller) in zip(krw.prefix(3), krw.dropFirst().prefix(2)) {
            #expect(values[larger]! >= values[smaller]! * 2, "\(larger) against \(smaller)")
        }
    }

    /// The KRW-BTC spread is a steady sliver of the price: under 1 basis point in nine live steps of ten
    /// and never over 10 basis points.
    @Test func btcSpreadStaysWithinABandOfItsPrice() {
        var run = SimulatedRun(seed: 8)
        var spreads: [Int64] = []
        for time in times(from: end, every: 500, count: 600) {
            run.step(at: time)
            if let spread = run.spreadPerMillion(Self.code("KRW-BTC")) { spreads.append(spread) }
        }
        #expect(spreads.count >= 590)
        let tight = spreads.filter { $0 <= 100 }.count
        #expect(tight * 10 >= spreads.count * 9, "spreads (per million): \(spreads.sorted().suffix(10))")
        #expect(spreads.allSatisfy { $0 > 0 && $0 <= 1_000 }, "widest: \(spreads.max() ?? 0) per million")
    }

    /// Two years of history have the same character throughout: the spread of daily returns over the
    /// first year is that of the last 30 days (which the backfill simulates in ten-minute steps instead
    /// of four-hour ones), and of the order of the market's volatility (KRW-BTC: about 2.6 % a day).
    @Test func dailyReturnsHaveTheSameSpreadFarBackAsRecently() throws {
        let codes = ["KRW-BTC", "KRW-DOGE", "BTC-ETH"].map(Self.code)
        // Only the markets measured (the values walk the same with fewer), and nobody funded: the real
        // steps of a two-year backfill, without their orders.
        var simulator = MarketSimulator(seed: 4, markets: DemoMarket.defaults.filter { codes.contains($0.market.code) })
        let times = BackfillPlan(days: 730).times(endingAt: end)
        // The close of each day: the fair price at the day's last step.
        var closes: [MarketCode: [Int64: Int64]] = [:]
        for time in times {
            _ = simulator.step(at: time)
            for (code, price) in simulator.fairValues {
                closes[code, default: [:]][time.milliseconds / Self.day] = price.units
            }
        }
        let first = times[0].milliseconds / Self.day
        let last = end.milliseconds / Self.day - 1
        func returnSpread(_ code: MarketCode, _ days: ClosedRange<Int64>) -> Double {
            let returns = days.compactMap { day -> Double? in
                guard let before = closes[code]?[day - 1], let after = closes[code]?[day] else { return nil }
                return Double(after - before) / Double(before)
            }
            let mean = returns.reduce(0, +) / Double(returns.count)
            return (returns.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(returns.count - 1)).squareRoot()
        }
        for code in codes {
            let firstYear = returnSpread(code, (first + 1)...(first + 365))
            let lastMonth = returnSpread(code, (last - 29)...last)
            #expect(firstYear > 0.01 && firstYear < 0.08, "\(code) first year: \(firstYear)")
            #expect(
                lastMonth / firstYear > 0.55 && lastMonth / firstYear < 1.6,
                "\(code): last 30 days \(lastMonth), first year \(firstYear)")
        }
    }
}
