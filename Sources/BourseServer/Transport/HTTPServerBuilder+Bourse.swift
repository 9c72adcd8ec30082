import BourseCore
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import NIOCore
import NIOSSL

extension HTTPServerBuilder {
    /// HTTP/1.1 with the WebSocket upgrade (over TLS when `tls` is given), inside a ``TransportChannel``:
    /// the connection limit, head and idle timeouts, transport-level answers, the WebSocket connect rate,
    /// and bounded shutdown, as `configuration` says; the `lanes` routes on the event loop.
    static func bourse(
        webSocketResponder: RouterResponder<BourseRequestContext>, configuration: ServerConfiguration,
        tls: TLSConfiguration?, connections: OpenConnections, lanes: [any LaneRoute],
        clock: @escaping @Sendable () -> Timestamp
    ) -> HTTPServerBuilder {
        let transport = configuration.transport
        let connects = RateLimiter(perSecond: configuration.streams.connectsPerSecond)
        let admitUpgrade: @Sendable (SocketAddress?) -> Bool = { address in
            connects.check(
                RateLimiter.addressClient(address?.ipAddress ?? "unknown"), group: .websocketConnect, at: clock()
            ).allowed
        }
        let decoderLimits = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: transport.maximumHeadBytes, maxHeaderListSize: transport.maximumHeadBytes)
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            // Idle connections and stalled bodies are ``HTTPRequestGuard``'s to time, which sees every request.
            http1: .init(idleTimeout: nil, httpDecoderConfiguration: decoderLimits),
            ws: .init(
                maxFrameSize: StreamRoutes.maximumMessageBytes, autoPing: .disabled,
                closeTimeout: StreamRoutes.closeHandshakeLimit, validateUTF8: true))
        return HTTPServerBuilder { responder in
            let plain = TransportChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: channelConfiguration),
                options: transport, connections: connections, admitUpgrade: admitUpgrade, lanes: lanes)
            guard let tls else { return plain }
            return try TLSChannel(plain, tlsConfiguration: tls)
        }
    }
}
