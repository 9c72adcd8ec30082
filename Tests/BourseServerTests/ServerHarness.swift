import BourseAuth
import BourseCore
import BourseServer
import BourseSimulator
import BourseStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// A whole server in the test process: an in-memory store, the single writer, the stream feed and the
/// routes, with the demo simulator's participants trading for a few steps so every view has data.
struct ServerHarness {
    /// The markets `bourse serve` lists (the demo's, with or without the demo).
    static let markets = DemoMarket.defaults.map(\.market)

    let exchange: DurableExchange
    let feed: MarketFeed
    let privateFeed: PrivateFeed
    /// The auction socket's publisher (and the auction routes' catalog).
    let auctions: AuctionFeed
    let reader: QuotationReader
    let metrics: ServerMetrics
    var configuration: ServerConfiguration
    /// Where accounts and keys live (the same store as the journal).
    let store: InMemoryStore
    /// Seals test keys' secrets as `bourse keys create` does.
    let sealer: SecretSealer

    /// The routes of `bourse serve`.
    var router: Router<BourseRequestContext> {
        BourseApplication.buildRouter(
            reader: reader, feed: feed, metrics: metrics, configuration: configuration,
            gate: ExchangeGate(directory: APIKeyDirectory(store: store, sealer: sealer)), auctions: auctions)
    }

    /// The application on a free loopback port.
    func application(logger: Logger = Logger(label: "test")) throws -> some ApplicationProtocol {
        var configuration = configuration
        configuration.port = 0
        return try BourseApplication.buildApplication(
            reader: reader, feed: feed, metrics: metrics, configuration: configuration,
            gate: ExchangeGate(directory: APIKeyDirectory(store: store, sealer: sealer)), privateFeed: privateFeed,
            auctions: auctions, logger: logger)
    }

    /// Runs `body` with the application listening on `port` (a free one for 0), handed to `body`; stops it
    /// after. Unlike the test framework's, which always takes a new port, this one can come back on the port a
    /// client reconnects to: a server going away and returning.
    func serving<Result: Sendable>(
        port: Int = 0, _ body: @escaping @Sendable (Int) async throws -> Result
    ) async throws -> Result {
        var configuration = configuration
        configuration.port = port
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let application = try BourseApplication.buildApplication(
            reader: reader, feed: feed, metrics: metrics, configuration: configuration,
            gate: ExchangeGate(directory: APIKeyDirectory(store: store, sealer: sealer)), privateFeed: privateFeed,
            auctions: auctions, logger: Logger(label: "test"), onServerRunning: { listening.yield($0) })
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                try await application.runService(gracefulShutdownSignals: [])
                return nil
            }
            group.addTask {
                var iterator = ports.makeAsyncIterator()
                guard let port = await iterator.next() else { return nil }
                return try await body(port)
            }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let result = next { return result }
            }
            throw CancellationError()
        }
    }

    /// Runs `body` with the application listening on a loopback port: the port, and a test client of it.
    func live(
        logger: Logger = Logger(label: "test"),
        _ body: @escaping @Sendable (Int, any TestClientProtocol) async throws -> Void
    ) async throws {
        try await application(logger: logger).test(.live) { client in
            try await body(try #require(client.port), client)
        }
    }

    /// The server's usual clock. Tests of per-second limits pass a stopped one instead, so a burst counts in
    /// one second however slowly a loaded machine sends it.
    static let wallClock: @Sendable () -> Timestamp = {
        Timestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000))
    }

    /// A clock stopped at the time of the call.
    static func stoppedClock() -> @Sendable () -> Timestamp {
        let now = wallClock()
        return { now }
    }

    /// Runs `body` against a fresh server that has traded `steps` simulator steps.
    static func with<Result: Sendable>(
        steps: Int = 20, configure: (inout ServerConfiguration) -> Void = { _ in },
        clock: @escaping @Sendable () -> Timestamp = ServerHarness.wallClock,
        _ body: @Sendable (ServerHarness) async throws -> Result
    ) async throws -> Result {
        var configuration = ServerConfiguration()
        configuration.rateLimitPerSecond = 0
        configure(&configuration)
        let store = InMemoryStore()
        let (state, _) = try await DurableExchange.recover(from: store, markets: Self.markets)
        let metrics = ServerMetrics()
        let feed = MarketFeed(state: state, options: configuration.streams, metrics: metrics, clock: clock)
        let privateFeed = PrivateFeed(metrics: metrics, clock: clock)
        let auctions = AuctionFeed(store: store, clock: clock)
        let (publicObserver, privateObserver, auctionObserver) = (
            feed.observer, privateFeed.observer, auctions.observer
        )
        let exchange = DurableExchange(
            state: state, store: store, clock: clock,
            observer: { batch in
                publicObserver(batch)
                privateObserver(batch)
                auctionObserver(batch)
            })
        feed.attach(exchange)
        let harness = ServerHarness(
            exchange: exchange, feed: feed, privateFeed: privateFeed, auctions: auctions,
            reader: QuotationReader(exchange: exchange, store: store, clock: clock),
            metrics: metrics, configuration: configuration, store: store,
            sealer: try SecretSealer(masterKey: SecretSealer.generateMasterKey()))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await exchange.run() }
            group.addTask { await feed.run() }
            defer {
                feed.shutdown()
                exchange.shutdown()
            }
            var simulator = MarketSimulator(seed: 5)
            for result in try await harness.submit(simulator.fundingCommands()) { simulator.observe(result.events) }
            if steps > 0 {
                // Ten minutes of trading first, so every market has traded however quiet, as after a backfill;
                // then half-second steps bring up the makers' ladders.
                let results = try await harness.submit(simulator.step(after: .seconds(600)))
                for result in results { simulator.observe(result.events) }
            }
            for _ in 0..<steps { try await harness.step(&simulator) }
            return try await body(harness)
        }
    }

    /// Applies `commands` durably and returns their results.
    func submit(_ commands: [Command]) async throws -> [CommandResult] {
        // New orders take the writer's ids, as every order in the server does.
        let makes: [@Sendable (OrderID) -> Command] = commands.map { command in
            { id in command.assigningOrderID(id) }
        }
        return try await withCheckedThrowingContinuation { continuation in
            exchange.enqueue(makes) { continuation.resume(with: $0) }
        }
    }

    /// A simulator of the demo's participants as the exchange has them now (funded, quoting), as a
    /// restarted demo picks them up.
    func simulator(seed: UInt64) -> MarketSimulator {
        var simulator = MarketSimulator(seed: seed)
        exchange.withState { state in
            let prices = Dictionary(
                uniqueKeysWithValues: state.marketData.compactMap { data in
                    data.tape.latest.map { (data.market, $0.price) }
                })
            simulator.resume(from: state.exchange, lastPrices: prices)
        }
        return simulator
    }

    /// One simulator step through the exchange.
    func step(_ simulator: inout MarketSimulator) async throws {
        let results = try await submit(simulator.step())
        for result in results { simulator.observe(result.events) }
    }

    /// A 10,000 KRW market buy on KRW-BTC by one of the demo's (funded) takers: trades against the asks.
    /// A bid of 0.001 BTC by `account` at `thousands` × 1,000 won (10,000 and up pass the order minimum): it
    /// rests on an empty book, so it makes one `myOrder` (`wait`) and one `myAsset` (the won it locks).
    func restingBid(by account: AccountID, thousands: Int64) async throws {
        _ = try await exchange.submit { id in
            .place(
                .limit(
                    id, account, MarketCode("KRW-BTC")!, .bid, price: Price(units: thousands * 1_000 * 100_000_000),
                    volume: Volume(units: 100_000)))
        }
    }

    func tradeBTC() async throws -> [CommandResult] {
        let taker = MarketSimulator(seed: 5).takers[0]
        return try await submit([
            .place(
                .marketBuy(
                    MarketSimulator.placeholderID, taker, MarketCode("KRW-BTC")!,
                    total: Funds(units: 10_000 * 100_000_000)))
        ])
    }
}

/// JSON of a response body.
func json(_ buffer: ByteBuffer) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView), options: [.fragmentsAllowed])
}
