public import Hummingbird
public import HummingbirdWebSocket
public import NIOCore

/// The request context of every route: Hummingbird's core storage, the client's address (for rate limits)
/// and the WebSocket upgrade hook.
public struct BourseRequestContext: RequestContext, RemoteAddressRequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The peer's address.
    public let remoteAddress: SocketAddress?
    /// The connection's channel (the WebSocket writer joins its pipeline after an upgrade).
    public let channel: any Channel
    /// Where the WebSocket handler is stored during an upgrade.
    public let webSocket: WebSocketHandlerReference<Self>

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
