import BourseCore
import BourseSimulator
import BourseToolkit
import Testing

@Suite("Market simulator")
struct MarketSimulatorTests {
    let start = SimulatedRun.start

    func run(seed: UInt64, steps: Int, every step: Int64 = 500) -> SimulatedRun {
        var run = SimulatedRun(seed: seed)
        run.run(times(from: start, every: step, count: steps))
        return run
    }

    @Test func sameSeedGivesTheSameMarket() async {
        // Ten seconds of simulation in a debug build: on a thread of its own, off the pool (OwnThread).
        let (same, differs, sameHistory) = await OwnThread.run { () -> (Bool, Bool, Bool) in
            let same = run(seed: 7, steps: 200).events == run(seed: 7, steps: 200).events
            let differs = run(seed: 7, steps: 50).events != run(seed: 8, steps: 50).events
            let history = compactHistory(days: 2, endingAt: start)
            var first = SimulatedRun(seed: 9, at: history[0])
            var second = SimulatedRun(seed: 9, at: history[0])
            first.run(history)
            second.run(history)
            return (same, differs, first.events == second.events)
        }
        #expect(same)
        #expect(differs)
        #expect(sameHistory)
    }

    /// Through every kind of step a backfill takes (four hours, ten minutes, two seconds), every market
    /// trades and the exchange refuses none of the participants' commands: they trade what they hold.
    @Test func everyMarketTradesAndNoCommandIsRefused() async {
        let run = await SimulatedRun.history
        #expect(run.rejections.isEmpty, "refused: \(run.rejections.prefix(3))")
        #expect(run.simulator.rejectedCount == 0)
        #expect(Set(run.trades.map(\.market)) == Set(DemoMarket.defaults.map(\.market.code)))
        #expect(run.exchange.openOrderCount > 0)
    }

    /// The demo's books look like a live exchange's: both sides at least 30 distinct prices deep (a full
    /// Upbit order book), every step of the way.
    @Test func booksStayTwoSidedAndThirtyLevelsDeep() {
        var run = SimulatedRun(seed: 11)
        var shallowest = Int.max
        for (step, time) in times(from: start, every: 500, count: 300).enumerated() {
            run.step(at: time)
            guard step > 0 else { continue }
            for market in run.simulator.listedMarkets {
                let engine = run.exchange.engine(market.code)!
                shallowest = min(shallowest, engine.depth(.bid).count, engine.depth(.ask).count)
            }
        }
        #expect(shallowest >= 30, "a side fell to \(shallowest) price levels")
    }

    /// The demo goes live after its backfill, which took a while: its first live step stands for that long
    /// stretch, and the book must not be empty after it (people look at it at once), as a backfill's long
    /// steps leave it.
    @Test func aLongLiveStepLeavesBothSidesQuoted() {
        var run = run(seed: 13, steps: 20)
        let later = Timestamp(milliseconds: start.milliseconds + 20 * 500 + 45_000)
        run.step(at: later, live: true)
        #expect(run.rejections.isEmpty, "refused: \(run.rejections.prefix(3))")
        for market in run.simulator.listedMarkets {
            let engine = run.exchange.engine(market.code)!
            #expect(!engine.depth(.bid).isEmpty && !engine.depth(.ask).isEmpty, "\(market.code) has an empty side")
        }
    }

    /// A restarted demo picks up the quotes, the holdings and the prices the exchange has, and trades on
    /// without a refused command.
    @Test func aResumedSimulatorTradesOnWithoutRefusals() {
        var run = run(seed: 5, steps: 100)
        var resumed = MarketSimulator(seed: 99)
        resumed.resume(from: run.exchange, lastPrices: run.lastPrices)
        for (code, price) in run.lastPrices {
            let fair = resumed.fairValues[code]!
            #expect(abs(fair.units - price.units) * 1_000 <= price.units, "\(code): \(fair) after \(price)")
        }
        run.simulator = resumed
        run.run(times(from: Timestamp(milliseconds: start.milliseconds + 60_000), every: 500, count: 200))
        #expect(run.rejections.isEmpty, "refused: \(run.rejections.prefix(3))")
    }

    /// A person who takes most of the maker's asks does it behind the simulator's back: its next steps
    /// replace quotes that are gone and the exchange refuses them, until it re-reads the exchange
    /// (`reconcile(with:)`, which the live demo does after a refusal); from then on nothing is refused.
    @Test func reconcilingPicksUpWhatAPersonTook() {
        var run = run(seed: 12, steps: 20)
        let person = AccountID(1)
        let time = Timestamp(milliseconds: start.milliseconds + 10_500)
        run.applyUnseen(
            .deposit(person, currency: "KRW", amount: Funds(units: 500_000_000 * fixedPointScale)), at: time)
        run.applyUnseen(
            .place(
                .marketBuy(
                    OrderID(0), person, MarketCode("KRW-BTC")!, total: Funds(units: 300_000_000 * fixedPointScale))),
            at: time)
        let later = times(from: time, every: 500, count: 100)
        var unreconciled = run
        unreconciled.run(later)
        #expect(!unreconciled.rejections.isEmpty, "the simulator should have replaced quotes that were gone")
        run.simulator.reconcile(with: run.exchange)
        run.run(later)
        #expect(run.rejections.isEmpty, "refused: \(run.rejections.prefix(3))")
    }
}
