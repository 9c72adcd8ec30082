import NIOCore
import NIOWebSocket

/// Writes a ``StreamConnection``'s queued frames straight onto its WebSocket channel, on the channel's
/// event loop, with one flush per batch.
///
/// The WebSocket library's async writer flushes after every frame, which costs one `writev` system call
/// per message: the fan-out limit on a small machine. This handler sits in the pipeline just before
/// NIO's frame encoder (so, under TLS, after the TLS handler): frames it writes are already encoded
/// (``StreamFrame``), go to the socket with everything else queued since the last batch, and leave in
/// one system call; the writers of one event loop are drained together (``StreamWriterScheduler``).
/// While the socket is not writable it stops; the connection's byte bound then decides
/// when the client is too slow. Control frames (pong, close) still go through the library.
final class StreamFrameWriter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any
    typealias OutboundOut = ByteBuffer

    let connection: StreamConnection
    private var context: ChannelHandlerContext?
    /// A drain found the socket unwritable; the next writability change drains again.
    private var blocked = false

    init(connection: StreamConnection) { self.connection = connection }

    /// Adds a writer for `connection` to `channel`'s upgraded WebSocket pipeline and starts draining.
    static func install(for connection: StreamConnection, on channel: any Channel) async throws {
        let eventLoop = channel.eventLoop
        try await eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let writer = StreamFrameWriter(connection: connection)
            try pipeline.addHandler(writer, position: .before(try pipeline.handler(type: WebSocketFrameEncoder.self)))
            let bound = NIOLoopBound(writer, eventLoop: eventLoop)
            let scheduler = StreamWriterScheduler.of(eventLoop)
            connection.onFrames { urgent in scheduler.schedule(bound, urgent: urgent) }
        }.get()
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        connection.detachWriter()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if blocked, context.channel.isWritable {
            blocked = false
            drain()
        }
        context.fireChannelWritabilityChanged()
    }

    /// Writes everything queued, then flushes once.
    func drain() {
        guard let context else { return }
        guard context.channel.isWritable else {
            blocked = true
            return
        }
        let frames = connection.takeFrames()
        guard !frames.isEmpty else { return }
        for frame in frames { context.write(wrapOutboundOut(frame.bytes), promise: nil) }
        context.flush()
    }
}
