import NIOCore
import NIOPosix

/// A closed-loop HTTP/1.1 load generator: each connection sends one request, waits for the whole response,
/// and sends the next, until the deadline. Minimal on purpose (no parser beyond the head and
/// `Content-Length`), so the generator is cheap next to the server it measures.
enum HTTPLoad {
    /// What a run measured.
    struct Result {
        /// Request latencies in nanoseconds, sorted.
        var latencies: [Int64]
        /// Responses whose status was not the expected one, and connection failures.
        var failures: Int
        /// Wall time of the run in seconds.
        var seconds: Double

        var requestsPerSecond: Double { Double(latencies.count) / seconds }

        func percentileMilliseconds(_ fraction: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            let index = min(Int(Double(latencies.count - 1) * fraction), latencies.count - 1)
            return Double(latencies[index]) / 1e6
        }
    }

    /// Runs `connections` connections against `path` on `port` for `seconds`.
    static func run(
        port: Int, path: String, connections: Int, seconds: Double, group: MultiThreadedEventLoopGroup
    ) async throws -> Result {
        let request = ByteBuffer(
            string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n")
        return try await run(port: port, connections: connections, seconds: seconds, group: group) { _ in
            { request }
        }
    }

    /// Runs `connections` connections on `port` for `seconds`; connection `n` sends what
    /// `makeRequests(n)` makes, one request at a time, and counts answers other than `expectedStatus` as
    /// failures.
    static func run(
        port: Int, connections: Int, seconds: Double, group: MultiThreadedEventLoopGroup, expectedStatus: Int = 200,
        makeRequests: @Sendable (Int) -> @Sendable () -> ByteBuffer
    ) async throws -> Result {
        let deadline = NIODeadline.now() + .nanoseconds(Int64(seconds * 1e9))
        let started = MonotonicClock.nanoseconds()
        let outcomes = try await withThrowingTaskGroup(of: ([Int64], Int).self) { tasks in
            for index in 0..<connections {
                let request = makeRequests(index)
                tasks.addTask {
                    let done = group.next().makePromise(of: ([Int64], Int).self)
                    let handler = LoadHandler(
                        request: request, expectedStatus: expectedStatus, deadline: deadline, done: done)
                    do {
                        _ = try await ClientBootstrap(group: group)
                            .channelOption(.socketOption(.tcp_nodelay), value: 1)
                            .channelInitializer { channel in
                                channel.eventLoop.makeCompletedFuture {
                                    try channel.pipeline.syncOperations.addHandler(handler)
                                }
                            }
                            .connect(host: "127.0.0.1", port: port).get()
                    } catch {
                        return ([], 1)
                    }
                    return try await done.futureResult.get()
                }
            }
            var all: [([Int64], Int)] = []
            for try await outcome in tasks { all.append(outcome) }
            return all
        }
        let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
        return Result(
            latencies: outcomes.flatMap(\.0).sorted(), failures: outcomes.map(\.1).reduce(0, +), seconds: elapsed)
    }
}

/// One connection of ``HTTPLoad``.
private final class LoadHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let request: @Sendable () -> ByteBuffer
    let expectedStatus: Int
    let deadline: NIODeadline
    let done: EventLoopPromise<([Int64], Int)>
    var pending = ByteBuffer()
    var sentAt: Int64 = 0
    var latencies: [Int64] = []
    var failures = 0
    var finished = false

    init(
        request: @escaping @Sendable () -> ByteBuffer, expectedStatus: Int, deadline: NIODeadline,
        done: EventLoopPromise<([Int64], Int)>
    ) {
        self.request = request
        self.expectedStatus = expectedStatus
        self.deadline = deadline
        self.done = done
        latencies.reserveCapacity(100_000)
    }

    func channelActive(context: ChannelHandlerContext) {
        send(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        pending.writeBuffer(&bytes)
        while let (status, length) = HTTPResponseHead.complete(in: pending) {
            latencies.append(MonotonicClock.nanoseconds() - sentAt)
            if status != expectedStatus { failures += 1 }
            pending.moveReaderIndex(forwardBy: length)
            pending.discardReadBytes()
            if NIODeadline.now() < deadline {
                send(context)
            } else {
                finish(context)
                return
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !finished {
            failures += 1
            finished = true
            done.succeed((latencies, failures))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func send(_ context: ChannelHandlerContext) {
        let bytes = request()
        sentAt = MonotonicClock.nanoseconds()
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
    }

    private func finish(_ context: ChannelHandlerContext) {
        finished = true
        done.succeed((latencies, failures))
        context.close(promise: nil)
    }
}
