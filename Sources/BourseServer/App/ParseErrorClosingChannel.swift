import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Closes a connection whose request cannot be parsed (a head over the size limits, bytes that are not
/// HTTP) instead of leaving it open with no answer.
///
/// Hummingbird answers parse errors with 400 on plain HTTP channels, but on the channel that can upgrade
/// to a WebSocket a parse error before the upgrade is decided fails the negotiation, the handler returns,
/// and nothing closes the connection: the client waited forever and the socket stayed open. This wrapper
/// closes the channel when handling ends, and on an `HTTPParserError` that reaches the end of the pipeline.
struct ParseErrorClosingChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(ParseErrorCloser(logger: logger))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
        // The connection's handling is over on every path; when the upgrade negotiation failed (a request
        // that could not be parsed) nothing else closes it.
        value.channel.close(promise: nil)
    }
}

/// See ``ParseErrorClosingChannel``.
private final class ParseErrorCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any

    let logger: Logger

    init(logger: Logger) { self.logger = logger }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError {
            logger.debug("closing a connection whose request could not be parsed", metadata: ["error": "\(error)"])
            context.close(promise: nil)
        }
        context.fireErrorCaught(error)
    }
}
