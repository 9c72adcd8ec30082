public import Prometheus

/// The server's Prometheus metrics, served at `/metrics`.
///
/// A registry of its own rather than the process-wide `MetricsSystem`, so several servers (tests) can live
/// in one process.
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` renders.
    public let registry = PrometheusCollectorRegistry()
    /// HTTP requests answered.
    let requests: Counter
    /// HTTP requests answered with a 4xx or 5xx status.
    let failedRequests: Counter
    /// HTTP requests refused with 429.
    let throttledRequests: Counter
    /// How long requests took.
    let requestDuration: DurationHistogram
    /// Open WebSocket connections.
    let connections: Gauge
    /// WebSocket frames queued to clients.
    let messagesSent: Counter
    /// WebSocket clients closed because they could not keep up.
    let droppedSubscribers: Counter
    /// Commands applied but not yet durable.
    let journalLag: Gauge
    /// The last journaled sequence.
    let journalSequence: Gauge

    /// Fresh metrics.
    public init() {
        func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(namespace: "bourse", metricName: metric, unitName: unit, helpText: help)
        }
        requests = registry.makeCounter(descriptor: name("http_requests", "total", "HTTP requests answered."))
        failedRequests = registry.makeCounter(
            descriptor: name("http_failed_requests", "total", "HTTP requests answered with a 4xx or 5xx status."))
        throttledRequests = registry.makeCounter(
            descriptor: name("http_throttled_requests", "total", "HTTP requests refused by the rate limit (429)."))
        requestDuration = registry.makeDurationHistogram(
            descriptor: name("http_request_duration", "seconds", "Time from request to response."),
            buckets: [
                .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
                .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100), .seconds(1),
            ])
        connections = registry.makeGauge(
            descriptor: name("websocket_connections", "", "Open WebSocket connections."))
        messagesSent = registry.makeCounter(
            descriptor: name("websocket_messages_sent", "total", "WebSocket frames queued to clients."))
        droppedSubscribers = registry.makeCounter(
            descriptor: name(
                "websocket_dropped_subscribers", "total", "WebSocket clients closed because they fell too far behind."))
        journalLag = registry.makeGauge(
            descriptor: name("journal_lag", "commands", "Commands applied but not yet durable in the journal."))
        journalSequence = registry.makeGauge(
            descriptor: name("journal_sequence", "", "Sequence number of the last durable journal entry."))
    }

    /// The exposition text.
    public func render() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}
