import ArgumentParser
import BourseClient
import BourseCommandSupport
import Foundation
import NIOCore
import NIOPosix

/// `bourse bench auction`: a bidding storm in the last seconds of a soft-close sale, watched by thousands.
struct AuctionBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auction",
        abstract: "Measure the auction house: a bid storm at the end of a soft-close sale, many watchers.",
        discussion: """
            Makes a seller and --bidders users with sessions and won in a fresh data directory, starts \
            `bourse serve --no-demo` (this executable) on it as a child process with its SQLite store \
            (bids are acknowledged once durable), lists one item with a flat 1-won increment ending in \
            --setup-seconds plus --seconds (soft close 60 s, extension 3 s), connects the bidders and \
            --watchers to /auction/v1/stream from this process (bidders and watchers on an event-loop thread \
            each), and in the sale's last --seconds offers --rate bids a second, open loop, round-robin over the bidders, each a \
            maximum 50 won above the one before. Reports bid acknowledgement latency from each bid's \
            intended send time, watcher lag (a price frame's server_time to its arrival, millisecond \
            granularity), and the CPU of each process. Then waits for the sale to end and checks the \
            rules: every watcher saw every sequence number once and in order, prices that never fell and \
            an end that never moved back, the same ending; the item's bid count equals the accepted bids; \
            the winner and price are what the accepted maxima imply; and `bourse journal check` finds \
            the ledger's locks and the replay intact. Goals: ack p99 ≤ 10 ms, watcher lag p99 ≤ 100 ms, \
            zero violations.
            """
    )

    @Option(help: "Bidders, each with a socket.")
    var bidders = 500

    @Option(help: "Watchers following the item on the socket.")
    var watchers = 5_000

    @Option(help: "Bids offered per second.")
    var rate = 20_000

    @Option(help: "Seconds of bidding, the sale's last.")
    var seconds = 10.0

    @Option(help: "Seconds between listing the item and the storm, for the watchers to connect.")
    var setupSeconds = 30.0

    func validate() throws {
        guard bidders >= 2, watchers >= 1, rate >= 1, seconds > 0, setupSeconds > 0 else {
            throw ValidationError("--bidders must be at least 2; --watchers, --rate and the seconds positive.")
        }
    }

    static let startPrice: Int64 = 1_000

    /// Bid `k`'s maximum: each 50 won above the last (the item steps by 1 won), so a bid still clears the
    /// price when bids from other connections reach the writer up to ~25 places out of order.
    static func maximum(_ bid: Int) -> Int64 { startPrice + 50 * Int64(bid + 1) }

    func run() async throws {
        let descriptors = FileDescriptorLimit.raise()
        guard descriptors > bidders + watchers + 64 else {
            throw ValidationError("ulimit -n is \(descriptors): too few descriptors for \(bidders + watchers) sockets.")
        }
        let total = Int(Double(rate) * seconds)
        // The largest maximum any bidder can reach, with room to spare.
        let won = max(Self.maximum(total) * 2, 1_000_000)
        Progress.line("bench auction: making \(bidders) bidders with \(won) won each…")
        let directory = ServerProcess.freshDirectory()
        let users = try await AuctionBenchUsers.make(bidders: bidders, won: won, in: directory)
        Progress.line("bench auction: starting bourse serve --no-demo…")
        let server = try ServerProcess(
            arguments: [
                "--no-demo", "--max-connections",
                String(bidders + watchers + 1_000),
            ], prepared: directory)
        defer { server.stop() }
        // Bidders on one loop, watchers on the other: on one loop, the bidders' replies were read only after
        // each flush's thousands of watcher frames, so the load generator's own delay was counted as the
        // server's latency (ack p50 ~60 ms with 5,000 watchers, ~4 ms with one).
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let report: AuctionBenchReport
        do {
            report = try await measure(server: server, group: group, users: users, total: total)
            try await group.shutdownGracefully()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        server.terminate()
        let check = try ServerProcess.runSelf(["journal", "check", "--data-dir", directory.path])
        let journalClean = check.contains("violations=0") && check.contains("recovery=same")
        if !journalClean { Progress.line("bench auction: journal check: \(check)") }
        let violations = report.checkRules() + (journalClean ? 0 : 1)
        print(report.line + " violations=\(violations)")
        if violations > 0 { throw ExitCode.failure }
    }

    private func measure(
        server: ServerProcess, group: MultiThreadedEventLoopGroup, users: AuctionBenchUsers, total: Int
    )
        async throws -> AuctionBenchReport
    {
        let base = URL(string: "http://127.0.0.1:\(server.port)")!
        let load = AuctionSocketLoad(group: group, port: server.port)
        let tokens = users.bidders
        let loops = Array(group.makeIterator())
        let bidderChannels = try await load.connect(count: bidders, role: .bidder, on: loops[0]) { index in
            #"{"id":0,"type":"auth","token":"\#(tokens[index])"}"#
        }
        let now = Date()
        let stormStart = now.addingTimeInterval(setupSeconds)
        var listing = AuctionListing(
            title: "Bench lot", startPrice: Won(Self.startPrice), endsAt: stormStart.addingTimeInterval(seconds))
        listing.softCloseSeconds = 60
        listing.extensionSeconds = 3
        listing.increments = "1"
        let seller = AuctionClient(baseURL: base, token: users.seller)
        let item = try await seller.list(listing, photos: [AuctionBenchUsers.photo]).id
        Progress.line("bench auction: item \(item) listed; connecting \(watchers) watchers…")
        let watcherChannels = try await load.connect(count: watchers, role: .watcher, on: loops[1]) { _ in
            #"{"id":1,"type":"subscribe","items":[\#(item)]}"#
        }
        let wait = stormStart.timeIntervalSinceNow
        guard wait > 0.2 else {
            throw BenchError("connecting took longer than --setup-seconds \(setupSeconds); give it more")
        }
        Progress.line(
            "bench auction: \(bidders) bidders and \(watchers) watchers connected; the storm starts in "
                + String(format: "%.1f s", wait))
        let interval = Int64(1e9 / Double(rate))
        let start = MonotonicClock.nanoseconds() + Int64(wait * 1e9)
        load.schedule.withLock { $0 = (start, interval) }
        try await Task.sleep(for: .seconds(wait))
        let (serverCPU, ownCPU) = (server.cpuSeconds, ServerProcess.ownCPUSeconds)
        try await Self.sendBids(total: total, item: item, start: start, interval: interval, on: bidderChannels)
        // Replies still on their way.
        let deadline = Date().addingTimeInterval(10)
        while load.bidders.withLock({ $0.latencies.count }) < total, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e9
        let serverShare = Int((server.cpuSeconds - serverCPU) / elapsed * 100)
        let loadShare = Int((ServerProcess.ownCPUSeconds - ownCPU) / elapsed * 100)
        let watched = load.watchers.withLock { $0.frames }
        Progress.line("bench auction: storm over; waiting for the sale to end…")
        let endBy = Date().addingTimeInterval(30)
        while load.watchers.withLock({ $0.ended }) < watchers || load.bidders.withLock({ $0.won.isEmpty }),
            Date() < endBy
        {
            try await Task.sleep(for: .milliseconds(100))
        }
        let final = try await seller.item(item)
        for channel in bidderChannels + watcherChannels { channel.close(promise: nil) }
        return AuctionBenchReport(
            bidders: bidders, watchers: watchers, rate: rate, sent: total, elapsed: elapsed,
            bidderCounts: load.bidders.withLock { $0 }, watcherCounts: load.watchers.withLock { $0 },
            watcherFrames: watched, item: final, serverCPU: serverShare, loadCPU: loadShare)
    }

    /// Sends bid `k` at `start + k × interval` (monotonic) on bidder `k mod bidders`, from the event loop
    /// every millisecond, and returns once all are written.
    static func sendBids(
        total: Int, item: Int64, start: Int64, interval: Int64, on channels: [any Channel]
    )
        async throws
    {
        let loop = channels[0].eventLoop
        let done = loop.makePromise(of: Void.self)
        loop.execute {
            let next = NIOLoopBoundBox(0, eventLoop: loop)
            loop.scheduleRepeatedTask(initialDelay: .zero, delay: .milliseconds(1)) { task in
                let due = min(total, Int((MonotonicClock.nanoseconds() - start) / interval) + 1)
                while next.value < due {
                    let bid = next.value
                    let text = #"{"id":\#(bid),"type":"bid","item":\#(item),"max":"\#(Self.maximum(bid))"}"#
                    channels[bid % channels.count].writeAndFlush(
                        ByteBuffer(bytes: WebSocketFrames.maskedText(text)), promise: nil)
                    next.value += 1
                }
                if next.value >= total {
                    task.cancel()
                    done.succeed()
                }
            }
        }
        try await done.futureResult.get()
    }
}
