import NIOCore
import NIOHTTP1
import NIOWebSocket
import Synchronization

/// Lets a socket protocol take some of a connection's messages on its event loop, as their frames are
/// decoded, without changing the order in which the connection's messages are dealt with.
///
/// A message otherwise travels from the event loop through the WebSocket library's stream into
/// ``StreamRoutes``' read task and on to the protocol's request handler: hand-offs between threads and
/// tasks, each with its wake-up. For a message that only queues a command (an auction bid, answered when
/// its commit is durable) they are most of its cost: in `bench auction`'s storm of 20,000 bids a second,
/// a quarter of the server's CPU.
///
/// The lane sits right after the frame decoder from the first frame on (``Installer`` puts it there when
/// the upgrade completes, before any frame is decoded), counting the whole messages it passes on. A
/// protocol ``attach(to:handled:take:)``es a taker and counts in ``Handled`` every message its tasks
/// are done with; the lane offers the taker a message only while the two counts agree, so nothing passed
/// on earlier is still waiting, and a taken message never overtakes one before it. Fragments, binary
/// frames, long messages and frames after a close always go the ordinary way.
final class WebSocketFastLane: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    /// The messages a protocol's tasks are done with (handled, or refused as over a limit).
    final class Handled: Sendable {
        private let count = Atomic<Int>(0)

        init() {}

        /// Counts one message as done with.
        func one() { count.add(1, ordering: .releasing) }

        var value: Int { count.load(ordering: .acquiring) }
    }

    /// Takes a whole text message (its unmasked bytes) on the event loop, or returns false to pass it on.
    typealias Take = @Sendable (ByteBuffer) -> Bool

    /// Messages longer than this always go the ordinary way (and meet its size limit there).
    static let largestMessage = 1_024

    /// Whole messages passed on to the tasks.
    private var forwarded = 0
    private var inFragmentedMessage = false
    private var closing = false
    private var handled: Handled?
    private var take: Take?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if took(frame) { return }
        switch frame.opcode {
        case .text, .binary:
            if frame.fin { forwarded += 1 } else { inFragmentedMessage = true }
        case .continuation:
            if frame.fin {
                forwarded += 1
                inFragmentedMessage = false
            }
        case .connectionClose:
            closing = true
        default:
            break
        }
        context.fireChannelRead(data)
    }

    private func took(_ frame: WebSocketFrame) -> Bool {
        guard let take, let handled, !closing, !inFragmentedMessage, frame.fin, frame.opcode == .text,
            !frame.rsv1, !frame.rsv2, !frame.rsv3, frame.length <= Self.largestMessage, handled.value == forwarded
        else { return false }
        return take(frame.unmaskedData)
    }

    /// Gives `channel`'s lane (if the transport put one there) the protocol's `take`, counting with
    /// `handled`. Without a lane every message simply goes the ordinary way.
    static func attach(to channel: any Channel, handled: Handled, take: @escaping Take) async throws {
        try await channel.eventLoop.submit {
            guard let lane = try? channel.pipeline.syncOperations.handler(type: WebSocketFastLane.self) else { return }
            lane.handled = handled
            lane.take = take
        }.get()
    }

    /// Puts a ``WebSocketFastLane`` right after the frame decoder when a WebSocket upgrade completes: NIO
    /// announces it before it replays the bytes that came behind the request, so the lane sees every frame.
    /// Added at the end of the HTTP pipeline (where the upgrade's handlers follow it).
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        /// A request reached it: the upgrade handler passed it on, so this connection stays HTTP (an
        /// upgrade is only taken on a connection's first request), and it leaves.
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .upgradeComplete = event as? HTTPServerUpgradeEvents {
                let pipeline = context.pipeline.syncOperations
                if let decoder = try? pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self) {
                    try? pipeline.addHandler(WebSocketFastLane(), position: .after(decoder))
                }
                context.fireUserInboundEventTriggered(event)
                pipeline.removeHandler(context: context, promise: nil)
                return
            }
            context.fireUserInboundEventTriggered(event)
        }
    }
}
