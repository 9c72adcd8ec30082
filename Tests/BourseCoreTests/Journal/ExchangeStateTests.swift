import Testing

@testable import BourseCore

@Suite("Exchange state: what the single writer journals and applies")
struct ExchangeStateTests {
    @Test func entriesTakeTheNextSequenceAndNeverGoBackInTime() {
        var state = ExchangeState(markets: [Market(code: krwBTC)])
        var events: [Event] = []
        var trades: [TradeRecord] = []
        let first = state.nextEntry(at: t0) { _ in .deposit(alice, currency: "KRW", amount: f("1")) }
        #expect(first.sequence == 1)
        state.apply(first, events: &events, trades: &trades)
        let earlier = Timestamp(milliseconds: t0.milliseconds - 5_000)
        let second = state.nextEntry(at: earlier) { _ in .deposit(alice, currency: "KRW", amount: f("1")) }
        #expect(second.sequence == 2)
        #expect(second.time == t0)
    }

    @Test func orderIDsAdvancePastEveryJournaledOrder() {
        var state = ExchangeState(markets: [Market(code: krwBTC)])
        var events: [Event] = []
        var trades: [TradeRecord] = []
        state.apply(
            JournalEntry(sequence: 1, time: t0, command: .deposit(bob, currency: "KRW", amount: f("100000000"))),
            events: &events, trades: &trades)
        #expect(state.nextOrderID == OrderID(1))
        let order = state.nextEntry(at: t0) { id in
            .place(.limit(id, bob, krwBTC, .bid, price: p("100000000"), volume: v("0.001")))
        }
        state.apply(order, events: &events, trades: &trades)
        #expect(state.nextOrderID == OrderID(2))
        // A refused order still used its id: ids are never reused.
        let refused = state.nextEntry(at: t0) { id in
            .place(.limit(id, bob, krwBTC, .bid, price: p("100000001"), volume: v("0.001")))
        }
        state.apply(refused, events: &events, trades: &trades)
        #expect(state.nextOrderID == OrderID(3))
    }

    /// Regression: an order whose id was handed out before (here: to bob's resting bid) is refused, and
    /// the first order stays reachable. The demo's simulator once numbered its own orders and collided.
    @Test func anOrderIDHandedOutBeforeIsRefusedAndTheFirstOrderStaysReachable() {
        var state = ExchangeState(markets: [Market(code: krwBTC)])
        var events: [Event] = []
        var trades: [TradeRecord] = []
        for make: (OrderID) -> Command in [
            { _ in .deposit(bob, currency: "KRW", amount: f("100000000")) },
            { _ in .deposit(alice, currency: "KRW", amount: f("100000000")) },
            { id in .place(.limit(id, bob, krwBTC, .bid, price: p("50000000"), volume: v("0.001"))) },
        ] {
            state.apply(state.nextEntry(at: t0, make), events: &events, trades: &trades)
        }
        let reused = state.nextEntry(at: t0) { _ in
            .place(.limit(OrderID(1), alice, krwBTC, .bid, price: p("40000000"), volume: v("0.001")))
        }
        events.removeAll()
        state.apply(reused, events: &events, trades: &trades)
        guard case .rejected(let rejected) = events.first else {
            Issue.record("expected a rejection, got \(events)")
            return
        }
        #expect(rejected.reason == .orderIDReused && events.count == 1)
        #expect(state.exchange.ledger.balance(of: alice, "KRW").locked == .zero)
        let cancel = state.nextEntry(at: t0) { _ in .cancel(.id(OrderID(1)), account: bob) }
        events.removeAll()
        state.apply(cancel, events: &events, trades: &trades)
        #expect(events.contains { if case .cancelled = $0 { true } else { false } }, "\(events)")
        #expect(state.exchange.auditViolations().isEmpty)
    }

    @Test func tradesReachTheMarketDataAndChangedCandlesAreReported() {
        var state = ExchangeState(markets: [Market(code: krwBTC)])
        var events: [Event] = []
        var trades: [TradeRecord] = []
        let commands: [(OrderID) -> Command] = [
            { _ in .deposit(alice, currency: "BTC", amount: f("1")) },
            { _ in .deposit(bob, currency: "KRW", amount: f("100000000")) },
            { id in .place(.limit(id, alice, krwBTC, .ask, price: p("100000000"), volume: v("0.01"))) },
            { id in .place(.limit(id, bob, krwBTC, .bid, price: p("100000000"), volume: v("0.004"))) },
        ]
        for make in commands { state.apply(state.nextEntry(at: t0, make), events: &events, trades: &trades) }
        #expect(trades.count == 1)
        #expect(state.marketData(krwBTC)?.tape.latest == trades.last)
        let changed = state.candles(of: krwBTC, since: t0)
        #expect(changed.count == CandleUnit.allCases.count)
        #expect(changed.allSatisfy { $0.candle.close == p("100000000") })
        #expect(state.candles(of: krwBTC, since: Timestamp(milliseconds: t0.milliseconds + 86_400_000 * 400)).isEmpty)
    }

    @Test func aTapeWithRetentionKeepsAtLeastTheNewestTrades() {
        var tape = TradeTape(market: krwBTC, retainedCount: 500)
        for index in 0..<2_000 {
            let trade = Trade(
                market: krwBTC, sequence: UInt64(index + 1), price: p("100000000"), volume: v("0.001"),
                funds: f("100000"), takerSide: .bid, makerOrder: OrderID(1), makerAccount: alice,
                takerOrder: OrderID(2), takerAccount: bob, makerFee: .zero, takerFee: .zero,
                time: Timestamp(milliseconds: t0.milliseconds + Int64(index)))
            tape.record(trade)
            #expect(tape.records.count >= min(index + 1, 500))
            #expect(tape.records.count < 1_000)
        }
        #expect(tape.latest?.sequence == 2_000)
    }
}
