import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The private half of `bourse bench orders`: one `/websocket/v1/private` connection per account,
/// subscribed to `myOrder`, timing each order's first message from the moment its HTTP request was made.
///
/// Orders are named by `identifier`, which the private messages carry, so a message is matched to its
/// request without knowing the UUID the server chose. A message for an order that was never recorded as
/// sent (from another run) is ignored; a sent order whose message never comes stays in ``pending``.
final class PrivateStreamLoad: Sendable {
    struct Counters {
        /// Orders whose first private message arrived.
        var matched = 0
        /// Request-to-message times of the matched orders, nanoseconds.
        var latencies: [Int64] = []
    }

    let counters = Mutex(Counters())
    /// Send times of orders whose first message has not arrived yet, by identifier.
    let pending = Mutex<[String: Int64]>([:])
    let group: MultiThreadedEventLoopGroup

    init(group: MultiThreadedEventLoopGroup) { self.group = group }

    /// Records that the order named `identifier` is being sent at `time` (``MonotonicClock`` nanoseconds;
    /// now by default; an open-loop run gives the time its schedule intended).
    func sending(_ identifier: String, at time: Int64 = MonotonicClock.nanoseconds()) {
        pending.withLock { $0[identifier] = time }
    }

    /// The first private message of `identifier` arrived.
    func received(_ identifier: String) {
        let now = MonotonicClock.nanoseconds()
        guard let sent = pending.withLock({ $0.removeValue(forKey: identifier) }) else { return }
        counters.withLock {
            $0.matched += 1
            $0.latencies.append(now - sent)
        }
    }

    /// Forgets everything measured so far (after the warm-up).
    func reset() {
        counters.withLock { $0 = Counters() }
        pending.withLock { $0.removeAll() }
    }

    /// Opens one subscriber per signer on `port`; returns once every one is subscribed.
    func connect(port: Int, signers: [BenchSigner]) async throws -> [any Channel] {
        let channels = try await LoopbackChannels.open(count: signers.count, port: port, group: group, batch: 1) {
            index, ready in PrivateSubscriber(token: signers[index].token(), ready: ready, load: self)
        }
        // The subscription is a message after the handshake: give the server a moment to apply it.
        try await Task.sleep(for: .milliseconds(200))
        return channels
    }
}

/// One private subscriber: upgrades by hand with its token, subscribes to `myOrder`, then reads whole
/// frames and reports each message's `identifier`.
private final class PrivateSubscriber: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let token: String
    let ready: EventLoopPromise<Void>
    let load: PrivateStreamLoad
    var buffer = ByteBuffer()
    var upgraded = false

    init(token: String, ready: EventLoopPromise<Void>, load: PrivateStreamLoad) {
        self.token = token
        self.ready = ready
        self.load = load
    }

    func channelActive(context: ChannelHandlerContext) {
        let request = WebSocketFrames.upgradeRequest(
            path: "/websocket/v1/private", extraHeaders: "Authorization: Bearer \(token)\r\n")
        context.writeAndFlush(wrapOutboundOut(request), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        if !upgraded {
            do {
                guard try WebSocketFrames.readUpgradeAnswer(&buffer, what: "private WebSocket") else { return }
            } catch {
                ready.fail(error)
                context.close(promise: nil)
                return
            }
            upgraded = true
            let subscription = #"[{"ticket":"bench-orders"},{"type":"myOrder"}]"#
            context.writeAndFlush(
                wrapOutboundOut(ByteBuffer(bytes: WebSocketFrames.maskedText(subscription))), promise: nil)
            ready.succeed()
        }
        while let (opcode, length, headerLength) = WebSocketFrames.header(of: buffer),
            buffer.readableBytes >= headerLength + length
        {
            buffer.moveReaderIndex(forwardBy: headerLength)
            if opcode == 1 || opcode == 2, let identifier = Self.identifier(in: buffer, length: length) {
                load.received(identifier)
            }
            buffer.moveReaderIndex(forwardBy: length)
        }
        buffer.discardReadBytes()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        ready.fail(error)
        context.close(promise: nil)
    }

    /// The value of the first `"identifier":"…"` in the payload at the reader index.
    static func identifier(in buffer: ByteBuffer, length: Int) -> String? {
        buffer.withUnsafeReadableBytes { bytes in
            JSONScan(bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<length])).string("identifier")
        }
    }
}
