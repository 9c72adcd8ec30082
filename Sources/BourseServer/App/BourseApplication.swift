import BourseCore
import BourseStore
import Foundation
public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore

/// Builds the HTTP and WebSocket application of `bourse serve`.
public enum BourseApplication {
    /// The routes: the quotation API, the exchange API (when there is a `gate` to authenticate with),
    /// `/websocket/v1`, `/healthz` and `/metrics`.
    public static func buildRouter(
        reader: QuotationReader, feed: MarketFeed, metrics: ServerMetrics, configuration: ServerConfiguration,
        gate: ExchangeGate? = nil, auctions: AuctionFeed? = nil, limiter: RateLimiter? = nil
    ) -> Router<BourseRequestContext> {
        let limiter = limiter ?? RateLimiter(perSecond: configuration.rateLimitPerSecond)
        return buildRouter(
            reader: reader, feed: feed, metrics: metrics, configuration: configuration, gate: gate,
            auctions: auctions, limiter: limiter,
            quotation: QuotationController(reader: reader, limiter: limiter, metrics: metrics))
    }

    /// ``buildRouter(reader:feed:metrics:configuration:gate:auctions:limiter:)`` with the quotation routes of
    /// `quotation` (whose caches the event loop's ``TickerLane`` shares).
    static func buildRouter(
        reader: QuotationReader, feed: MarketFeed, metrics: ServerMetrics, configuration: ServerConfiguration,
        gate: ExchangeGate?, auctions: AuctionFeed?, limiter: RateLimiter, quotation: QuotationController
    ) -> Router<BourseRequestContext> {
        let router = Router(context: BourseRequestContext.self, options: .autoGenerateHeadEndpoints)
        let allowed = AllowedMethods()
        router.add(middleware: UpbitFallbackMiddleware(metrics: metrics, allowed: allowed))
        // Per-route request counts and durations, labelled with route, method and status, through the
        // process's swift-metrics backend (`ServerMetrics.bootstrapped()`; a no-op where none is bootstrapped).
        router.add(middleware: MetricsMiddleware())
        router.add(
            middleware: CORSMiddleware(
                allowOrigin: .all, allowHeaders: [.accept, .authorization, .contentType, .origin],
                allowMethods: [.get, .post, .delete, .head, .options]))
        if let root = configuration.webRoot { router.add(middleware: WebMiddleware(root: root)) }
        quotation.addRoutes(to: router)
        WidgetController(reader: reader, limiter: limiter, metrics: metrics).addRoutes(to: router)
        if let gate {
            ExchangeController(
                exchange: reader.exchange, gate: gate, store: reader.store, limiter: limiter, clock: reader.clock
            ).addRoutes(to: router)
        }
        let auctions = auctions ?? AuctionFeed(store: reader.store, clock: reader.clock)
        SignInController(
            store: reader.store, options: configuration.signIn,
            throttle: SignInThrottle(options: configuration.signIn), limiter: limiter, clock: reader.clock,
            secureCookies: configuration.tls != nil, sockets: auctions.sockets,
            notifier: auctions.notifier
        ).addRoutes(to: router)
        let controller = auctionController(reader: reader, configuration: configuration, auctions: auctions)
        PhotoController(library: controller.library, store: reader.store, clock: reader.clock).addRoutes(to: router)
        controller.addRoutes(to: router)
        ChatController(desk: ChatDesk(controller: controller)).addRoutes(to: router)
        NotificationController(controller: controller).addRoutes(to: router)
        AlertController(controller: controller).addRoutes(to: router)
        // The alerts watch the feed's durable tickers.
        feed.observeTickers(auctions.alerts)
        router.get("/healthz") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.render())))
        }
        allowed.record(router.routes)
        return router
    }

    /// The WebSocket router: `/websocket/v1`, and `/websocket/v1/private` when there is a private feed and a
    /// `gate` to authenticate with (taking orders too, given `orderEntry`).
    static func webSocketRouter(
        feed: MarketFeed, privateFeed: PrivateFeed? = nil, gate: ExchangeGate? = nil,
        auctions: (feed: AuctionFeed, reader: QuotationReader, configuration: ServerConfiguration)? = nil,
        orderEntry: OrderEntry? = nil
    ) -> Router<BourseRequestContext> {
        let router = Router(context: BourseRequestContext.self)
        StreamRoutes(feed: feed).add(to: router)
        if let auctions {
            AuctionStreamRoutes(
                feed: feed, auctions: auctions.feed,
                controller: auctionController(
                    reader: auctions.reader, configuration: auctions.configuration, auctions: auctions.feed),
                secure: auctions.configuration.tls != nil
            ).add(to: router)
        }
        if let privateFeed, let gate {
            auctions?.feed.alerts.onFired { alert, notification in privateFeed.alertFired(alert, notification) }
            PrivateStreamRoutes(
                feed: feed, privateFeed: privateFeed, gate: gate, orderEntry: orderEntry,
                sessions: auctions.map { ($0.reader.store, $0.feed.sockets) },
                secure: auctions?.configuration.tls != nil
            ).add(to: router)
        }
        return router
    }

    /// The application listening as `configuration` says (over TLS when it has a ``TLSIdentity``), with the
    /// transport's limits (``TransportOptions``).
    public static func buildApplication(
        reader: QuotationReader, feed: MarketFeed, metrics: ServerMetrics, configuration: ServerConfiguration,
        gate: ExchangeGate? = nil, privateFeed: PrivateFeed? = nil, auctions: AuctionFeed? = nil, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        // One photo directory for the REST routes and the socket (a fresh one when none is configured).
        let configuration = {
            var configuration = configuration
            configuration.photoDirectory =
                configuration.photoDirectory
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("bourse-photos-\(UUID().uuidString)")
                .path
            return configuration
        }()
        let auctions = auctions ?? AuctionFeed(store: reader.store, clock: reader.clock)
        let connections = OpenConnections(limit: configuration.transport.maximumConnections)
        // One limiter for REST and the sockets: an order counts in the `order` group however it comes.
        let limiter = RateLimiter(perSecond: configuration.rateLimitPerSecond)
        let serverName = "Bourse"
        let quotation = QuotationController(reader: reader, limiter: limiter, metrics: metrics)
        // The routes answered on the event loop that read them (ADR 0020), sharing the router's caches.
        let responder = LaneResponder(metrics: metrics, serverName: serverName)
        var lanes: [any LaneRoute] = []
        if configuration.transport.answersOnEventLoop {
            if let gate {
                lanes.append(
                    OrderLane(
                        exchange: reader.exchange, gate: gate, limiter: limiter, clock: reader.clock, logger: logger,
                        responder: responder))
            }
            lanes.append(TickerLane(quotation: quotation, limiter: limiter, clock: reader.clock, responder: responder))
        }
        let server = HTTPServerBuilder.bourse(
            webSocketResponder: webSocketRouter(
                feed: feed, privateFeed: privateFeed, gate: gate,
                auctions: (auctions, reader, configuration),
                orderEntry: OrderEntry(exchange: reader.exchange, limiter: limiter, clock: reader.clock)
            ).buildResponder(),
            configuration: configuration, tls: try configuration.tls?.serverConfiguration(), connections: connections,
            lanes: lanes, clock: reader.clock)
        let accepting = MaximumAvailableConnections(
            connections.limit + configuration.transport.refusalAllowance, logger: logger)
        return Application(
            router: buildRouter(
                reader: reader, feed: feed, metrics: metrics, configuration: configuration, gate: gate,
                auctions: auctions, limiter: limiter, quotation: quotation),
            server: server,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: serverName,
                availableConnectionsDelegate: accepting),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }

    /// The auction routes' controller: the REST routes and the socket share its catalog (in `auctions`) and
    /// photo directory.
    static func auctionController(
        reader: QuotationReader, configuration: ServerConfiguration, auctions: AuctionFeed
    ) -> AuctionController {
        let photos =
            configuration.photoDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("bourse-photos-\(UUID().uuidString)").path
        return AuctionController(
            exchange: reader.exchange, feed: auctions, library: PhotoLibrary(directory: photos, store: reader.store),
            store: reader.store, clock: reader.clock)
    }

    /// The desk in-process sellers list through, sharing `auctions`' catalog and the configured photos.
    public static func auctionDesk(
        reader: QuotationReader, configuration: ServerConfiguration, auctions: AuctionFeed
    ) -> AuctionDesk {
        AuctionDesk(controller: auctionController(reader: reader, configuration: configuration, auctions: auctions))
    }
}
