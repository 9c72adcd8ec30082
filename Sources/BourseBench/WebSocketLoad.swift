import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Many WebSocket subscribers on loopback that count what they receive: the client side of
/// `bourse bench fanout`. Minimal on purpose (a hand-written upgrade, frames counted from their headers,
/// one message in sixteen parsed for its lag), so the subscribers cost little next to the server.
final class WebSocketLoad: Sendable {
    struct Counters {
        var frames = 0
        var bytes = 0
        /// Sampled publish-to-receive lags, microseconds.
        var lags: [Int64] = []
        var closed = 0
        var closeReasons: [String: Int] = [:]
        /// One payload of each message `type` seen (a peer publishes the same bytes).
        var samples: [String: [UInt8]] = [:]
    }

    let counters = Mutex(Counters())
    let group: MultiThreadedEventLoopGroup

    init(group: MultiThreadedEventLoopGroup) { self.group = group }

    /// Opens `count` connections to `port` (up to 64 handshakes at once), then sends each `subscription`.
    ///
    /// All handshakes come first: a server already fanning out to the first subscribers at full rate
    /// reads the later ones' request heads too late (past its header timeout), so subscribing as each
    /// connection opened made a run of more than a few hundred subscribers fail with resets.
    func connect(count: Int, port: Int, subscription: String) async throws -> [any Channel] {
        let channels = try await LoopbackChannels.open(count: count, port: port, group: group) { _, ready in
            SubscriberHandler(ready: ready, load: self)
        }
        let frame = WebSocketFrames.maskedText(subscription)
        for channel in channels { channel.writeAndFlush(ByteBuffer(bytes: frame), promise: nil) }
        return channels
    }
}

/// One subscriber: upgrades by hand, then counts frames by hand (its subscription is sent once all are
/// upgraded).
private final class SubscriberHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let ready: EventLoopPromise<Void>
    let load: WebSocketLoad
    var head = ByteBuffer()

    init(ready: EventLoopPromise<Void>, load: WebSocketLoad) {
        self.ready = ready
        self.load = load
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(WebSocketFrames.upgradeRequest(path: "/websocket/v1")), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        head.writeBuffer(&bytes)
        do {
            guard try WebSocketFrames.readUpgradeAnswer(&head, what: "WebSocket") else { return }
        } catch {
            ready.fail(error)
            context.close(promise: nil)
            return
        }
        // Whatever followed the head is the first frames.
        let rest = head
        let counter = FrameCounter(load: load)
        do {
            try context.pipeline.syncOperations.addHandler(counter)
        } catch {
            ready.fail(error)
            return
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        if rest.readableBytes > 0 { context.channel.pipeline.fireChannelRead(rest) }
        ready.succeed()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        ready.fail(error)
        context.close(promise: nil)
    }

}

/// Counts server frames by reading their headers and skipping their payloads (no decoder, no copies), and
/// samples every 16th frame's lag (`"timestamp":` of the message against the wall clock) when its payload
/// is in one read.
private final class FrameCounter: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    let load: WebSocketLoad
    var frames = 0
    var bytes = 0
    var lags: [Int64] = []
    /// Payload bytes of the current frame still to skip.
    var remaining = 0
    /// A header split across reads.
    var partial = ByteBuffer()

    init(load: WebSocketLoad) { self.load = load }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        if partial.readableBytes > 0 {
            partial.writeBuffer(&buffer)
            buffer = partial
            partial = ByteBuffer()
        }
        while buffer.readableBytes > 0 {
            if remaining > 0 {
                let skipped = min(remaining, buffer.readableBytes)
                buffer.moveReaderIndex(forwardBy: skipped)
                remaining -= skipped
                continue
            }
            guard let (opcode, length, headerLength) = WebSocketFrames.header(of: buffer) else {
                partial = buffer
                return
            }
            buffer.moveReaderIndex(forwardBy: headerLength)
            if opcode == 8 {
                closed(by: buffer.getSlice(at: buffer.readerIndex, length: min(length, buffer.readableBytes)))
                context.close(promise: nil)
                return
            }
            frames += 1
            bytes += length
            if frames % 16 == 0, length <= buffer.readableBytes,
                let lag = Self.lag(of: buffer.getSlice(at: buffer.readerIndex, length: length)!)
            {
                lags.append(lag)
            }
            // Until one of each type is kept (every frame: the sixteenth ones are all of one type).
            if sampledTypes.count < 2, length <= buffer.readableBytes {
                sample(buffer.getSlice(at: buffer.readerIndex, length: length)!)
            }
            remaining = length
            if frames % 256 == 0 { flush() }
        }
    }

    func channelInactive(context: ChannelHandlerContext) { flush() }

    /// The message types this subscriber sampled (the first two are enough: a trade and a ticker).
    var sampledTypes: Set<String> = []

    /// Keeps `payload` as its type's sample if there is none yet.
    func sample(_ payload: ByteBuffer) {
        guard let type = payload.withUnsafeReadableBytes({ JSONScan(bytes: $0).string("type") }),
            sampledTypes.insert(type).inserted
        else { return }
        let bytes = Array(payload.readableBytesView)
        load.counters.withLock { counters in
            if counters.samples[type] == nil { counters.samples[type] = bytes }
        }
    }

    func closed(by payload: ByteBuffer?) {
        var payload = payload ?? ByteBuffer()
        let code = payload.readInteger(as: UInt16.self) ?? 0
        let reason = payload.readString(length: payload.readableBytes) ?? ""
        flush()
        load.counters.withLock {
            $0.closed += 1
            $0.closeReasons["\(code) \(reason)", default: 0] += 1
        }
    }

    func flush() {
        let (frames, bytes, lags) = (self.frames, self.bytes, self.lags)
        self.frames = 0
        self.bytes = 0
        self.lags.removeAll(keepingCapacity: true)
        load.counters.withLock {
            $0.frames += frames
            $0.bytes += bytes
            $0.lags += lags
        }
    }

    /// Microseconds between the message's `"timestamp":<ms>` and now.
    static func lag(of data: ByteBuffer) -> Int64? {
        guard let timestamp = data.withUnsafeReadableBytes({ JSONScan(bytes: $0).integer("timestamp") }) else {
            return nil
        }
        return Int64(Date().timeIntervalSince1970 * 1_000_000) - timestamp * 1_000
    }
}
