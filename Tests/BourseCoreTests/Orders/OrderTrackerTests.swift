import Testing

@testable import BourseCore

@Suite("Order records: what the tracker makes of the engine's events")
struct OrderTrackerTests {
    /// Applies `commands` to a state with KRW-BTC, one entry each, collecting every change.
    func run(_ commands: [(OrderID) -> Command]) -> (ExchangeState, OrderChanges) {
        var state = ExchangeState(markets: [Market(code: krwBTC)])
        var events: [Event] = []
        var trades: [TradeRecord] = []
        var changes = OrderChanges()
        for make in commands {
            events.removeAll()
            state.apply(state.nextEntry(at: t0, make), events: &events, trades: &trades, orders: &changes)
        }
        return (state, changes)
    }

    @Test func aPartlyFilledRestingOrderThenCancelledKeepsItsFillsAndEndsUnlocked() throws {
        let (state, changes) = run([
            { _ in .deposit(alice, currency: "BTC", amount: f("1")) },
            { _ in .deposit(bob, currency: "KRW", amount: f("100000000")) },
            { id in .place(.limit(id, alice, krwBTC, .ask, price: p("100000000"), volume: v("0.01"), identifier: "a"))
            },
            { id in .place(.limit(id, bob, krwBTC, .bid, price: p("100000000"), volume: v("0.004"))) },
            { _ in .cancel(.identifier("a"), account: alice) },
        ])
        let ask = try #require(changes.records.first { $0.id == OrderID(1) })
        #expect(ask.state == .cancel && ask.closedAt == t0 && ask.locked == .zero)
        #expect(ask.executedVolume == v("0.004") && ask.executedFunds == f("400000") && ask.paidFee == f("200"))
        #expect(ask.remainingVolume == v("0.006") && ask.tradesCount == 1 && ask.identifier == "a")
        let bid = try #require(changes.records.first { $0.id == OrderID(2) })
        #expect(bid.state == .done && bid.remainingVolume == .zero && bid.reservedFee == f("200"))
        #expect(bid.paidFee == f("200") && bid.remainingFee == .zero)
        #expect(changes.fills.map(\.order) == [OrderID(2), OrderID(1)], "the buyer's fill, then the seller's")
        #expect(changes.fills.map(\.isMaker) == [false, true] && changes.fills.allSatisfy(\.takerBought))
        #expect(state.orders.open.isEmpty, "closed orders leave the tracker")
    }

    @Test func aMarketBuyHasNoVolumeAndEndsInCancelOverItsDust() throws {
        let (_, changes) = run([
            { _ in .deposit(alice, currency: "BTC", amount: f("1")) },
            { _ in .deposit(bob, currency: "KRW", amount: f("100000000")) },
            { id in .place(.limit(id, alice, krwBTC, .ask, price: p("60000000"), volume: v("0.01"))) },
            { id in .place(.marketBuy(id, bob, krwBTC, total: f("100000"))) },
        ])
        let buy = try #require(changes.records.first { $0.id == OrderID(2) })
        #expect(buy.type == .price && buy.volume == nil && buy.remainingVolume == nil && buy.price == p("100000"))
        #expect(buy.state == .cancel && buy.executedVolume == v("0.00166666") && buy.tradesCount == 1)
        let ask = try #require(changes.records.first { $0.id == OrderID(1) })
        #expect(ask.state == .wait && ask.remainingVolume == v("0.00833334") && ask.locked == f("0.00833334"))
    }

    /// Random command streams: after every command the tracker's open records agree with the engine's open
    /// orders, and every closed record is unlocked, with fills that add up to what it executed.
    @Test(arguments: [UInt64(7), 8])
    func recordsAgreeWithTheEngineOnRandomCommands(seed: UInt64) throws {
        let markets = MarketProfile.all.map(\.market)
        var generator = CommandGenerator(seed: seed)
        var model = ReferenceExchange(markets: markets)
        var state = ExchangeState(markets: markets)
        var events: [Event] = []
        var trades: [TradeRecord] = []
        var filled: [OrderID: (volume: Int64, funds: Int64, fee: Int64, count: Int)] = [:]
        for index in 0..<20_000 {
            let command = generator.next(model)
            _ = model.handle(command, at: DifferentialRun.time(index))
            var changes = OrderChanges()
            let entry = JournalEntry(sequence: UInt64(index + 1), time: DifferentialRun.time(index), command: command)
            state.apply(entry, events: &events, trades: &trades, orders: &changes)
            for fill in changes.fills {
                var sum = filled[fill.order] ?? (0, 0, 0, 0)
                sum.volume += fill.volume.units
                sum.funds += fill.funds.units
                sum.fee += fill.fee.units
                sum.count += 1
                filled[fill.order] = sum
            }
            for record in changes.records {
                let sum = filled[record.id] ?? (0, 0, 0, 0)
                let agrees =
                    record.executedVolume.units == sum.volume && record.executedFunds.units == sum.funds
                    && record.paidFee.units == sum.fee && record.tradesCount == sum.count
                    && (record.state == .wait) == (state.exchange.openOrder(record.id) != nil)
                    && (record.state == .wait || record.locked == .zero)
                guard agrees else {
                    Issue.record("seed \(seed), command #\(index): record \(record) disagrees with its fills \(sum)")
                    return
                }
            }
            guard index % 1_000 == 999 else { continue }
            #expect(state.orders.open.count == state.exchange.openOrderCount, "seed \(seed) at #\(index)")
            for (id, record) in state.orders.open {
                let live = try #require(state.exchange.openOrder(id))
                #expect(record.locked == live.locked && record.executedVolume == live.executedVolume)
                #expect(record.paidFee == live.paidFee)
                if let remaining = record.remainingVolume { #expect(remaining == live.remaining) }
            }
        }
        #expect(filled.count > 100, "the commands traded")
    }
}
