import ArgumentParser
import BourseClient
import BourseCommandSupport
import Foundation
import NIOCore
import NIOPosix

/// `bourse bench chat`: a busy item room, thousands of members on the socket, while a bid storm runs.
struct ChatBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Measure chat delivery: one busy item room with many members during a bid storm.",
        discussion: """
            Makes a seller and max(--bidders, --posters) users with sessions and won in a fresh data \
            directory, starts `bourse serve --no-demo` (this executable) on it as a child process with its \
            SQLite store, lists one item, and from this process (one event-loop thread) connects --members \
            sockets that join the item's public thread (item:{id}, readable without signing in), --posters \
            signed-in sockets and --bidders signed-in sockets. Then for --seconds it offers --rate chat \
            messages a second, open loop, round-robin over the posters (each posts at most 5 in 10 s, the \
            server's per-user rate, so --posters must be at least twice --rate), while the bidders bid at \
            --bid-rate. Reports delivery lag (a message's intended send time to its arrival at a member), \
            the part of it after the server took the post (its `at`, wall-clock milliseconds: after_post), \
            the posters' acknowledgement latency, and the CPU of each process; checks that every member got \
            every message once, in the room's order. Goal: delivery p99 ≤ 50 ms, nothing lost or doubled.
            """
    )

    @Option(help: "Members of the room on the socket.")
    var members = 5_000

    @Option(help: "Users posting, each on its own socket.")
    var posters = 200

    @Option(help: "Chat messages offered per second, into the one room.")
    var rate = 100

    @Option(help: "Bidders in the storm beside it, each on its own socket.")
    var bidders = 200

    @Option(help: "Bids offered per second beside the chat (0: none).")
    var bidRate = 2_000

    @Option(help: "Seconds of chat (and storm).")
    var seconds = 10.0

    @Option(help: "Seconds between listing the item and the start, for everyone to connect.")
    var setupSeconds = 30.0

    func validate() throws {
        guard members >= 1, rate >= 1, seconds > 0, setupSeconds > 0, bidRate >= 0, bidders >= 2 else {
            throw ValidationError("--members, --rate and the seconds must be positive, --bidders at least 2.")
        }
        guard posters >= 2 * rate else {
            throw ValidationError(
                "--posters must be at least 2 × --rate (\(2 * rate)): the server allows one user 5 messages in 10 s.")
        }
    }

    func run() async throws {
        let sockets = members + posters + bidders
        let descriptors = FileDescriptorLimit.raise()
        guard descriptors > sockets + 64 else {
            throw ValidationError("ulimit -n is \(descriptors): too few descriptors for \(sockets) sockets.")
        }
        let bids = Int(Double(bidRate) * seconds)
        let won = max(AuctionBenchCommand.maximum(bids) * 2, 1_000_000)
        let users = max(bidders, posters)
        Progress.line("bench chat: making \(users) users with \(won) won each…")
        let directory = ServerProcess.freshDirectory()
        let made = try await AuctionBenchUsers.make(bidders: users, won: won, in: directory)
        Progress.line("bench chat: starting bourse serve --no-demo…")
        let server = try ServerProcess(
            arguments: ["--no-demo", "--max-connections", String(sockets + 1_000)], prepared: directory)
        defer { server.stop() }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let line = try await measure(server: server, group: group, users: made, bids: bids)
            try await group.shutdownGracefully()
            print(line.text)
            if line.violations > 0 { throw ExitCode.failure }
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    private func measure(
        server: ServerProcess, group: MultiThreadedEventLoopGroup, users: AuctionBenchUsers, bids: Int
    ) async throws -> (text: String, violations: Int) {
        let load = AuctionSocketLoad(group: group, port: server.port)
        let start = Date().addingTimeInterval(setupSeconds)
        var listing = AuctionListing(
            title: "Bench lot", startPrice: Won(AuctionBenchCommand.startPrice),
            endsAt: start.addingTimeInterval(seconds + 120))
        listing.increments = "1"
        let seller = AuctionClient(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, token: users.seller)
        let item = try await seller.list(listing, photos: [AuctionBenchUsers.photo]).id
        let room = "item:\(item)"
        Progress.line("bench chat: item \(item) listed; connecting \(members) members…")
        let memberChannels = try await load.connect(count: members, role: .member) { _ in
            #"{"id":0,"type":"chat.join","room":"\#(room)"}"#
        }
        let tokens = users.bidders
        let posterChannels = try await load.connect(count: posters, role: .poster) { index in
            #"{"id":0,"type":"auth","token":"\#(tokens[index])"}"#
        }
        let bidderChannels = try await load.connect(count: bidders, role: .bidder) { index in
            #"{"id":0,"type":"auth","token":"\#(tokens[index])"}"#
        }
        let wait = start.timeIntervalSinceNow
        guard wait > 0.2 else {
            throw BenchError("connecting took longer than --setup-seconds \(setupSeconds); give it more")
        }
        Progress.line(
            "bench chat: \(members) members, \(posters) posters, \(bidders) bidders connected; "
                + String(format: "starting in %.1f s", wait))
        let total = Int(Double(rate) * seconds)
        let monotonicStart = MonotonicClock.nanoseconds() + Int64(wait * 1e9)
        let chatInterval = Int64(1e9 / Double(rate))
        load.chatSchedule.withLock { $0 = (monotonicStart, chatInterval) }
        let bidInterval = bidRate > 0 ? Int64(1e9 / Double(bidRate)) : 1
        load.schedule.withLock { $0 = (monotonicStart, bidInterval) }
        try await Task.sleep(for: .seconds(wait))
        let (serverCPU, ownCPU) = (server.cpuSeconds, ServerProcess.ownCPUSeconds)
        async let storm: Void =
            bids > 0
            ? AuctionBenchCommand.sendBids(
                total: bids, item: item, start: monotonicStart, interval: bidInterval, on: bidderChannels) : ()
        try await Self.sendChat(
            total: total, room: room, start: monotonicStart, interval: chatInterval, on: posterChannels)
        try await storm
        // Deliveries still on their way.
        let deadline = Date().addingTimeInterval(15)
        while load.members.withLock({ $0.lags.count }) < total * members
            || load.posters.withLock({ $0.latencies.count }) < total, Date() < deadline
        {
            try await Task.sleep(for: .milliseconds(20))
        }
        let elapsed = Double(MonotonicClock.nanoseconds() - monotonicStart) / 1e9
        let serverShare = Int((server.cpuSeconds - serverCPU) / elapsed * 100)
        let loadShare = Int((ServerProcess.ownCPUSeconds - ownCPU) / elapsed * 100)
        for channel in memberChannels + posterChannels + bidderChannels { channel.close(promise: nil) }
        let (posted, memberCounts) = (load.posters.withLock { $0 }, load.members.withLock { $0 })
        let acked = posted.latencies.count - posted.refused.values.reduce(0, +)
        let lost = max(0, acked * members - memberCounts.lags.count)
        var problems = memberCounts.violations
        if posted.latencies.count < total { problems.append("\(total - posted.latencies.count) messages got no reply") }
        if !posted.refused.isEmpty { problems.append("messages refused: \(posted.refused)") }
        if lost > 0 { problems.append("\(lost) deliveries missing") }
        if memberCounts.closed + posted.closed > 0 {
            problems.append("the server closed \(memberCounts.closed) members and \(posted.closed) posters (too slow?)")
        }
        for problem in problems { Progress.line("violation: \(problem)") }
        let lags = memberCounts.lags.sorted()
        let acks = posted.latencies.sorted()
        let afterPost = memberCounts.afterPost.sorted()
        func ms(_ nanoseconds: Int64) -> String { String(format: "%.1f", Double(nanoseconds) / 1e6) }
        let bidAcks = load.bidders.withLock { $0.latencies }.sorted()
        let text =
            "bench chat: members=\(members) posters=\(posters) offered_per_sec=\(rate) posted=\(acked) "
            + "deliveries_per_sec=\(Int(Double(memberCounts.lags.count) / elapsed)) "
            + "lag_p50_ms=\(ms(lags.percentile(0.5))) lag_p99_ms=\(ms(lags.percentile(0.99))) "
            + "lag_max_ms=\(ms(lags.last ?? 0)) after_post_p50_ms=\(afterPost.percentile(0.5)) "
            + "after_post_p99_ms=\(afterPost.percentile(0.99)) ack_p99_ms=\(ms(acks.percentile(0.99))) "
            + "lost=\(lost) duplicates=\(memberCounts.duplicates) bids_per_sec=\(bidRate) "
            + "bid_ack_p99_ms=\(ms(bidAcks.percentile(0.99))) server_cpu=\(serverShare)% load_cpu=\(loadShare)% "
            + "violations=\(problems.count)"
        return (text, problems.count)
    }

    /// Sends message `k` (1, 2, …) at `start + (k − 1) × interval` (monotonic) on poster `k mod posters`,
    /// from the event loop every millisecond, and returns once all are written.
    static func sendChat(
        total: Int, room: String, start: Int64, interval: Int64, on channels: [any Channel]
    )
        async throws
    {
        let loop = channels[0].eventLoop
        let done = loop.makePromise(of: Void.self)
        loop.execute {
            let next = NIOLoopBoundBox(1, eventLoop: loop)
            loop.scheduleRepeatedTask(initialDelay: .zero, delay: .milliseconds(1)) { task in
                let due = min(total, Int((MonotonicClock.nanoseconds() - start) / interval) + 1)
                while next.value <= due {
                    let k = next.value
                    let text =
                        #"{"id":\#(k),"type":"chat.send","room":"\#(room)","text":"bench \#(k)","client_msg_id":"b\#(k)"}"#
                    channels[k % channels.count].writeAndFlush(
                        ByteBuffer(bytes: WebSocketFrames.maskedText(text)), promise: nil)
                    next.value += 1
                }
                if next.value > total {
                    task.cancel()
                    done.succeed()
                }
            }
        }
        try await done.futureResult.get()
    }
}
