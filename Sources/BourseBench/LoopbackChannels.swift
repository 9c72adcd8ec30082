import NIOCore
import NIOPosix

/// The network benchmarks' client connections: many TCP connections to the server on loopback, each with
/// one hand-written handler that says when it is ready (upgraded, subscribed, signed in).
enum LoopbackChannels {
    /// Opens `count` connections to `port` on `group` (or on one of its loops, given as the group), `batch`
    /// handshakes at a time, each with the handler `handler(index, ready)` makes; returns them in index order
    /// once every `ready` has succeeded.
    static func open(
        count: Int, port: Int, group: any EventLoopGroup, batch: Int = 64,
        handler: @escaping @Sendable (Int, EventLoopPromise<Void>) -> any ChannelInboundHandler & Sendable
    ) async throws -> [any Channel] {
        var channels: [Int: any Channel] = [:]
        var next = 0
        while next < count {
            let indices = next..<min(next + batch, count)
            try await withThrowingTaskGroup(of: (Int, any Channel).self) { tasks in
                for index in indices {
                    tasks.addTask { (index, try await open(index: index, port: port, group: group, handler: handler)) }
                }
                for try await (index, channel) in tasks { channels[index] = channel }
            }
            next = indices.upperBound
        }
        return (0..<count).map { channels[$0]! }
    }

    private static func open(
        index: Int, port: Int, group: any EventLoopGroup,
        handler: @Sendable (Int, EventLoopPromise<Void>) -> any ChannelInboundHandler & Sendable
    ) async throws -> any Channel {
        let ready = group.next().makePromise(of: Void.self)
        let handler = handler(index, ready)
        let channel = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        try await ready.futureResult.get()
        return channel
    }
}
