import Logging
import NIOCore

/// Closes a WebSocket connection whose client sends an unmasked frame: a close frame with code 1002
/// (protocol error), then the socket (RFC 6455 §5.1). It watches the raw bytes ahead of the frame decoder
/// (see ``WebSocketMaskScanner``) and passes them on untouched; ``HTTPRequestGuard`` puts it in place once
/// the `101` is sent. Inbound only, so the frames the server writes do not pass through it.
final class WebSocketMaskGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Close frame, code 1002, reason "client frames must be masked".
    static let closeFrame: ByteBuffer = {
        let reason = Array("client frames must be masked".utf8)
        return ByteBuffer(bytes: [0x88, UInt8(2 + reason.count), 0x03, 0xEA] + reason)
    }()

    private var scanner: WebSocketMaskScanner
    private var violated = false
    private let logger: Logger

    /// A guard continuing from `scanner`'s position in the stream.
    init(scanner: WebSocketMaskScanner, logger: Logger) {
        self.scanner = scanner
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !violated else { return }
        guard scanner.scan(Self.unwrapInboundIn(data).readableBytesView) else {
            violated = true
            logger.debug("closing a WebSocket whose client sent an unmasked frame")
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(Self.wrapOutboundOut(Self.closeFrame)).whenComplete { _ in
                loopBound.value.close(promise: nil)
            }
            return
        }
        context.fireChannelRead(data)
    }
}
