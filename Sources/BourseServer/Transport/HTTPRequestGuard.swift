import BourseUpbit
import Logging
import NIOCore
import NIOHTTP1

/// Guards one HTTP connection below the router: deadlines for request heads and bodies (slowloris) and idle
/// keep-alive connections, answers for requests that never reach a route (`503` past the connection limit, `431`/`414`
/// for oversized heads, `400` for bytes that are not HTTP or an HTTP/1.1 request without `Host`, `429` past
/// the WebSocket connect rate), and the close after an HTTP/1.0 response without keep-alive.
///
/// It sits right after NIO's request decoder, in front of the WebSocket upgrade handler, because
/// Hummingbird's own idle timer and parse-error answer start only once a first request has been routed:
/// before that, a trickled head kept its socket forever and a parse error closed the connection without
/// an answer. Decisions are ``HTTPRequestGuardState``'s; this class does the I/O. When it writes an answer
/// it closes its sending side, keeps discarding what the client still sends (so the client reads the
/// answer rather than a reset) and closes after ``TransportOptions/lingerTimeout``.
///
/// On a WebSocket upgrade, the upgrade handler removes the decoder before it sends the `101`, and whatever
/// the client sent after its handshake then passes here as raw bytes: they are already WebSocket frames,
/// and their masks are checked (``WebSocketMaskScanner``). Once the `101` is flushed, a
/// ``WebSocketMaskGuard`` takes this place, where all later bytes pass before the frame decoder, and this
/// guard leaves the pipeline.
final class HTTPRequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    // `Any`: request parts from the decoder, and raw bytes once an upgrade removed it.
    typealias InboundIn = Any
    typealias InboundOut = Any
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var state: HTTPRequestGuardState
    /// Whether a WebSocket handshake from this address may proceed (the connect rate limit).
    private let admitUpgrade: (SocketAddress?) -> Bool
    private let logger: Logger
    private var timer: Scheduled<Void>?
    /// When ``timer`` fires.
    private var timerAt: NIODeadline?
    private var started = false
    /// A `101` was written: the next flush sends it, and then the WebSocket mask guard takes over.
    private var upgraded = false
    /// A request part arrived in the read now being delivered (its bytes are not a next head's start).
    private var partThisRead = false
    /// Closes a connection whose client has not read what it is owed for the idle timeout (a socket that
    /// stays full: otherwise nothing times it while an answer is owed).
    private var writeStall: Scheduled<Void>?
    /// Frames that arrived with the handshake (see the type's comment).
    private var scanner = WebSocketMaskScanner()

    init(
        options: TransportOptions, admitted: Bool, logger: Logger,
        admitUpgrade: @escaping (SocketAddress?) -> Bool
    ) {
        state = HTTPRequestGuardState(options: options, admitted: admitted)
        self.admitUpgrade = admitUpgrade
        self.logger = logger
    }

    // MARK: - Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        writeStall?.cancel()
        writeStall = nil
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        apply(state.started(now: .now()), context)
    }

    // MARK: - Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let value = Self.unwrapInboundIn(data)
        guard let part = value as? HTTPServerRequestPart else {
            // A `ByteBuffer` unwraps as `IOData` when the inbound type is `Any`.
            if case .byteBuffer(let bytes) = value as? IOData, !scanner.scan(bytes.readableBytesView) {
                // The HTTP encoder is still in place: no close frame can be written yet, only the close.
                logger.debug("closing a WebSocket whose client sent an unmasked frame")
                context.close(promise: nil)
                return
            }
            context.fireChannelRead(data)
            return
        }
        partThisRead = true
        switch part {
        case .head(let head):
            let remote = context.channel.remoteAddress
            switch state.receivedHead(head, now: .now(), admitUpgrade: { admitUpgrade(remote) }) {
            case .forward(let timer, let rewritten):
                apply(timer, context)
                context.fireChannelRead(rewritten.map { NIOAny(HTTPServerRequestPart.head($0)) } ?? data)
            case .reject(let rejection):
                reject(rejection, context)
            case .drop:
                break
            }
        case .body:
            if let timer = state.receivedPart(isEnd: false, now: .now()) {
                apply(timer, context)
                context.fireChannelRead(data)
            }
        case .end:
            if let timer = state.receivedPart(isEnd: true, now: .now()) {
                apply(timer, context)
                context.fireChannelRead(data)
            }
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            writeStall?.cancel()
            writeStall = nil
        } else if writeStall == nil {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let logger = logger
            writeStall = context.eventLoop.scheduleTask(in: .init(state.options.idleTimeout)) {
                logger.debug("closing a connection whose client stopped reading its answers")
                loopBound.value.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // A read that carried parts may also have been answered already (``HTTPLane`` answers refusals at
        // once): its bytes do not start the next head, and the idle deadline stands.
        if !partThisRead { apply(state.bytesArrived(now: .now()), context) }
        partThisRead = false
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError else {
            // Once the connection is being answered and closed, or reading ended at a parse error, the
            // decoder's complaints about what still arrives are expected (passed on, they would end
            // Hummingbird's request loop and close the connection before the answers owed).
            if !state.finished, !state.readingEnded { context.fireErrorCaught(error) }
            return
        }
        switch state.parseError(error) {
        case .reject(let rejection): reject(rejection, context)
        case .close: context.close(promise: nil)
        case .closeAfterAnswers, .ignore: break
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, state.quiesce() {
            timer?.cancel()
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: - Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch Self.unwrapOutboundIn(data) {
        case .head(var head):
            switch state.writingHead(&head) {
            case .write:
                context.write(Self.wrapOutboundOut(.head(head)), promise: promise)
            case .upgraded:
                upgraded = true
                context.write(data, promise: promise)
            case .fail:
                promise?.fail(ChannelError.outputClosed)
            }
        case .body:
            if state.finished {
                promise?.fail(ChannelError.outputClosed)
            } else {
                context.write(data, promise: promise)
            }
        case .end:
            switch state.writingEnd(now: .now()) {
            case .keepOpen(let timer):
                apply(timer, context)
                context.write(data, promise: promise)
            case .closeAfterWrite:
                // A client that never reads the answer would keep the connection: it closes after the idle
                // timeout regardless.
                timer?.cancel()
                timerAt = nil
                let lingering = NIOLoopBound(context, eventLoop: context.eventLoop)
                timer = context.eventLoop.scheduleTask(in: .init(state.options.idleTimeout)) {
                    lingering.value.close(promise: nil)
                }
                let written = promise ?? context.eventLoop.makePromise()
                context.writeAndFlush(data, promise: written)
                let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                written.futureResult.whenComplete { _ in loopBound.value.close(promise: nil) }
            case .fail:
                promise?.fail(ChannelError.outputClosed)
            }
        }
    }

    func flush(context: ChannelHandlerContext) {
        context.flush()
        // Leaving during the write would have dropped this flush, and the `101` with it.
        if upgraded { handOverToWebSocket(context) }
    }

    // MARK: - Actions

    /// Follows the state's deadline lazily: a timer already due at or before the new deadline stays (when
    /// it fires, it is set again for the deadline then in force), and a disarmed deadline leaves it to find
    /// nothing to do. Every request moves the deadline two or three times; rescheduling each time cost a
    /// timer task and two cancellations per order in `bench orders`.
    private func apply(_ action: HTTPRequestGuardState.Timer, _ context: ChannelHandlerContext) {
        guard case .arm(let deadline) = action else { return }
        if timer != nil, let timerAt, timerAt <= deadline { return }
        schedule(at: deadline, context)
    }

    private func schedule(at deadline: NIODeadline, _ context: ChannelHandlerContext) {
        timer?.cancel()
        timerAt = deadline
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.timerFired(context)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        timerAt = nil
        let now = NIODeadline.now()
        guard state.timerFired(now: now) else {
            if let deadline = state.pendingDeadline, deadline > now { schedule(at: deadline, context) }
            return
        }
        logger.debug("closing a connection that sent no complete request head or body in time")
        context.close(promise: nil)
    }

    /// Answers `rejection`, closes the sending side, and closes the rest once the client has read the
    /// answer and gone, or after the linger timeout.
    private func reject(_ rejection: HTTPRequestGuardState.Rejection, _ context: ChannelHandlerContext) {
        logger.debug(
            "answering a request the transport refuses",
            metadata: ["status": "\(rejection.status.code)", "reason": "\(rejection.message)"])
        timer?.cancel()
        let (head, body) = Self.response(rejection)
        context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
        context.write(Self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let halfClosed = context.eventLoop.makePromise(of: Void.self)
        context.close(mode: .output, promise: halfClosed)
        halfClosed.futureResult.whenFailure { _ in loopBound.value.close(promise: nil) }
        timerAt = nil
        timer = context.eventLoop.scheduleTask(in: .init(state.options.lingerTimeout)) {
            loopBound.value.close(promise: nil)
        }
    }

    /// The answer to `rejection`: Upbit's error JSON (`name` is the status, as the quotation API's), or the
    /// REST limiter's plain-text 429.
    static func response(_ rejection: HTTPRequestGuardState.Rejection) -> (HTTPResponseHead, ByteBuffer) {
        var headers = HTTPHeaders()
        let body: ByteBuffer
        if rejection.isRateLimit {
            headers.add(name: "content-type", value: "text/plain;charset=UTF-8")
            headers.add(name: "retry-after", value: "1")
            body = ByteBuffer(string: rejection.message)
        } else {
            headers.add(name: "content-type", value: "application/json;charset=UTF-8")
            if rejection.status == .serviceUnavailable { headers.add(name: "retry-after", value: "1") }
            for (name, value) in rejection.headers { headers.add(name: name, value: value) }
            body = ByteBuffer(
                bytes: QuotationJSON.error(status: Int(rejection.status.code), message: rejection.message))
        }
        headers.add(name: "content-length", value: String(body.readableBytes))
        headers.add(name: "connection", value: "close")
        return (HTTPResponseHead(version: .http1_1, status: rejection.status, headers: headers), body)
    }

    /// After the `101`: a ``WebSocketMaskGuard`` (with the frame position reached so far) takes this place,
    /// ahead of the frame decoder, and this guard leaves, so WebSocket traffic has no HTTP handler to pass.
    private func handOverToWebSocket(_ context: ChannelHandlerContext) {
        upgraded = false
        timer?.cancel()
        timer = nil
        let pipeline = context.pipeline.syncOperations
        do {
            try pipeline.addHandler(WebSocketMaskGuard(scanner: scanner, logger: logger), position: .after(self))
            pipeline.removeHandler(context: context, promise: nil)
        } catch {
            logger.debug("websocket mask guard not installed", metadata: ["error": "\(error)"])
            context.close(promise: nil)
        }
    }
}
