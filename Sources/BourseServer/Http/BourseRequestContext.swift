public import Hummingbird
public import HummingbirdWebSocket
public import NIOCore

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
    public let webSocket: WebSocketHandlerReference<Self>
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
        webSocket = .init()
    }

    /// The client's IP address as text (the rate-limit key).
    var clientKey: String { remoteAddress?.ipAddress ?? "unknown" }
}
