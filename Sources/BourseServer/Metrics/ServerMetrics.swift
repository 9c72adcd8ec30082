public import CoreMetrics
public import Prometheus
import Synchronization

/// The server's metrics, recorded through swift-metrics and served at `/metrics` from a Prometheus registry.
///
/// `bourse serve` uses ``bootstrapped()``: swift-metrics is bootstrapped once, for the whole process, with
/// a Prometheus factory over one registry, so Hummingbird's own request metrics and any library's land in
/// the same exposition. Tests make `ServerMetrics()`: a registry and a factory of their own, so several
/// servers in one process never share counters.
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    /// HTTP requests answered.
    let requests: CoreMetrics.Counter
    /// HTTP requests answered with a 4xx or 5xx status.
    let failedRequests: CoreMetrics.Counter
    /// Requests answered on the event loop that read them (``HTTPLane``) rather than by the router, by route.
    private let eventLoopAnswers: [String: CoreMetrics.Counter]
    /// HTTP requests refused with 429, by Upbit rate-limit group.
    private let throttledByGroup: [String: CoreMetrics.Counter]
    /// How long requests took.
    let requestDuration: CoreMetrics.Timer
    /// Open WebSocket connections.
    let connections: CoreMetrics.Meter
    /// Frames queued to clients of `/websocket/v1`.
    let messagesSent: CoreMetrics.Counter
    /// Frames queued to clients of `/websocket/v1/private`.
    let privateMessagesSent: CoreMetrics.Counter
    /// WebSocket clients closed because they could not keep up.
    let droppedSubscribers: CoreMetrics.Counter
    /// Commands applied but not yet durable.
    let journalLag: CoreMetrics.Meter
    /// The last journaled sequence.
    let journalSequence: CoreMetrics.Meter

    /// Durations histograms' buckets, from 100 µs (a cached answer) to a second.
    static let durationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100), .seconds(1),
    ]

    private static let processMetrics = Mutex<ServerMetrics?>(nil)

    /// The process's metrics: the first call bootstraps swift-metrics with a Prometheus factory over a new
    /// registry (swift-metrics allows that once per process); later calls return the same metrics.
    public static func bootstrapped() -> ServerMetrics {
        processMetrics.withLock { existing in
            if let existing { return existing }
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(factory(for: registry))
            let metrics = ServerMetrics(registry: registry, factory: MetricsSystem.factory)
            existing = metrics
            return metrics
        }
    }

    /// Metrics of their own: a fresh registry and a factory that writes only into it.
    public convenience init() {
        let registry = PrometheusCollectorRegistry()
        self.init(registry: registry, factory: Self.factory(for: registry))
    }

    /// Metrics recorded through `factory` and rendered from `registry` (the registry the factory writes into).
    public init(registry: PrometheusCollectorRegistry, factory: any MetricsFactory) {
        self.registry = registry
        requests = CoreMetrics.Counter(label: "bourse_http_requests_total", factory: factory)
        failedRequests = CoreMetrics.Counter(label: "bourse_http_failed_requests_total", factory: factory)
        eventLoopAnswers = Dictionary(
            uniqueKeysWithValues: [OrderLane.path, TickerLane.ticker, TickerLane.tickerAll].map { route in
                (
                    route,
                    CoreMetrics.Counter(
                        label: "bourse_http_event_loop_requests_total", dimensions: [("route", route)],
                        factory: factory)
                )
            })
        throttledByGroup = Dictionary(
            uniqueKeysWithValues: [
                "market", "ticker", "orderbook", "crix-trades", "candles", "default", "order",
                "order-test", "order-cancel-all",
            ].map { group in
                (
                    group,
                    CoreMetrics.Counter(
                        label: "bourse_http_throttled_requests_total", dimensions: [("group", group)], factory: factory)
                )
            })
        requestDuration = CoreMetrics.Timer(label: "bourse_http_request_duration_seconds", factory: factory)
        connections = CoreMetrics.Meter(label: "bourse_websocket_connections", factory: factory)
        messagesSent = CoreMetrics.Counter(
            label: "bourse_websocket_messages_sent_total", dimensions: [("endpoint", "public")], factory: factory)
        privateMessagesSent = CoreMetrics.Counter(
            label: "bourse_websocket_messages_sent_total", dimensions: [("endpoint", "private")], factory: factory)
        droppedSubscribers = CoreMetrics.Counter(
            label: "bourse_websocket_dropped_subscribers_total", dimensions: [("reason", "too_slow")],
            factory: factory)
        journalLag = CoreMetrics.Meter(label: "bourse_journal_lag_commands", factory: factory)
        journalSequence = CoreMetrics.Meter(label: "bourse_journal_sequence", factory: factory)
    }

    /// Counts one request of `route` taken on the event loop that read it.
    func answeredOnEventLoop(route: String) {
        eventLoopAnswers[route]?.increment()
    }

    /// Counts one request refused with 429 in Upbit's rate-limit group `group` (its `Remaining-Req` name).
    func throttled(group: String) {
        throttledByGroup[group]?.increment()
    }

    /// The exposition text.
    public func render() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }

    private static func factory(for registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = durationBuckets
        return factory
    }
}

extension CoreMetrics.Timer {
    /// Records `duration`.
    func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
