public import Hummingbird
public import HummingbirdWebSocket
public import NIOCore
import Synchronization

/// The request context of every route: Hummingbird's core storage, the client's address (for rate limits),
/// the WebSocket upgrade hook, and what the route groups' middleware found out (the rate-limit verdict, the
/// authenticated key and the request's parameters).
public struct BourseRequestContext: RequestContext, RemoteAddressRequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The peer's address.
    public let remoteAddress: SocketAddress?
    /// The connection's channel (the WebSocket writer joins its pipeline after an upgrade).
    public let channel: any Channel
    /// Where the WebSocket handler is stored during an upgrade.
    public var webSocket: WebSocketHandlerReference<Self> { webSocketSlot.reference }
    /// Holds ``webSocket`` so that the cycle Hummingbird makes with it can be broken
    /// (``releaseWebSocketHook()``).
    let webSocketSlot = WebSocketSlot()
    /// The rate-limit verdict of the route's group, set by its limiting middleware.
    public var rateLimit: RateLimitVerdict?
    /// The authenticated key and the parameters of an exchange request, set by ``ExchangeAuthentication``.
    var exchangeCall: ExchangeCall?
    /// The signed-in user of an auction route, set by ``AuctionAuthentication``.
    var auctionUser: AuctionUser?

    /// A context for a request arriving on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// Lets go of the upgrade's hook; called by each socket handler as it starts, once Hummingbird has read
    /// it. Hummingbird keeps the handler in the context's hook together with a copy of the context itself,
    /// which holds the hook: a cycle that nothing ends, so every upgraded connection's context, channel and
    /// buffers stayed allocated after it closed (~4.75 KB per connection, measured; ADR 0018).
    func releaseWebSocketHook() { webSocketSlot.release() }

    /// The client's IP address as text (the rate-limit key).
    var clientKey: String { remoteAddress?.ipAddress ?? "unknown" }
}

/// The owner of a request context's WebSocket hook (``BourseRequestContext/releaseWebSocketHook()``).
final class WebSocketSlot: Sendable {
    private let hook = Mutex<WebSocketHandlerReference<BourseRequestContext>?>(WebSocketHandlerReference())

    /// The hook; an empty one once it was released (nothing reads it then).
    var reference: WebSocketHandlerReference<BourseRequestContext> {
        hook.withLock { $0 ?? WebSocketHandlerReference() }
    }

    func release() { hook.withLock { $0 = nil } }
}
