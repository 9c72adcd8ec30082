import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Wraps the HTTP and WebSocket channel of `bourse serve` with the transport's own rules: the connection
/// limit, an ``HTTPRequestGuard`` right after the request decoder (and the ``HTTPLane`` after it), a ``WebSocketFastLane`` after an
/// upgrade, a quiet connection log, a deadline on shutdown, and a close once handling ends.
///
/// On graceful shutdown Hummingbird stops accepting and waits for every connection to close; a WebSocket
/// client that never answers the close frame kept that wait (and the data directory's lock) going for
/// minutes. Each connection here is closed ``TransportOptions/shutdownGrace`` after shutdown begins,
/// whatever its client does. And when the upgrade negotiation fails (a request that could not be parsed)
/// nothing else closes the connection, so handling's end always closes it.
struct TransportChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let options: TransportOptions
    let connections: OpenConnections
    /// Whether a WebSocket handshake from an address may proceed (the connect rate limit).
    let admitUpgrade: @Sendable (SocketAddress?) -> Bool
    /// The routes answered on the event loop (``HTTPLane``); none leaves every request to the router.
    let lanes: [any LaneRoute]

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let admitted = connections.open()
        channel.closeFuture.whenComplete { [connections] _ in connections.close() }
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let guardHandler = HTTPRequestGuard(
                options: options, admitted: admitted, logger: logger, admitUpgrade: admitUpgrade)
            try pipeline.addHandler(guardHandler, position: .after(decoder))
            if !lanes.isEmpty { try pipeline.addHandler(HTTPLane(routes: lanes), position: .after(guardHandler)) }
            try pipeline.addHandler(WebSocketFastLane.Installer())
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        let channel = value.channel
        let grace = TimeAmount(options.shutdownGrace)
        await withGracefulShutdownHandler {
            await base.handle(value: value, logger: logger.quietingErrors)
        } onGracefulShutdown: {
            channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
        }
        channel.close(promise: nil)
    }
}
