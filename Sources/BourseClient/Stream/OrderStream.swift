import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import Synchronization

/// The account's own orders as they change, live: `/websocket/v1/private`'s `myOrder` for the account an
/// ``ExchangeClient`` acts for (an API key's, or a signed-in user's session).
///
/// Every fill arrives as its own event with its price, volume and time, which is how a screen marks the
/// user's own trades on the public tape (``OwnFills``). ``run()`` keeps the connection: each connection
/// sends a fresh bearer (a new signed token for an API key; the session token as it is), subscribes again,
/// and after any failure or close waits (exponential backoff with jitter) and starts again.
///
/// Against a Bourse server it resumes (``Options/resumes``, ADR 0017): every reconnect asks for the events
/// after the last one delivered, which come before anything new, each once and in order. When the server
/// no longer holds them (away too long, or it restarted) ``gaps`` grows: read the open orders again over REST
/// then.
///
/// ```swift
/// let orders = OrderStream(client: exchange, codes: ["KRW-BTC"])
/// let events = orders.events()
/// Task { await orders.run() }
/// for await event in events where event.isFill { print(event.price ?? 0, event.volume ?? 0) }
/// ```
public final class OrderStream: Sendable {
    /// How the connection behaves.
    public struct Options: Sendable {
        /// The first reconnect delay; each failed attempt doubles it.
        public var initialBackoff: Duration = .milliseconds(250)
        /// The longest reconnect delay.
        public var maximumBackoff: Duration = .seconds(30)
        /// How often to ping; a ping unanswered by the next one closes the link as dead.
        public var pingInterval: Duration = .seconds(20)
        /// Certificates to trust besides the system's, for a `wss://` server with its own certificate.
        public var trusted: TrustedCertificates?
        /// Whether to ask for numbered events and resume them after a reconnect (Bourse's extension); turn it
        /// off for a server without it, such as Upbit's, which refuses the unknown request object.
        public var resumes = true

        /// Every setting at the default written beside it.
        public init() {}
    }

    /// Where the connection is.
    public enum ConnectionState: Hashable, Sendable {
        /// Connecting (attempt 1 is the first).
        case connecting(attempt: Int)
        /// Connected and subscribed; events flow.
        case connected
        /// Waiting before reconnecting, after `error` (the server's refusal in its words, such as a session
        /// that has ended, or why the link dropped).
        case waiting(Duration, error: String)
        /// The server URL cannot work; ``run()`` has returned.
        case failed(String)
    }

    private struct Registry {
        var readers: [Int: AsyncStream<OrderEvent>.Continuation] = [:]
        var nextReader = 0
        /// Set when ``run()`` returned: streams asked for afterwards finish at once.
        var finished = false
        var state = ConnectionState.connecting(attempt: 1)
        var connections = 0
        /// The last error frame of the current connection, said when it closes.
        var refusal: String?
        /// The epoch the server named for the numbers, and the last number delivered per market.
        var epoch: String?
        var last: [String: UInt64] = [:]
        /// Resumes the server could not fill (``gaps``).
        var gaps = 0
    }

    /// The client whose server, account and credentials the stream uses.
    public let client: ExchangeClient
    /// The markets followed; empty follows every market.
    public let codes: [String]
    /// The socket's URL: the client's base URL with `ws` or `wss` and `/websocket/v1/private`.
    public let url: String?
    private let options: Options
    private let registry = Mutex(Registry())

    /// A stream of `client`'s account's orders in `codes` (every market when empty); nothing connects until
    /// ``run()``.
    public init(client: ExchangeClient, codes: [String] = [], options: Options = Options()) {
        self.client = client
        self.codes = codes
        self.options = options
        url = Self.url(for: client.baseURL)
    }

    /// `ws://host:port/…/websocket/v1/private` for an `http` base URL, `wss://` for `https`.
    static func url(for baseURL: URL) -> String? {
        guard var components = try? ServerCall.components(baseURL, "/websocket/v1/private") else { return nil }
        switch components.scheme?.lowercased() {
        case "http", "ws": components.scheme = "ws"
        case "https", "wss": components.scheme = "wss"
        default: return nil
        }
        components.query = nil
        return components.url?.absoluteString
    }

    /// Every event from now on, in order, for as long as the returned stream is iterated; it finishes when
    /// ``run()`` returns. Start reading before ``run()``: events while no reader is open are not kept.
    public func events() -> AsyncStream<OrderEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: OrderEvent.self, bufferingPolicy: .unbounded)
        let id = registry.withLock { registry -> Int? in
            guard !registry.finished else { return nil }
            registry.nextReader += 1
            registry.readers[registry.nextReader] = continuation
            return registry.nextReader
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.registry.withLock { $0.readers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Where the connection is now.
    public var currentState: ConnectionState { registry.withLock { $0.state } }

    /// Times the connection was made again after it dropped.
    public var reconnects: Int { registry.withLock { max(0, $0.connections - 1) } }

    /// The most markets a resume names (the server refuses a request naming more than 300 topics).
    static let maximumNamedMarkets = 250

    /// Times a reconnect could not be resumed (the server no longer held what was missed, or restarted):
    /// events may be missing then, so read the open orders again over REST. Always 0 without
    /// ``Options/resumes``, when every reconnect may miss events.
    public var gaps: Int { registry.withLock { $0.gaps } }

    /// The subscription: `myOrder` for ``codes`` (all markets when empty), in the DEFAULT format, and with
    /// ``Options/resumes`` the resume of what came after the last events delivered.
    var subscription: String {
        let list = (try? JSONEncoder().encode(codes)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let filter = codes.isEmpty ? "" : #","codes":"# + list
        var resume = ""
        if options.resumes {
            let (epoch, last) = registry.withLock { ($0.epoch, $0.last) }
            var object: [String: AnyEncodableValue] = [:]
            // With the epoch, the server also replays the markets not named (the client has seen none of
            // them), so a bot's first fill in a market is not lost either; past the server's limit of named
            // markets, the rest come that way and the dedupe below drops what was already delivered.
            if let epoch {
                object["epoch"] = .string(epoch)
                if !last.isEmpty {
                    let named = last.sorted { $0.value > $1.value }.prefix(Self.maximumNamedMarkets)
                    object["myOrder"] = .numbers(Dictionary(uniqueKeysWithValues: Array(named)))
                }
            }
            let encoded = (try? JSONEncoder().encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            resume = #",{"resume":"# + encoded + "}"
        }
        return #"[{"ticket":"bourse-sdk-orders"}\#(resume),{"type":"myOrder"\#(filter)},{"format":"DEFAULT"}]"#
    }

    /// Keeps the connection until the task is cancelled; returns at once for a URL that cannot work. Either
    /// way every stream it fed finishes.
    public func run() async {
        var attempt = 1
        while !Task.isCancelled {
            guard let url else {
                registry.withLock { $0.state = .failed("\(client.baseURL) cannot make a WebSocket URL") }
                break
            }
            registry.withLock { $0.state = .connecting(attempt: attempt) }
            var failure = "closed by the server"
            do {
                if try await connectOnce(url) { attempt = 1 }
            } catch is CancellationError {
                break
            } catch ClientError.invalidURL(let reason) {
                registry.withLock { $0.state = .failed(reason) }
                break
            } catch {
                failure = String(describing: error)
            }
            if Task.isCancelled { break }
            // The server's refusal says more than the closed link that followed it.
            if let refusal = registry.withLock({ $0.refusal }) { failure = refusal }
            let delay = StreamLink.backoff(
                attempt: attempt, initial: options.initialBackoff, maximum: options.maximumBackoff)
            registry.withLock { $0.state = .waiting(delay, error: failure) }
            try? await Task.sleep(for: delay)
            attempt += 1
        }
        let readers = registry.withLock { registry in
            registry.finished = true
            defer { registry.readers.removeAll() }
            return Array(registry.readers.values)
        }
        for reader in readers { reader.finish() }
    }

    /// One connection; returns whether the server accepted it (then the backoff starts over).
    ///
    /// After the subscription it sends Upbit's text `PING`: the server answers `{"status":"UP"}` once it
    /// has handled both (so the subscription stands when the stream says ``ConnectionState/connected``),
    /// and repeats it every 10 s, which keeps a quiet account's socket from its idle close.
    private func connectOnce(_ url: String) async throws -> Bool {
        var (configuration, tls) = try StreamLink.configuration(
            url: url, pingInterval: options.pingInterval, trusted: options.trusted)
        configuration.additionalHeaders[.authorization] = "Bearer \(client.bearer())"
        registry.withLock { $0.refusal = nil }
        let accepted = Mutex(false)
        let logger = Logger(label: "bourse.sdk.orders")
        try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls, logger: logger)
        { inbound, outbound, _ in
            try await outbound.write(.text(self.subscription))
            try await outbound.write(.text("PING"))
            for try await message in inbound.messages(maxSize: StreamLink.maximumFrameBytes) {
                let bytes: Data =
                    switch message {
                    case .binary(let buffer): Data(buffer.readableBytesView)
                    case .text(let text): Data(text.utf8)
                    }
                guard self.deliver(bytes), !accepted.withLock({ $0 }) else { continue }
                accepted.withLock { $0 = true }
                self.registry.withLock { registry in
                    registry.connections += 1
                    registry.state = .connected
                }
            }
        }
        return accepted.withLock { $0 }
    }

    /// Hands a `myOrder` frame to every reader; keeps an error frame's words for the state. Returns whether
    /// the frame shows the server accepted the connection (an order event, or `{"status":"UP"}`, the one
    /// frame with neither a type nor an error).
    private func deliver(_ bytes: Data) -> Bool {
        switch try? StreamMessage.decode(bytes) {
        case .error(let name, let message):
            registry.withLock { $0.refusal = "\(name): \(message)" }
            return false
        case .other(type: "myOrder"):
            guard let event = try? JSONDecoder().decode(OrderEvent.self, from: bytes) else { return true }
            let sequence = (try? StreamMessage.numbered(bytes))?.sequence
            let readers = registry.withLock { registry -> [AsyncStream<OrderEvent>.Continuation] in
                if let sequence {
                    // A replay that crossed a live event, or a resent one: each event once.
                    if let last = registry.last[event.code], sequence <= last { return [] }
                    registry.last[event.code] = sequence
                }
                return Array(registry.readers.values)
            }
            for reader in readers { reader.yield(event) }
            return true
        case .other(type: "resume"):
            guard let answer = try? JSONDecoder().decode(ResumeAnswer.self, from: bytes) else { return true }
            registry.withLock { registry in
                // Another epoch (a restarted server) after one this stream knew: what came meanwhile is lost.
                let newEpoch = registry.epoch != nil && registry.epoch != answer.epoch
                if registry.epoch != answer.epoch {
                    // Numbers of another epoch mean nothing now: count from this one's.
                    registry.epoch = answer.epoch
                    registry.last = [:]
                }
                let lost = answer.resumed.filter { $0.status == "missed" || $0.status == "reset" }
                if newEpoch || !lost.isEmpty { registry.gaps += 1 }
                // From the server's number on: what came before is for REST to tell.
                for line in lost { if let code = line.code { registry.last[code] = line.seq } }
            }
            return true
        case .other(type: nil): return true
        default: return false
        }
    }
}

/// The server's answer to a numbered request: the epoch of its numbers, and how each named market resumed.
private struct ResumeAnswer: Decodable {
    struct Line: Decodable {
        var code: String?
        var status: String
        var seq: UInt64
    }

    var epoch: String
    var resumed: [Line]
}

/// A value of the resume object, which mixes a string and an object of numbers.
private enum AnyEncodableValue: Encodable {
    case string(String)
    case numbers([String: UInt64])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .numbers(let numbers): try container.encode(numbers)
        }
    }
}
