import Foundation
import Synchronization

/// One multiplexed WebSocket connection to a server's public stream (`/websocket/v1`), shared by every
/// view of an app.
///
/// Views ask for what they show (``tickers(_:)``) and get an `AsyncStream`; when a stream ends, its
/// interest goes. ``run()`` keeps the connection: it subscribes to everything still wanted, resubscribes
/// after every reconnect (exponential backoff with jitter), pings to keep the link alive and to notice a
/// dead one, and closes while ``pause()``d (an app in the background) until ``resume()``. When no view
/// wants anything any more, it closes the connection and opens it again for the next interest.
public final class MarketStream: Sendable {
    /// How the connection behaves.
    public struct Options: Sendable {
        /// The first reconnect delay; each failed attempt doubles it.
        public var initialBackoff: Duration = .milliseconds(250)
        /// The longest reconnect delay.
        public var maximumBackoff: Duration = .seconds(30)
        /// How often to ping; a ping unanswered by the next one closes the link as dead.
        public var pingInterval: Duration = .seconds(20)
        /// How long the connection stays open once no view wants anything: a view swapped for another
        /// within it resubscribes on the same connection instead of reconnecting.
        public var idleAfter: Duration = .seconds(1)
        /// Certificates to trust besides the system's, for a `wss://` server with its own certificate.
        public var trusted: TrustedCertificates?
        /// Whether to ask a Bourse server for numbered messages and to resume each topic after a reconnect
        /// from the last number seen (trades missed meanwhile are replayed, once each, in order). Upbit's own
        /// server does not know the extension; turn it off there.
        public var resumes = true

        /// Every setting at the default written beside it.
        public init() {}
    }

    /// Where the connection is.
    public enum ConnectionState: Hashable, Sendable {
        /// Connecting (attempt 1 is the first).
        case connecting(attempt: Int)
        /// Connected; the subscription is sent (or about to be), the answers flow.
        case connected
        /// Waiting before reconnecting, after `error`.
        case waiting(Duration, error: String)
        /// Closed by ``pause()``.
        case paused
        /// Closed because no view wants anything; the next interest opens it again.
        case idle
        /// Connected, but the server answered the subscription with an error frame; the connection stays
        /// open and the next subscription (interest changing, or a reconnect) tries again.
        case refused(ServerError)
        /// The URL cannot work (such as `wss://` with an IP address other than loopback's); ``run()`` has
        /// returned.
        case failed(String)
    }

    /// An error frame the server answered the current subscription with
    /// (`{"error":{"name":"INVALID_PARAM","message":…}}`); the connection stays open.
    public struct ServerError: Hashable, Sendable {
        /// Upbit's error name, such as `INVALID_PARAM` or `NO_CODES`.
        public var name: String
        /// The server's explanation.
        public var message: String

        /// An error named `name`.
        public init(name: String, message: String) {
            self.name = name
            self.message = message
        }
    }

    /// The stream URL (`ws://127.0.0.1:8080/websocket/v1`, or `wss://`).
    public let url: String
    let options: Options
    let registry = Mutex(Registry())

    /// A stream to `url`; nothing connects until ``run()``.
    public init(url: String, options: Options = Options()) {
        self.url = url
        self.options = options
    }

    // MARK: - Interest

    /// Ticker updates of `codes` (a snapshot first, then every change) for as long as the returned stream
    /// is iterated.
    public func tickers(_ codes: some Sequence<String>) -> AsyncStream<TickerUpdate> {
        interest(in: codes, keeping: 4_096, Registry.Sink.ticker)
    }

    /// Trades of `codes` (the latest first, then each new one) while the returned stream is iterated.
    public func trades(_ codes: some Sequence<String>) -> AsyncStream<TradeUpdate> {
        interest(in: codes, keeping: 4_096, Registry.Sink.trade)
    }

    /// Order book snapshots of `codes` while the returned stream is iterated (only the newest is kept if
    /// the reader falls behind: each one replaces the last).
    public func orderbooks(_ codes: some Sequence<String>) -> AsyncStream<OrderBookView> {
        interest(in: codes, keeping: 1, Registry.Sink.orderbook)
    }

    /// A stream of `codes`' messages that `sink` routes to it, keeping the newest `capacity` unread ones;
    /// its interest goes when it ends.
    private func interest<Element>(
        in codes: some Sequence<String>, keeping capacity: Int,
        _ sink: (AsyncStream<Element>.Continuation) -> Registry.Sink
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: .bufferingNewest(capacity))
        let id = registry.withLock { $0.add(Registry.Interest(codes: Set(codes), sink: sink(continuation))) }
        continuation.onTermination = { [weak self] _ in self?.registry.withLock { $0.remove(id) } }
        return stream
    }

    /// Connection states as they change, starting with the current one.
    public func states() -> AsyncStream<ConnectionState> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ConnectionState.self, bufferingPolicy: .bufferingNewest(16))
        let id = registry.withLock { registry in
            continuation.yield(registry.state)
            return registry.watch(continuation)
        }
        continuation.onTermination = { [weak self] _ in self?.registry.withLock { $0.unwatch(id) } }
        return stream
    }

    /// The codes some view still wants tickers of.
    public var wantedTickers: Set<String> { registry.withLock { $0.wanted["ticker"] ?? [] } }

    /// Where the connection is now.
    public var currentState: ConnectionState { registry.withLock { $0.state } }

    /// Times the connection was made again after a failure or a pause (opening again for new interest
    /// after being idle does not count).
    public var reconnects: Int { registry.withLock { $0.reconnects } }

    /// Reconnects after which the server could not replay the trades missed (too far behind): the trade
    /// views then start again from the latest trade, and older ones are for REST (`trades/ticks`).
    public var resumeGaps: Int { registry.withLock { $0.resumeGaps } }

    // MARK: - Lifecycle

    /// Closes the connection and keeps it closed (an app going to the background); interest is kept.
    public func pause() { registry.withLock { $0.setPaused(true) } }

    /// Reconnects after ``pause()`` and resubscribes to everything wanted.
    public func resume() { registry.withLock { $0.setPaused(false) } }
}
