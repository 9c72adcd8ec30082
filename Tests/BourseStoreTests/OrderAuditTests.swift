import BourseCore
import BourseStore
import Testing

/// `Store.orderViolations(against:)`, the order half of `bourse journal check`: silent on a sound history,
/// loud on the two ways the demo's id collision showed up (an order the store calls open that the engine
/// does not hold, and a record whose figures disagree with its fills).
@Suite("Order history audit")
struct OrderAuditTests {
    @Test func aSoundHistoryHasNoViolationsAndATamperedOneHasBoth() async throws {
        let store = InMemoryStore()
        for name in ["a", "b", "c", "d", "e", "f"] {
            _ = try await store.createAccount(named: name, at: Timestamp(milliseconds: 1))
        }
        let state = Shared<ExchangeState?>(nil)
        try await DurableExchangeTests.withExchange(store: store) { exchange in
            _ = try await exchange.submit(TradingScript.funding.map { command in { @Sendable _ in command } })
            var script = TradingScript(seed: 3)
            for _ in 0..<400 { _ = try await exchange.submit(script.nextCommand()) }
            state.withLock { $0 = exchange.withState { $0 } }
        }
        let final = try #require(state.value)
        #expect(try await store.orderViolations(against: final) == [])

        // An order the store still calls open after the engine closed it, and one whose figures lost a fill.
        let lastSequence = try await store.lastSequence()
        let closed = try #require(
            try await store.orders(OrderQuery(account: AccountID(1), states: [.done], limit: 1)).first)
        var stale = closed
        stale.state = .wait
        stale.closedAt = nil
        var short = try #require(
            try await store.orders(OrderQuery(account: AccountID(2), states: [.done], limit: 1)).first)
        short.tradesCount += 1
        try await store.append(
            JournalCommit(
                record: JournalRecord(
                    firstSequence: lastSequence + 1, count: 1,
                    bytes: JournalCodec.encode([
                        JournalEntry(
                            sequence: lastSequence + 1, time: Timestamp(milliseconds: 1),
                            command: .deposit(AccountID(1), currency: "KRW", amount: Funds(units: 1)))
                    ])),
                orders: [stale, short]))
        let violations = try await store.orderViolations(against: final)
        #expect(violations.contains { $0.contains("order \(stale.id)") && $0.contains("engine does not hold it") })
        #expect(violations.contains { $0.contains("order \(short.id)") && $0.contains("trades_count") })
        #expect(violations.count == 2, "\(violations)")
    }
}
