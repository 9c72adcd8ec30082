import Foundation
import Synchronization

/// The auction house's live half: one WebSocket to `/auction/v1/stream` of an ``AuctionClient``'s server,
/// for every view of an app.
///
/// Views read ``events()``: the items the stream follows (``subscribe(pages:)`` or ``subscribe(items:)``)
/// and, when signed in, the user's own `outbid`, `won`, `lost` and `sold`. Requests (bids, buy now, the
/// watchlist) are answered on the same connection by their ids and throw ``AuctionClientError`` by the
/// contract's names. ``run()`` keeps the connection: it signs in with the client's token, and after every
/// reconnect (exponential backoff with jitter) signs in again and subscribes again with `since` (the last
/// `seq` of each item), so a reader gets each change of a sale once and in order however often the link
/// drops. Every `pong`, snapshot and live event refines the client's ``AuctionClient/clock``, so
/// ``AuctionClient/remaining(until:)`` counts down on the server's time.
///
/// ```swift
/// let stream = AuctionStream(client: auctions)
/// Task { await stream.run() }
/// let events = stream.events()
/// try await stream.subscribe(items: [item.id])
/// for await event in events {
///     if case .price(let change) = event.change { print(event.item, change.price) }
/// }
/// ```
public final class AuctionStream: Sendable {
    /// How the connection behaves.
    public struct Options: Sendable {
        /// The first reconnect delay; each failed attempt doubles it.
        public var initialBackoff: Duration = .milliseconds(250)
        /// The longest reconnect delay.
        public var maximumBackoff: Duration = .seconds(30)
        /// How often to ping: a WebSocket ping unanswered by the next one closes the link as dead, and an
        /// auction `ping` keeps a quiet connection open and the server's clock fresh.
        public var pingInterval: Duration = .seconds(20)
        /// How long a request waits for its answer, including the wait for a connection, before it throws
        /// ``AuctionClientError/transport(_:)``.
        public var requestTimeout: Duration = .seconds(10)
        /// Certificates to trust besides the system's, for a `wss://` server with its own certificate.
        public var trusted: TrustedCertificates?

        /// Every setting at the default written beside it.
        public init() {}
    }

    /// Where the connection is.
    public enum ConnectionState: Hashable, Sendable {
        /// Connecting (attempt 1 is the first).
        case connecting(attempt: Int)
        /// Connected: signed in (if the client is) and following the interest again; requests flow.
        case connected
        /// Waiting before reconnecting, after `error`. Requests made meanwhile wait for the connection.
        case waiting(Duration, error: String)
        /// The server URL cannot work (such as `wss://` with an IP address other than loopback's);
        /// ``run()`` has returned.
        case failed(String)
    }

    /// The client whose server, token and clock the stream uses.
    public let client: AuctionClient
    /// The socket's URL: the client's base URL with `ws` or `wss` and `/auction/v1/stream`; `nil` if the
    /// base URL cannot make one.
    public let url: String?
    let options: Options
    let registry = Mutex(Registry())

    /// A stream of `client`'s server; nothing connects until ``run()``.
    public init(client: AuctionClient, options: Options = Options()) {
        self.client = client
        self.options = options
        url = Self.url(for: client.baseURL)
    }

    /// `ws://host:port/…/auction/v1/stream` for an `http` base URL, `wss://` for `https`.
    static func url(for baseURL: URL) -> String? {
        guard var components = try? ServerCall.components(baseURL, "/auction/v1/stream") else { return nil }
        switch components.scheme?.lowercased() {
        case "http", "ws": components.scheme = "ws"
        case "https", "wss": components.scheme = "wss"
        default: return nil
        }
        components.query = nil
        return components.url?.absoluteString
    }

    // MARK: - Outputs

    /// Every event from now on, in order, for as long as the returned stream is iterated; it finishes
    /// when ``run()`` returns. Start reading before subscribing: events that arrive while no reader is
    /// open are not kept. Read promptly: a reader's unread events are all kept.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        let id = registry.withLock { $0.addReader(continuation) }
        continuation.onTermination = { [weak self] _ in self?.registry.withLock { $0.removeReader(id) } }
        return stream
    }

    /// Connection states as they change, starting with the current one.
    public func states() -> AsyncStream<ConnectionState> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ConnectionState.self, bufferingPolicy: .bufferingNewest(16))
        let id = registry.withLock { registry in
            continuation.yield(registry.state)
            return registry.addWatcher(continuation)
        }
        continuation.onTermination = { [weak self] _ in self?.registry.withLock { $0.removeWatcher(id) } }
        return stream
    }

    /// Where the connection is now.
    public var currentState: ConnectionState { registry.withLock { $0.state } }

    /// Times the connection was made again after it dropped.
    public var reconnects: Int { registry.withLock { max(0, $0.connections - 1) } }
}
