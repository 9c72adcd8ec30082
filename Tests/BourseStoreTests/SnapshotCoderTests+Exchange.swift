import BourseCore
import BourseStore
import Testing

extension SnapshotCoderTests {
    @Test func restoredExchangeEqualsTheOriginalAndContinuesIdentically() throws {
        var workload = SnapshotWorkload(seed: 7)
        var original = Exchange(markets: workload.markets)
        var events: [Event] = []
        for _ in 0..<4_000 {
            let (command, time) = workload.next()
            original.handle(command, at: time, into: &events)
        }
        #expect(original.openOrderCount > 200)
        #expect(events.contains { if case .traded = $0 { true } else { false } })

        var restored = try SnapshotDecoder().decode(Exchange.self, from: try SnapshotEncoder().encode(original))
        // Compared as booleans: a failure would otherwise print both exchanges whole.
        let restoredEqualsOriginal = restored == original
        #expect(restoredEqualsOriginal)
        let restoredEqualsEmpty = restored == Exchange(markets: workload.markets)
        #expect(!restoredEqualsEmpty)

        var originalEvents: [Event] = []
        var restoredEvents: [Event] = []
        for _ in 0..<2_000 {
            let (command, time) = workload.next()
            original.handle(command, at: time, into: &originalEvents)
            restored.handle(command, at: time, into: &restoredEvents)
        }
        #expect(originalEvents.count > 2_000)
        let sameEvents = restoredEvents == originalEvents
        #expect(sameEvents)
        let sameState = restored == original
        #expect(sameState)
        let balances = { (exchange: Exchange) in SnapshotWorkload.accounts.map { exchange.ledger.balances(of: $0) } }
        #expect(balances(restored) == balances(original))
    }

    @Test func restoredMarketDataEqualsTheOriginalAndContinuesIdentically() throws {
        var workload = SnapshotWorkload(seed: 11)
        var exchange = Exchange(markets: workload.markets)
        let empty = workload.markets.map { MarketData(market: $0.code, retainedSecondCandles: 200) }
        var original = empty
        Self.feed(Self.marketDataInputs(4_000, &workload, &exchange), to: &original)
        #expect(original.allSatisfy { !$0.tape.records.isEmpty })

        var restored = try SnapshotDecoder().decode([MarketData].self, from: try SnapshotEncoder().encode(original))
        let restoredEqualsOriginal = restored == original
        #expect(restoredEqualsOriginal)
        let restoredEqualsEmpty = restored == empty
        #expect(!restoredEqualsEmpty)

        let inputs = Self.marketDataInputs(2_000, &workload, &exchange)
        Self.feed(inputs, to: &original)
        Self.feed(inputs, to: &restored)
        let sameState = restored == original
        #expect(sameState)
        let later = Timestamp(milliseconds: workload.time.milliseconds + 3_600_000)
        #expect(restored.map { $0.ticker.snapshot(at: later) } == original.map { $0.ticker.snapshot(at: later) })
    }

    /// What market data is fed from the exchange: its trades, and now and then the passing of time.
    enum MarketDataInput {
        case trade(Trade)
        case advance(Timestamp)
    }

    /// Runs `count` commands of `workload` on `exchange` and returns the market data inputs they make.
    static func marketDataInputs(
        _ count: Int, _ workload: inout SnapshotWorkload, _ exchange: inout Exchange
    ) -> [MarketDataInput] {
        var inputs: [MarketDataInput] = []
        var events: [Event] = []
        for step in 0..<count {
            let (command, time) = workload.next()
            events.removeAll(keepingCapacity: true)
            exchange.handle(command, at: time, into: &events)
            for case .traded(let trade) in events { inputs.append(.trade(trade)) }
            if step % 97 == 0 { inputs.append(.advance(time)) }
        }
        return inputs
    }

    /// Feeds `inputs` to `marketData`, which holds one market data per market in listing order.
    static func feed(_ inputs: [MarketDataInput], to marketData: inout [MarketData]) {
        for input in inputs {
            switch input {
            case .trade(let trade):
                let slot = marketData.firstIndex { $0.market == trade.market }!
                marketData[slot].record(trade)
            case .advance(let time):
                for slot in marketData.indices { marketData[slot].advance(to: time) }
            }
        }
    }
}
