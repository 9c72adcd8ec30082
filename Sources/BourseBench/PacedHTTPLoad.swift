import NIOCore
import NIOPosix
import Synchronization

/// An open-loop HTTP/1.1 load generator: requests leave at a fixed rate whatever the answers do, spread
/// round-robin over keep-alive connections and pipelined on each. A request's latency runs from the
/// moment the schedule said to send it to the end of its response, so a server that falls behind shows
/// its queue in the figures instead of slowing the generator down (no coordinated omission).
///
/// The requests are made before the clock starts: signing one costs more than sending it, and the
/// generator's CPU during the run should be its sockets' and its bookkeeping's.
enum PacedHTTPLoad {
    /// What a run measured.
    struct Outcome {
        /// Latencies from the intended send time, nanoseconds, sorted.
        var latencies: [Int64]
        /// Answers other than the expected status.
        var failures: Int
        /// Requests not answered when the drain ended: sent and waiting, or never sent (a connection closed).
        var unanswered: Int
        /// From the first intended send to the last answer (or the drain's end), seconds.
        var seconds: Double
        /// Each answered request's intended send time (from the schedule's start) and latency, nanoseconds,
        /// in no particular order: what `--timeline` reads.
        var answers: [(sent: Int64, latency: Int64)] = []

        /// Answered requests a second.
        var answeredPerSecond: Double { Double(latencies.count) / seconds }

        /// The latency at `fraction` (0…1) in milliseconds.
        func percentileMilliseconds(_ fraction: Double) -> Double {
            HTTPLoad.Result(latencies: latencies, failures: failures, seconds: seconds)
                .percentileMilliseconds(fraction)
        }

        /// The answers grouped by the second of the run their requests were due in, each group's
        /// latencies sorted: where in a run the tail comes from.
        func bySecond() -> [[Int64]] {
            var seconds: [[Int64]] = []
            for answer in answers {
                let second = Int(max(0, answer.sent) / 1_000_000_000)
                while seconds.count <= second { seconds.append([]) }
                seconds[second].append(answer.latency)
            }
            return seconds.map { $0.sorted() }
        }
    }

    /// Sends `requests` to `port` at `rate` a second over `connections` connections, request `i` on
    /// connection `i % connections` at `i / rate` seconds after the start; `sending(i, intended)` is called
    /// as request `i` is written, with its intended time (``MonotonicClock`` nanoseconds). Waits up to
    /// `drain` after the last send for the answers still due.
    static func run(
        port: Int, connections: Int, rate: Int, requests: [ByteBuffer], group: MultiThreadedEventLoopGroup,
        expectedStatus: Int, drain: Duration = .seconds(5), sending: @escaping @Sendable (Int, Int64) -> Void
    ) async throws -> Outcome {
        let schedule = Schedule(rate: rate, count: requests.count, connections: connections)
        let handlers = (0..<connections).map {
            PacedConnection(
                index: $0, schedule: schedule, requests: requests, expectedStatus: expectedStatus, sending: sending)
        }
        let channels = try await LoopbackChannels.open(count: connections, port: port, group: group) { index, ready in
            ready.succeed()
            return handlers[index]
        }
        return try await drive(channels: channels, senders: handlers, schedule: schedule, drain: drain)
    }

    /// Paces `senders` (each the handler of the channel at its index) by `schedule`: one pacer per event
    /// loop calls the senders on its loop every millisecond, then waits up to `drain` after the last send
    /// until nothing is owed, and gathers what they measured. Closes the channels at the end.
    static func drive(
        channels: [any Channel], senders: [some PacedSender], schedule: Schedule, drain: Duration
    ) async throws -> Outcome {
        defer { for channel in channels { channel.close(promise: nil) } }
        let byLoop = Dictionary(grouping: zip(channels, senders), by: { ObjectIdentifier($0.0.eventLoop) })
        schedule.start = MonotonicClock.nanoseconds() + 5_000_000
        let pacers = byLoop.values.map { pairs in
            let loop = pairs[0].0.eventLoop
            let owned = pairs.map(\.1)
            return loop.scheduleRepeatedTask(initialDelay: .milliseconds(5), delay: .milliseconds(1)) { _ in
                let now = MonotonicClock.nanoseconds()
                for sender in owned { sender.sendDue(now: now) }
            }
        }
        let lastSend = schedule.intended(schedule.count - 1)
        try await Task.sleep(for: .nanoseconds(max(0, lastSend - MonotonicClock.nanoseconds()) + 2_000_000))
        let drainEnd = MonotonicClock.nanoseconds() + Int64(drain.components.seconds) * 1_000_000_000
        // Until every request was sent and answered: one that a lagging pacer has yet to send, or that a
        // closed connection never sent, is still owed.
        while MonotonicClock.nanoseconds() < drainEnd {
            var owed = 0
            for (channel, sender) in zip(channels, senders) {
                owed += try await channel.eventLoop.submit { sender.owed }.get()
            }
            if owed == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        for pacer in pacers { pacer.cancel() }
        var outcome = Outcome(latencies: [], failures: 0, unanswered: 0, seconds: 0)
        var lastAnswer = schedule.start
        for (channel, sender) in zip(channels, senders) {
            let part = try await channel.eventLoop.submit {
                (sender.latencies, sender.failures, sender.owed, sender.lastAnswer, sender.intendedTimes)
            }.get()
            for (intended, latency) in zip(part.4, part.0) {
                outcome.answers.append((intended - schedule.start, latency))
            }
            outcome.latencies += part.0
            outcome.failures += part.1
            outcome.unanswered += part.2
            lastAnswer = max(lastAnswer, part.3)
        }
        if outcome.unanswered > 0 { lastAnswer = MonotonicClock.nanoseconds() }
        outcome.latencies.sort()
        outcome.seconds = Double(lastAnswer - schedule.start) / 1e9
        return outcome
    }

    /// When each request is due.
    final class Schedule: @unchecked Sendable {
        let rate: Int
        let count: Int
        let connections: Int
        /// Written once before the pacers start, read only after.
        var start: Int64 = 0

        init(rate: Int, count: Int, connections: Int) {
            self.rate = rate
            self.count = count
            self.connections = connections
        }

        /// How many requests go to connection `connection` (those whose index leaves it as the remainder).
        func assigned(to connection: Int) -> Int {
            connection < count ? (count - connection + connections - 1) / connections : 0
        }

        /// Calls `send` with each request of a connection from `next` on whose time has come at `now` (and
        /// its intended time), moving `next` past it; returns whether there was any.
        func due(from next: inout Int, now: Int64, _ send: (Int, Int64) -> Void) -> Bool {
            var any = false
            while next < count, intended(next) <= now {
                send(next, intended(next))
                next += connections
                any = true
            }
            return any
        }

        /// The intended send time of request `index`.
        func intended(_ index: Int) -> Int64 { start + Int64(index) * 1_000_000_000 / Int64(rate) }
    }
}

/// A connection that ``PacedHTTPLoad/drive(channels:senders:schedule:drain:)`` paces. Everything is read
/// and called on the connection's event loop.
protocol PacedSender: AnyObject, Sendable {
    /// Sends every request whose time has come.
    func sendDue(now: Int64)
    /// This connection's requests not answered yet, sent or not.
    var owed: Int { get }
    /// Latencies of the answers so far, from their intended send times, nanoseconds.
    var latencies: [Int64] { get }
    /// The intended send times of those answers' requests (``MonotonicClock``), index for index.
    var intendedTimes: [Int64] { get }
    /// Answers that said no.
    var failures: Int { get }
    /// When the last answer came (``MonotonicClock``).
    var lastAnswer: Int64 { get }
}

/// One connection of ``PacedHTTPLoad``: sends its share of the requests when they are due, pipelined,
/// and matches answers to them in order.
private final class PacedConnection: ChannelInboundHandler, PacedSender, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let index: Int
    let schedule: PacedHTTPLoad.Schedule
    let requests: [ByteBuffer]
    let expectedStatus: Int
    let sending: @Sendable (Int, Int64) -> Void
    var context: ChannelHandlerContext?
    /// The next request of this connection (a global index).
    var next: Int
    /// Intended times of the requests sent and not yet answered, oldest first.
    var waiting: [Int64] = []
    var waitingHead = 0
    var buffer = ByteBuffer()
    var latencies: [Int64] = []
    var intendedTimes: [Int64] = []
    var failures = 0
    var lastAnswer: Int64 = 0
    var closed = false

    init(
        index: Int, schedule: PacedHTTPLoad.Schedule, requests: [ByteBuffer], expectedStatus: Int,
        sending: @escaping @Sendable (Int, Int64) -> Void
    ) {
        self.index = index
        self.schedule = schedule
        self.requests = requests
        self.expectedStatus = expectedStatus
        self.sending = sending
        next = index
        latencies.reserveCapacity(requests.count / schedule.connections + 1)
        intendedTimes.reserveCapacity(requests.count / schedule.connections + 1)
    }

    /// This connection's requests not answered yet, sent or not.
    var owed: Int { schedule.assigned(to: index) - latencies.count }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    /// Writes every request whose time has come, then flushes once.
    func sendDue(now: Int64) {
        guard let context, !closed else { return }
        let wrote = schedule.due(from: &next, now: now) { index, intended in
            sending(index, intended)
            context.write(wrapOutboundOut(requests[index]), promise: nil)
            waiting.append(intended)
        }
        if wrote { context.flush() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer.writeBuffer(&bytes)
        let now = MonotonicClock.nanoseconds()
        while let (status, length) = HTTPResponseHead.complete(in: buffer) {
            buffer.moveReaderIndex(forwardBy: length)
            guard waitingHead < waiting.count else {
                failures += 1
                continue
            }
            latencies.append(now - waiting[waitingHead])
            intendedTimes.append(waiting[waitingHead])
            waitingHead += 1
            if status != expectedStatus { failures += 1 }
            lastAnswer = now
        }
        buffer.discardReadBytes()
        if waitingHead > 4_096 {
            waiting.removeFirst(waitingHead)
            waitingHead = 0
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed = true
        self.context = nil
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
