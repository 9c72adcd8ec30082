import BourseCore
import BourseSimulator
import Testing

@Suite("Market simulator")
struct MarketSimulatorTests {
    /// Runs `steps` steps of the simulator through a fresh exchange and returns every event.
    func run(seed: UInt64, steps: Int) -> (events: [Event], exchange: Exchange) {
        var simulator = MarketSimulator(seed: seed)
        var exchange = Exchange(markets: simulator.listedMarkets)
        var all: [Event] = []
        let start = Timestamp(milliseconds: 1_767_225_600_000)
        for command in simulator.fundingCommands() { all += exchange.handle(command, at: start) }
        var nextID: UInt64 = 1
        for step in 1...steps {
            for command in simulator.step() {
                defer { nextID += 1 }
                let events = exchange.handle(
                    command.assigningOrderID(OrderID(nextID)),
                    at: Timestamp(milliseconds: start.milliseconds + Int64(step) * 100))
                simulator.observe(events)
                all += events
            }
        }
        return (all, exchange)
    }

    @Test func sameSeedGivesTheSameMarket() {
        #expect(run(seed: 7, steps: 200).events == run(seed: 7, steps: 200).events)
        #expect(run(seed: 7, steps: 50).events != run(seed: 8, steps: 50).events)
    }

    @Test func everyMarketTradesAndNoParticipantRunsOutOfMoney() {
        let (events, exchange) = run(seed: 42, steps: 300)
        var tradedMarkets = Set<MarketCode>()
        for event in events {
            if case .traded(let trade) = event { tradedMarkets.insert(trade.market) }
            if case .rejected(let rejected) = event {
                Issue.record("the simulator sent a refused command: \(rejected)")
            }
        }
        #expect(tradedMarkets == Set(DemoMarket.defaults.map(\.market.code)))
        #expect(exchange.openOrderCount > 0)
    }

    @Test func pricesStayNearTheirStart() {
        let (events, _) = run(seed: 3, steps: 600)
        let starts = Dictionary(uniqueKeysWithValues: DemoMarket.defaults.map { ($0.market.code, $0.startPrice.units) })
        for case .traded(let trade) in events {
            let start = starts[trade.market]!
            #expect(trade.price.units > start / 2 && trade.price.units < start * 2, "\(trade.market) at \(trade.price)")
        }
    }

    /// The demo's books look like a live exchange's: both sides at least 30 distinct prices deep (a full
    /// Upbit order book), every step of the way.
    @Test func booksStayTwoSidedAndThirtyLevelsDeep() {
        var simulator = MarketSimulator(seed: 11)
        var exchange = Exchange(markets: simulator.listedMarkets)
        let start = Timestamp(milliseconds: 1_767_225_600_000)
        for command in simulator.fundingCommands() { _ = exchange.handle(command, at: start) }
        var shallowest = Int.max
        var nextID: UInt64 = 1
        for step in 1...300 {
            for command in simulator.step() {
                defer { nextID += 1 }
                simulator.observe(
                    exchange.handle(
                        command.assigningOrderID(OrderID(nextID)),
                        at: Timestamp(milliseconds: start.milliseconds + Int64(step) * 500)))
            }
            guard step > 5 else { continue }
            for market in simulator.listedMarkets {
                let engine = exchange.engine(market.code)!
                let bids = Set(engine.orders(.bid).map(\.price)).count
                let asks = Set(engine.orders(.ask).map(\.price)).count
                shallowest = min(shallowest, bids, asks)
            }
        }
        #expect(shallowest >= 30, "a side fell to \(shallowest) price levels")
    }
}
