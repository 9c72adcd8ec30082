import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseStore
import Foundation

/// `bourse bench candles`: latency of 200-candle queries on a market with a long trade history.
///
/// It first journals `--trades` trades on KRW-BTC through the same apply-and-commit path as the writer
/// (``JournalBatch``), one trade every 100 ms of simulated time, so the store holds the trades and every
/// unit's candles exactly as a live exchange would have written them. Then it times `--queries` queries
/// of 200 candles ending at random points of that history, spread over one-second, 1-minute, 60-minute
/// and day candles, through the store's public API.
struct CandlesBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "candles",
        abstract: "Benchmark 200-candle queries on a market with a long trade history.",
        discussion: """
            Building 10 million trades takes a few minutes; pass --data-dir to keep the database, and a later \
            run with the same --data-dir reuses it. Ends with one line: bench candles: store=<s> trades=<n> \
            query_p50_us=<n> query_p99_us=<n> query_max_us=<n>
            """
    )

    @OptionGroup var storage: StoreOptions

    @Option(help: "Trades in the history.")
    var trades: Int = 10_000_000

    @Option(help: "Queries to time.")
    var queries: Int = 20_000

    func validate() throws {
        guard (1_000...10_000_000).contains(trades), queries > 0 else {
            throw ValidationError("--trades must be 1,000 to 10,000,000 and --queries at least 1.")
        }
    }

    static let market = MarketCode("KRW-BTC")!
    static let start = Timestamp(milliseconds: 1_735_689_600_000)  // 2025-01-01T00:00:00Z
    static let spacingMilliseconds: Int64 = 100

    func run() async throws {
        var storage = storage
        let given = try await storage.resolve()
        let temporary = given.backend == .sqlite && given.settings.string("dataDir") == nil
        if temporary {
            storage.dataDir =
                FileManager.default.temporaryDirectory.appendingPathComponent(
                    "bourse-bench-candles-\(ProcessInfo.processInfo.processIdentifier)"
                ).path
        }
        defer { if temporary, let path = storage.dataDir { try? FileManager.default.removeItem(atPath: path) } }
        let location = try await storage.resolve()
        Progress.line("store: \(location.summary)")
        let summary = try await location.withStore { store in try await measure(store, backend: location.backend) }
        print(summary)
    }

    private func measure(_ store: any Store, backend: StoreOptions.Backend) async throws -> String {
        var built = try await store.lastSequence()
        if built == 0 {
            built = try await buildHistory(store)
        } else {
            Progress.line("reusing the stored history (\(built) journal entries)")
        }
        let end = Self.start.milliseconds + Int64(trades) * Self.spacingMilliseconds
        let units: [CandleUnit] = [.second, .minute1, .minute60, .day]
        var generator = SystemRandomNumberGenerator()
        var latencies: [Int64] = []
        latencies.reserveCapacity(queries)
        var returned = 0
        for index in 0..<queries {
            let unit = units[index % units.count]
            let before = Timestamp(milliseconds: Int64.random(in: Self.start.milliseconds...end, using: &generator))
            let began = MonotonicClock.nanoseconds()
            let candles = try await store.candles(Self.market, unit: unit, before: before, count: 200)
            latencies.append(MonotonicClock.nanoseconds() - began)
            returned += candles.count
        }
        latencies.sort()
        func micros(_ fraction: Double) -> Int64 { latencies.percentile(fraction) / 1_000 }
        Progress.line(
            "\(queries) queries over \(units.map(\.storageCode).joined(separator: ", ")); "
                + "\(returned / queries) candles per query on average")
        return "bench candles: store=\(backend.rawValue) trades=\(trades) query_p50_us=\(micros(0.5)) "
            + "query_p99_us=\(micros(0.99)) query_max_us=\(latencies.last! / 1_000)"
    }

    /// Journals `trades` one-trade commands: a maker ask of 1,000 lots at a price that walks by one tick,
    /// taken by 1,000 IOC bids of one lot each, then the next maker. (70 billion KRW buys 10 million lots
    /// of 0.00006 BTC; a currency's total supply is capped near 92 billion units.)
    private func buildHistory(_ store: any Store) async throws -> UInt64 {
        Progress.line("building \(trades) trades (one every \(Self.spacingMilliseconds) ms of simulated time)")
        let maker = AccountID(1)
        let taker = AccountID(2)
        let lot = Volume(units: 6_000)  // 0.00006 BTC: at least the 5,000 KRW minimum anywhere in the walk
        var state = ExchangeState(markets: [Market(code: Self.market)], marketData: MarketData.durable)
        var batch = JournalBatch()
        var events: [Event] = []
        var time = Self.start
        var price: Int64 = 100_000_000
        var random = SystemRandomNumberGenerator()
        let began = MonotonicClock.nanoseconds()
        func apply(_ make: (OrderID) -> Command) {
            batch.apply(state.nextEntry(at: time, make), to: &state, events: &events)
        }
        apply { _ in .deposit(maker, currency: "BTC", amount: Funds(units: Int64(trades) * 6_000 + 100_000_000)) }
        apply { _ in .deposit(taker, currency: "KRW", amount: Funds(units: 70_000_000_000 * 100_000_000)) }
        var made = 0
        while made < trades {
            // A walk of one tick (1,000 KRW) kept within 95–105 million KRW.
            price = min(105_000_000, max(95_000_000, price + Int64.random(in: -1...1, using: &random) * 1_000))
            let lots = min(1_000, trades - made)
            let makerPrice = Price(units: price * 100_000_000)
            apply { id in
                .place(
                    .limit(
                        id, maker, Self.market, .ask, price: makerPrice, volume: Volume(units: Int64(lots) * lot.units))
                )
            }
            for _ in 0..<lots {
                time = Timestamp(milliseconds: time.milliseconds + Self.spacingMilliseconds)
                apply { id in
                    .place(.limit(id, taker, Self.market, .bid, price: makerPrice, volume: lot, timeInForce: .ioc))
                }
                made += 1
            }
            // 5,000 entries span 500 s, well inside the 1,000 one-second candles memory keeps (see JournalBatch).
            if batch.entries.count >= 5_000 || made == trades {
                try await store.append(batch.commit(in: state))
                batch = JournalBatch()
                if made % 1_000_000 == 0 || made == trades {
                    let seconds = Double(MonotonicClock.nanoseconds() - began) / 1e9
                    Progress.line("  \(made) trades stored (\(Int(Double(made) / seconds)) trades/s)")
                }
            }
        }
        let stored = state.marketData(Self.market)?.tape.latest?.sequence ?? 0
        guard stored == UInt64(trades) else {
            throw ValidationError("the history made \(stored) trades instead of \(trades)")
        }
        return state.lastSequence
    }
}
