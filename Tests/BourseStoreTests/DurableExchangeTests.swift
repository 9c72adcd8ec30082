import BourseCore
import BourseStore
import Synchronization
import Testing

@Suite("Durable exchange: single writer, group commit, recovery")
struct DurableExchangeTests {
    /// A clock that moves 250 ms per reading, so commands spread over seconds and minutes of candles.
    final class SteppingClock: Sendable {
        private let now = Mutex(Int64(1_767_225_600_000))
        func read() -> Timestamp {
            now.withLock {
                $0 += 250; return Timestamp(milliseconds: $0)
            }
        }
    }

    /// Runs `body` against a writer over `store`, then shuts it down and waits for it to finish.
    static func withExchange(
        store: any Store, state: ExchangeState = ExchangeState(markets: TradingScript.markets),
        options: DurableExchange.Options = DurableExchange.Options(),
        _ body: @Sendable (DurableExchange) async throws -> Void
    ) async throws {
        let clock = SteppingClock()
        let exchange = DurableExchange(state: state, store: store, options: options, clock: { clock.read() })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await exchange.run() }
            do {
                try await body(exchange)
            } catch {
                exchange.shutdown()
                throw error
            }
            exchange.shutdown()
            try await group.waitForAll()
        }
    }

    @Test func everyAcknowledgedCommandIsInTheJournalWithItsResult() async throws {
        let store = InMemoryStore()
        let answered = Shared<[CommandResult]>([])
        try await Self.withExchange(store: store) { exchange in
            _ = try await exchange.submit(TradingScript.funding.map { command in { @Sendable _ in command } })
            try await withThrowingTaskGroup(of: Void.self) { group in
                for producer in 0..<8 {
                    group.addTask {
                        var script = TradingScript(seed: UInt64(producer))
                        for _ in 0..<250 {
                            let result = try await exchange.submit(script.nextCommand())
                            answered.withLock { $0.append(result) }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let results = answered.value.sorted { $0.entry.sequence < $1.entry.sequence }
        #expect(results.count == 2_000)
        var journaled: [JournalEntry] = []
        for record in try await store.journal(after: 0, limit: .max) {
            journaled += try JournalCodec.decode(record.bytes)
        }
        #expect(journaled.map(\.sequence) == Array(1...UInt64(journaled.count)))
        let bySequence = Dictionary(uniqueKeysWithValues: journaled.map { ($0.sequence, $0) })
        for result in results { #expect(bySequence[result.entry.sequence] == result.entry) }

        // A replay of the journal gives every acknowledged command the same events.
        var replay = ExchangeState(markets: TradingScript.markets)
        var events: [Event] = []
        var trades: [TradeRecord] = []
        var replayed: [UInt64: [Event]] = [:]
        for entry in journaled {
            events.removeAll()
            replay.apply(entry, events: &events, trades: &trades)
            replayed[entry.sequence] = events
        }
        for result in results { #expect(replayed[result.entry.sequence] == result.events) }
        #expect(trades.count > 100, "the script trades")
        #expect(replay.exchange.auditViolations() == [])
    }

    @Test func storedTradesAndCandlesMatchTheWritersMarketData() async throws {
        let store = InMemoryStore()
        let finalState = Shared<ExchangeState?>(nil)
        try await Self.withExchange(store: store) { exchange in
            _ = try await exchange.submit(TradingScript.funding.map { command in { @Sendable _ in command } })
            var script = TradingScript(seed: 42)
            for _ in 0..<40 {
                _ = try await exchange.submit((0..<25).map { _ in script.nextCommand() })
            }
            finalState.withLock { $0 = exchange.withState { $0 } }
        }
        let state = try #require(finalState.value)
        let market = TradingScript.krwBTC
        let data = try #require(state.marketData(market))
        let newest = data.tape.records.suffix(500).reversed()
        let stored = try await store.trades(
            market, from: Timestamp(milliseconds: 0), until: Timestamp(milliseconds: .max), before: nil, count: 500)
        #expect(stored == Array(newest))
        for unit in CandleUnit.allCases {
            let storedCandles = try await store.candles(market, unit: unit, before: nil, count: 200)
            #expect(storedCandles == data.candles(unit, before: nil, count: 200), "\(unit)")
        }
    }

    @Test func recoveryFromTheSnapshotOrFromAnUnreadableOneEqualsTheWritersState() async throws {
        let store = InMemoryStore()
        let finalState = Shared<ExchangeState?>(nil)
        var options = DurableExchange.Options()
        options.snapshotInterval = 300
        try await Self.withExchange(store: store, options: options) { exchange in
            _ = try await exchange.submit(TradingScript.funding.map { command in { @Sendable _ in command } })
            var script = TradingScript(seed: 9)
            for _ in 0..<50 { _ = try await exchange.submit((0..<20).map { _ in script.nextCommand() }) }
            finalState.withLock { $0 = exchange.withState { $0 } }
        }
        let expected = try #require(finalState.value)
        let (recovered, report) = try await DurableExchange.recover(
            from: store, markets: TradingScript.markets, marketData: { MarketData(market: $0) })
        #expect(report.snapshotSequence == expected.lastSequence, "shutdown wrote a final snapshot")
        #expect(report.replayedEntries == 0)
        #expect(recovered == expected)

        let last = try #require(try await store.latestSnapshot())
        var damaged = last.bytes
        damaged[damaged.count / 2] ^= 0xFF
        try await store.saveSnapshot(StoredSnapshot(sequence: last.sequence, bytes: damaged))
        let (replayed, fallback) = try await DurableExchange.recover(
            from: store, markets: TradingScript.markets, marketData: { MarketData(market: $0) })
        #expect(fallback.unreadableSnapshot != nil)
        #expect(fallback.snapshotSequence == nil)
        #expect(fallback.replayedEntries == Int(expected.lastSequence))
        #expect(replayed == expected)
    }

    @Test func aFailingStoreFailsPendingCommandsAndStopsTheWriter() async throws {
        let store = FailingStore.make(failAfter: 2)
        let clock = SteppingClock()
        let exchange = DurableExchange(
            state: ExchangeState(markets: TradingScript.markets), store: store, clock: { clock.read() })
        let running = Task { try await exchange.run() }
        _ = try await exchange.submit(TradingScript.funding[0])
        _ = try await exchange.submit(TradingScript.funding[1])
        await #expect(throws: DurableExchangeError.self) { try await exchange.submit(TradingScript.funding[2]) }
        await #expect(throws: FailingStore.Broken.self) { try await running.value }
        await #expect(throws: DurableExchangeError.self) { try await exchange.submit(TradingScript.funding[3]) }
    }
}

/// An in-memory store whose appends start failing after `failAfter` commits.
enum FailingStore {
    struct Broken: Error {}

    static func make(failAfter: Int) -> any Store {
        let remaining = Shared(failAfter)
        return InterceptingStore(InMemoryStore()) { _ in
            let allowed = remaining.withLock { remaining in
                defer { remaining -= 1 }
                return remaining > 0
            }
            if !allowed { throw Broken() }
        }
    }
}
