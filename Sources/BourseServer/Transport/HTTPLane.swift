import NIOCore
import NIOHTTP1

/// Takes requests that a ``LaneRoute`` accepts (`POST /v1/orders`, `GET /v1/ticker`) off an HTTP connection
/// on its event loop, for the route to answer there, and passes every other request on to the router
/// unchanged (ADR 0020).
///
/// It sits right after ``HTTPRequestGuard`` (which still sees and times every request and answer), in front
/// of the upgrade handler and Hummingbird. Answers leave in request order, as HTTP/1.1 needs for pipelined
/// requests: a request for the lane waits here while the router owes an answer, and one for the router
/// while the lane does (the connection stops reading when too much waits). A request is collected whole
/// (at most ``maximumBodyBytes``) before its route decides; one it leaves goes to the router as head, body
/// and end. On a WebSocket upgrade this handler leaves.
final class HTTPLane: ChannelDuplexHandler, RemovableChannelHandler {
    // `Any`: request parts from the decoder, and raw bytes once an upgrade removed it.
    typealias InboundIn = Any
    typealias InboundOut = Any
    typealias OutboundIn = Any
    typealias OutboundOut = HTTPServerResponsePart

    /// The longest body a lane route takes (an order is about 200 bytes); a longer one goes to the router.
    static let maximumBodyBytes = 4_096
    /// Answers the lane may owe one connection; past it the connection stops reading until some are written.
    static let maximumOwed = 512
    /// Request parts held back at most before the connection stops reading.
    static let maximumHeld = 64

    /// Where the request being read goes.
    private enum Current {
        case none
        /// To the lane's route with that index, once whole.
        case lane(Int, HTTPRequestHead, ByteBuffer)
        /// To the router, part by part.
        case router
        /// Whole, left by the lane: to the router once the lane owes nothing.
        case declined(HTTPRequestHead, ByteBuffer)
    }

    private let routes: [any LaneRoute]
    private var handOff: LoopHandOff?
    private var current = Current.none
    /// Parts not dealt with yet: they wait for the lane's answers (before the router may have a request) or
    /// the router's (before the lane may take one).
    private var held = CircularBuffer<HTTPServerRequestPart>()
    /// Requests passed to the router whose answer has not ended yet.
    private var routed = 0
    /// The lane's requests, numbered as taken; answers are written in that order.
    private var taken = 0
    private var written = 0
    /// Answers that came before an earlier one.
    private var early: [Int: (HTTPResponseHead, ByteBuffer)] = [:]
    /// The last answer written, for what must wait until it is sent.
    private var lastWrite: EventLoopFuture<Void>?
    private var flushScheduled = false
    /// A read asked for while reading was paused.
    private var readPending = false
    /// Inside ``drain(_:fromRead:)`` (an answer written from there must not start another).
    private var draining = false
    /// The client closed its sending side: passed on once everything before it is answered.
    private var inputClosed = false
    /// The server is shutting down: no new request is taken, and the connection closes once answered.
    private var quiescing = false
    /// The shutdown's close (or hand-over to Hummingbird) is done.
    private var quiesced = false
    /// Shutting down or closed: requests not begun, and every part that still arrives, are dropped. (After a
    /// request that asked to close, the decoder reads nothing more: ``HTTPRequestGuard`` closes after it.)
    private var discarding = false
    /// Answers written inside ``drain(_:fromRead:)``, flushed once at its end.
    private var flushPending = false
    /// A `101` went by: the next flush sends it, and then this handler leaves.
    private var upgraded = false
    /// Out of the pipeline (the connection closed): answers still coming have nowhere to go.
    private var removed = false

    init(routes: [any LaneRoute]) { self.routes = routes }

    func handlerAdded(context: ChannelHandlerContext) { handOff = LoopHandOff.of(context.eventLoop) }

    func handlerRemoved(context: ChannelHandlerContext) { removed = true }

    private var owed: Int { taken - written }
    /// Nothing owed, begun or waiting (what waits is dropped on shutdown: it was never begun).
    private var settled: Bool {
        owed == 0 && (held.isEmpty || quiescing)
            && { if case .none = current { true } else { false } }()
    }

    private func paused(_ context: ChannelHandlerContext) -> Bool {
        held.count >= Self.maximumHeld || owed >= Self.maximumOwed || !context.channel.isWritable
    }

    // MARK: - Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let part = Self.unwrapInboundIn(data) as? HTTPServerRequestPart else {
            context.fireChannelRead(data)
            return
        }
        guard !discarding else { return }
        held.append(part)
        drain(context, fromRead: true)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            // Passed on once everything before it is answered and sent (NIO's close drops unsent writes).
            inputClosed = true
            // A request cut off mid-body will never be whole.
            if case .lane = current { current = .none }
            settle(context)
            return
        }
        if event is ChannelShouldQuiesceEvent {
            quiescing = true
            settle(context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, !held.isEmpty, !draining { drain(context, fromRead: false) }
        resumeReading(context)
        context.fireChannelWritabilityChanged()
    }

    /// Deals with held parts in order, as far as the answers owed allow.
    private func drain(_ context: ChannelHandlerContext, fromRead: Bool) {
        draining = true
        var forwarded = false
        func forward(_ part: HTTPServerRequestPart) {
            context.fireChannelRead(NIOAny(part))
            forwarded = true
        }
        loop: while true {
            if case .declined(let head, let body) = current {
                guard owed == 0 else { break }
                routed += 1
                current = .none
                forward(.head(head))
                if body.readableBytes > 0 { forward(.body(body)) }
                forward(.end(nil))
                continue
            }
            guard let part = held.popFirst() else { break }
            switch (part, current) {
            case (.head(let head), .none):
                // Shutting down or closed: what was not begun stays unread, as the router leaves it
                // (its later parts too: a body or end on its own would break the router's request loop).
                guard !quiescing, context.channel.isActive else {
                    held.removeAll()
                    discarding = true
                    break loop
                }
                if let route = routes.firstIndex(where: { $0.accepts(head) }) {
                    // Not while the router owes an answer, nor while the socket is full (an answer made at
                    // once would only pile up: the writability change drains again).
                    guard routed == 0, context.channel.isWritable else {
                        held.prepend(part)
                        break loop
                    }
                    current = .lane(route, head, context.channel.allocator.buffer(capacity: 256))
                } else {
                    guard owed == 0 else {
                        held.prepend(part)
                        break loop
                    }
                    routed += 1
                    current = .router
                    forward(part)
                }
            case (.body(var bytes), .lane(let route, let head, var body)):
                // The decoder delivers exactly the Content-Length that the route's `accepts` bounded.
                current = .none
                body.writeBuffer(&bytes)
                current = .lane(route, head, body)
            case (.end, .lane(let route, let head, let body)):
                current = .none
                if !take(routes[route], head, body, context) { current = .declined(head, body) }
            case (.end, _):
                current = .none
                forward(part)
            default:
                forward(part)
            }
        }
        draining = false
        if flushPending {
            flushPending = false
            context.flush()
        }
        if forwarded, !fromRead { context.fireChannelReadComplete() }
        settle(context)
        resumeReading(context)
    }

    /// Gives a whole request to `route`; false if it left it (nothing happened).
    private func take(
        _ route: any LaneRoute, _ head: HTTPRequestHead, _ body: ByteBuffer, _ context: ChannelHandlerContext
    ) -> Bool {
        guard let handOff else { return false }
        let number = taken
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        taken += 1
        let took = route.take(head, body: body, remote: context.channel.remoteAddress) { make in
            handOff.run {
                let (handler, context) = bound.value
                handler.answer(number, make, context)
            }
        }
        if !took { taken -= 1 }
        return took
    }

    /// Writes the lane's answer `number` (made here, on the loop) and any that waited for it; the flush comes
    /// once per burst of answers.
    private func answer(
        _ number: Int, _ make: () -> (HTTPResponseHead, ByteBuffer), _ context: ChannelHandlerContext
    ) {
        guard !removed else {
            // Made anyway: it records the request's metrics, as the router's answer to a gone client does.
            _ = make()
            return
        }
        early[number] = make()
        var wrote = false
        while let (head, body) = early.removeValue(forKey: written) {
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            let sent = context.eventLoop.makePromise(of: Void.self)
            context.write(wrapOutboundOut(.end(nil)), promise: sent)
            lastWrite = sent.futureResult
            written += 1
            wrote = true
        }
        guard wrote else { return }
        if draining {
            flushPending = true
            return
        }
        guard !flushScheduled, let handOff else { return }
        flushScheduled = true
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        handOff.flushAfter {
            let (handler, context) = bound.value
            handler.flushScheduled = false
            guard !handler.removed else { return }
            context.flush()
            if !handler.draining { handler.drain(context, fromRead: false) }
        }
    }

    /// Once nothing is held or owed: passes on a half-close or finishes a shutdown that waited for it,
    /// after the last answer has gone out.
    private func settle(_ context: ChannelHandlerContext) {
        guard settled, inputClosed || (quiescing && !quiesced) else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let afterLastWrite = lastWrite ?? context.eventLoop.makeSucceededVoidFuture()
        afterLastWrite.whenComplete { _ in
            let (handler, context) = bound.value
            guard !handler.removed else { return }
            if handler.inputClosed {
                handler.inputClosed = false
                context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            }
            if handler.quiescing { handler.finishQuiescing(context) }
        }
    }

    /// Shutting down with nothing owed: closes now if the router has nothing in progress either, or lets it
    /// finish (Hummingbird closes after its answer).
    private func finishQuiescing(_ context: ChannelHandlerContext) {
        guard !quiesced else { return }
        quiesced = true
        if routed == 0 {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }

    private func resumeReading(_ context: ChannelHandlerContext) {
        guard readPending, !paused(context) else { return }
        readPending = false
        context.read()
    }

    // MARK: - Outbound

    func read(context: ChannelHandlerContext) {
        if paused(context) {
            readPending = true
            return
        }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch Self.unwrapOutboundIn(data) as? HTTPServerResponsePart {
        case .head(let head) where head.status == .switchingProtocols: upgraded = true
        case .end: routed = max(0, routed - 1)
        default: break
        }
        context.write(data, promise: promise)
    }

    func flush(context: ChannelHandlerContext) {
        context.flush()
        if upgraded {
            // A read held back while the socket was full belongs to the WebSocket now.
            if readPending {
                readPending = false
                context.read()
            }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        // The router answered: requests held for the lane may go now (on their own turn of the loop, not
        // inside the router's write).
        if routed == 0, !held.isEmpty || (quiescing && !quiesced) || inputClosed {
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.execute {
                let (handler, context) = bound.value
                if !handler.removed, !handler.draining { handler.drain(context, fromRead: false) }
            }
        }
    }
}
