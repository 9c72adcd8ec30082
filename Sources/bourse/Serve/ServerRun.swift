import BourseAuth
import BourseCommandSupport
import BourseCore
import BourseDemo
import BourseServer
import BourseStore
import Foundation
import Logging
import ServiceLifecycle

/// Wires one `bourse serve` run: recovery, the single writer, the stream feed, the simulated chains, the
/// demo and HTTP, as services that start in that order and stop in the reverse one.
///
/// The server serves the markets it is given; the chains and the demo are clients of the writer added
/// here, not parts of the server (ADR 0008).
struct ServerRun {
    let configuration: ServerConfiguration
    /// The markets to list (``MarketListing/markets``), the same with or without the demo.
    let markets: [Market]
    /// How fast the simulated chains move withdrawals and deposits.
    let chain: ChainService.Options
    /// The demo's options, or nil for `--no-demo`.
    let demo: DemoOptions?
    let storeSummary: String
    /// Unseals API secrets (the master key of the data directory).
    let sealer: SecretSealer
    /// Where the server keeps its files besides the store (the REST nonces).
    let dataDirectory: URL

    func run(store: any Store) async throws {
        let logger = Logger(label: "bourse")
        let started = ContinuousClock.now
        let (state, report) = try await DurableExchange.recover(from: store, markets: markets)
        if let unreadable = report.unreadableSnapshot {
            logger.warning("snapshot unreadable (\(unreadable)); replayed the whole journal instead")
        }
        Progress.line(
            "bourse: data in \(storeSummary); recovered sequence \(report.lastSequence) "
                + "(snapshot \(report.snapshotSequence.map(String.init) ?? "none"), "
                + "replayed \(report.replayedEntries)) in \(Self.format(ContinuousClock.now - started))")
        let metrics = ServerMetrics.bootstrapped()
        let feed = MarketFeed(
            state: state, options: configuration.streams, metrics: metrics, clock: WallClock.now)
        var options = DurableExchange.Options()
        options.recordsOrders = { !DemoService.isSimulated($0) }
        let privateFeed = PrivateFeed(metrics: metrics, clock: WallClock.now)
        let auctions = AuctionFeed(store: store, clock: WallClock.now)
        try await auctions.loadAlerts()
        let (publicObserver, privateObserver, auctionObserver) = (
            feed.observer, privateFeed.observer, auctions.observer
        )
        let exchange = DurableExchange(
            state: state, store: store, options: options, clock: WallClock.now,
            observer: { batch in
                publicObserver(batch)
                privateObserver(batch)
                auctionObserver(batch)
            })
        feed.attach(exchange)
        let reader = QuotationReader(exchange: exchange, store: store, clock: WallClock.now)
        let listening = Gate()
        let host = configuration.host
        let webRoot = configuration.webRoot
        let (http, ws) = configuration.tls == nil ? ("http", "ws") : ("https", "wss")
        let (nonceFile, nonces) = try NonceFile.open(in: dataDirectory, now: WallClock.now().milliseconds)
        defer { nonceFile.close() }
        let gate = ExchangeGate(
            directory: APIKeyDirectory(store: store, sealer: sealer), nonceFile: nonceFile, remembered: nonces)
        var configuration = configuration
        configuration.photoDirectory = dataDirectory.appendingPathComponent("photos").path
        let application = try BourseApplication.buildApplication(
            reader: reader, feed: feed, metrics: metrics, configuration: configuration, gate: gate,
            privateFeed: privateFeed, auctions: auctions, logger: logger,
            onServerRunning: { port in
                Progress.line(
                    "bourse: listening on \(http)://\(Self.urlHost(host)):\(port) "
                        + "(REST /v1, WebSocket \(ws)://\(Self.urlHost(host)):\(port)/websocket/v1 and /private, "
                        + "auction house /auction/v1 and its socket /auction/v1/stream, /metrics, /healthz)"
                )
                if let root = webRoot {
                    Progress.line("bourse: web client at \(http)://\(Self.urlHost(host)):\(port)/ (from \(root))")
                } else {
                    Progress.line(
                        "bourse: no web client (no Web/index.html here; run from the repository or give --web-root)")
                }
            })
        let chain = ChainService(exchange: exchange, store: store, options: self.chain, clock: WallClock.now)
        var services: [any Service] = [
            ExchangeService(exchange),
            TaskService("feed") { await feed.run() },
            TaskService("chain") { [chain] in await chain.run() },
            TaskService("auction clock") {
                await AuctionClock(exchange: exchange, clock: WallClock.now, feed: auctions).run()
            },
            // Closes sockets whose session or API key ended outside the sign-out route (expiry, `bourse user
            // password`, `bourse keys revoke`).
            TaskService("credential sweep") { await auctions.sockets.watch(store, clock: WallClock.now) },
        ]
        if let demo {
            let demoService = DemoService(exchange: exchange, options: demo, clock: WallClock.now)
            services.append(DemoRunner(demo: demoService, days: demo.backfillDays, ready: listening))
            let auctionDemo = AuctionDemo(
                exchange: exchange, store: store,
                desk: BourseApplication.auctionDesk(reader: reader, configuration: configuration, auctions: auctions),
                seed: demo.seed, clock: WallClock.now)
            services.append(GatedService(TaskService("auction demo") { await auctionDemo.run() }, after: listening))
        } else {
            listening.open()
        }
        services.append(GatedService(application, after: listening))
        let group = ServiceGroup(
            configuration: .init(
                services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await group.run()
        Progress.line(
            "bourse: stopped; journal at sequence \(exchange.withState { $0.lastSequence }), snapshot written")
    }

    /// `host` as it goes in a URL (IPv6 addresses in brackets).
    static func urlHost(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }

    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds < 10_000 ? "\(milliseconds) ms" : "\(milliseconds / 1_000) s"
    }
}

/// The demo as a service: backfills a fresh data directory (with a progress bar), opens `ready`, then
/// steps the simulator live until shutdown.
struct DemoRunner: Service {
    let demo: DemoService
    let days: Int
    let ready: Gate

    func run() async throws {
        defer { ready.open() }
        try await cancelWhenGracefulShutdown {
            if demo.needsBackfill && days > 0 {
                let bar = ProgressBar(title: "bourse: backfilling \(days) days of demo history")
                let started = ContinuousClock.now
                do {
                    try await demo.backfill { done, total in bar.update(done, of: total) }
                } catch is CancellationError {
                    bar.finish("stopped")
                    return
                }
                bar.finish("done in \(ServerRun.format(ContinuousClock.now - started))")
                FreeMemory.release()
            }
            // With no backfill (`--backfill-days 0`), the participants still need money to trade.
            try await demo.fundIfNeeded()
            ready.open()
            try await demo.run()
        }
    }
}
