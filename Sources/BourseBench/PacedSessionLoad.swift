import NIOCore
import NIOPosix

/// The open-loop load of `bench orders --via session`: order-entry requests on `/websocket/v1/private`
/// (ADR 0019), sent at a fixed rate round-robin over the sessions, each answered by its `id`. Request `i`
/// carries id `i`, so its answer names its intended send time (``PacedHTTPLoad/Schedule``) and the
/// generator keeps no table of what is in flight.
enum PacedSessionLoad {
    /// Opens one session per token, sends `frames` (masked client frames, frame `i` with id `i`) at `rate`
    /// a second, and waits up to `drain` after the last send for the answers still due.
    static func run(
        port: Int, tokens: [String], rate: Int, frames: [ByteBuffer], group: MultiThreadedEventLoopGroup,
        drain: Duration = .seconds(5), sending: @escaping @Sendable (Int, Int64) -> Void
    ) async throws -> PacedHTTPLoad.Outcome {
        let schedule = PacedHTTPLoad.Schedule(rate: rate, count: frames.count, connections: tokens.count)
        let handlers = tokens.indices.map {
            SessionConnection(
                index: $0, token: tokens[$0], schedule: schedule, frames: frames, sending: sending)
        }
        let channels = try await LoopbackChannels.open(count: tokens.count, port: port, group: group) { index, ready in
            handlers[index].ready = ready
            return handlers[index]
        }
        return try await PacedHTTPLoad.drive(channels: channels, senders: handlers, schedule: schedule, drain: drain)
    }

    /// The request with id `id`: a limit order named `identifier`, alternately a bid and an ask at one of
    /// seven prices around 100,000,000 KRW (as over HTTP), as a masked client frame.
    static func frame(id: Int, identifier: String) -> ByteBuffer {
        let side = id % 2 == 0 ? "bid" : "ask"
        let price = 100_000_000 + (id % 7) * 1_000 - 3_000
        let text =
            #"{"id":\#(id),"method":"place","params":{"market":"KRW-BTC","side":"\#(side)","ord_type":"limit","#
            + #""price":"\#(price)","volume":"0.0001","identifier":"\#(identifier)"}}"#
        return ByteBuffer(bytes: WebSocketFrames.maskedText(text))
    }
}

/// One order-entry session: upgrades with its token, then sends its share of the frames when due and
/// times each answer from its id.
private final class SessionConnection: ChannelInboundHandler, PacedSender, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let index: Int
    let token: String
    let schedule: PacedHTTPLoad.Schedule
    let frames: [ByteBuffer]
    let sending: @Sendable (Int, Int64) -> Void
    var ready: EventLoopPromise<Void>?
    var context: ChannelHandlerContext?
    var upgraded = false
    var next: Int
    var answered = 0
    var buffer = ByteBuffer()
    var latencies: [Int64] = []
    var intendedTimes: [Int64] = []
    var failures = 0
    var lastAnswer: Int64 = 0

    init(
        index: Int, token: String, schedule: PacedHTTPLoad.Schedule, frames: [ByteBuffer],
        sending: @escaping @Sendable (Int, Int64) -> Void
    ) {
        self.index = index
        self.token = token
        self.schedule = schedule
        self.frames = frames
        self.sending = sending
        next = index
        latencies.reserveCapacity(frames.count / schedule.connections + 1)
        intendedTimes.reserveCapacity(frames.count / schedule.connections + 1)
    }

    /// This session's requests not answered yet, sent or not (as ``PacedHTTPLoad``'s connections count).
    var owed: Int { schedule.assigned(to: index) - answered }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func channelActive(context: ChannelHandlerContext) {
        let request = WebSocketFrames.upgradeRequest(
            path: "/websocket/v1/private", extraHeaders: "Authorization: Bearer \(token)\r\n")
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
    }

    func sendDue(now: Int64) {
        guard let context, upgraded else { return }
        let wrote = schedule.due(from: &next, now: now) { index, intended in
            sending(index, intended)
            context.write(wrapOutboundOut(frames[index]), promise: nil)
        }
        if wrote { context.flush() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        if !upgraded {
            do {
                guard try WebSocketFrames.readUpgradeAnswer(&buffer, what: "order-entry session") else { return }
            } catch {
                ready?.fail(error)
                context.close(promise: nil)
                return
            }
            upgraded = true
            ready?.succeed()
            ready = nil
        }
        let now = MonotonicClock.nanoseconds()
        while let (opcode, length, headerLength) = WebSocketFrames.header(of: buffer),
            buffer.readableBytes >= headerLength + length
        {
            buffer.moveReaderIndex(forwardBy: headerLength)
            if opcode == 1 || opcode == 2, let (id, failed) = Self.answer(in: buffer, length: length) {
                answered += 1
                latencies.append(now - schedule.intended(id))
                intendedTimes.append(schedule.intended(id))
                if failed { failures += 1 }
                lastAnswer = now
            }
            buffer.moveReaderIndex(forwardBy: length)
        }
        buffer.discardReadBytes()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        ready?.fail(error)
        ready = nil
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.context = nil
        ready?.fail(BenchError("the server closed an order-entry session before its upgrade"))
        ready = nil
    }

    /// The id of the answer at the reader index (`{"id":<digits>,"type":"…"`), and whether it is an error.
    static func answer(in buffer: ByteBuffer, length: Int) -> (Int, Bool)? {
        buffer.withUnsafeReadableBytes { bytes -> (Int, Bool)? in
            let prefix: [UInt8] = Array(#"{"id":"#.utf8)
            guard length > prefix.count + 12, bytes.starts(with: prefix) else { return nil }
            var position = prefix.count
            var id = 0
            while position < length, bytes[position] >= 48, bytes[position] <= 57 {
                id = id * 10 + Int(bytes[position]) - 48
                position += 1
            }
            // `,"type":"` then the type's first letter: `o`rder, `c`ancel or `e`rror.
            let typeStart = position + 9
            guard typeStart < length else { return nil }
            return (id, bytes[typeStart] == UInt8(ascii: "e"))
        }
    }
}
