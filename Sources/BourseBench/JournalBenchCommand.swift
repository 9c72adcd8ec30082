import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseStore
import BourseWorkloads
import Foundation

/// `bourse bench journal`: durable commands per second with group commit, and acknowledgement latency
/// at a paced rate, through the real writer (``DurableExchange``) into a real store.
///
/// Phase 1 (throughput): `--producers` tasks submit the order flow in chunks of `--chunk` commands as
/// fast as acknowledgements come back; the figure is commands acknowledged (durable) per second.
/// Phase 2 (latency): commands are issued on a fixed schedule of `--rate` per second, in ticks of one
/// millisecond; a command's latency runs from when the schedule said to send it (not when it was sent,
/// so a stall cannot hide itself) to when its acknowledgement arrived.
struct JournalBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Benchmark durable command throughput and acknowledgement latency with group commit.",
        discussion: """
            Uses the engine benchmark's order flow (KRW-BTC, 1,000 accounts, new/IOC/cancel/replace) on a fresh \
            database: SQLite in a temporary directory unless --data-dir is given, or a PostgreSQL database from \
            --postgres-url / $BOURSE_POSTGRES_URL, which must be empty. Ends with one line: bench journal: \
            store=<s> durable_ops_per_sec=<n> ack_p50_ms=<x> ack_p99_ms=<x> ack_max_ms=<x> rate=<n> \
            commits=<n> avg_commit=<n> (commits of the throughput phase) bytes_per_cmd=<n> disk_bytes_per_cmd=<n> \
            cpu_us_per_cmd=<n> (this process, both phases and shutdown: bytes passed to write calls, bytes sent to \
            the disk, CPU time). Snapshots are taken every 500,000 commands, as in production.
            """
    )

    @OptionGroup var storage: StoreOptions

    @Option(help: "Commands in the throughput phase.")
    var commands: Int = 1_000_000

    // 32 × 256 keeps 8,192 commands in flight, so group commits can grow past 1,024 entries: with 2,048 in
    // flight (8 producers) the figure was the window divided by two commits' latency, whatever the journal
    // could take.
    @Option(help: "Concurrent submitters in the throughput phase (each with one chunk in flight).")
    var producers: Int = 32

    @Option(help: "Commands per submission in the throughput phase.")
    var chunk: Int = 256

    @Option(help: "Commands per second in the latency phase.")
    var rate: Int = 50_000

    @Option(help: "Seconds the latency phase lasts.")
    var seconds: Int = 10

    @Option(help: "Microseconds the journal waits for more commands before a commit (0: commit at once).")
    var commitDelay: Int = 0

    func validate() throws {
        guard commands > 0, producers > 0, chunk > 0, rate > 0, seconds > 0, commitDelay >= 0 else {
            throw ValidationError("counts, rates and durations must be positive.")
        }
    }

    func run() async throws {
        let latencyCommands = rate * seconds
        Progress.line("generating the order flow: \(commands) + \(latencyCommands) commands")
        let flow = EngineFlow(commands: commands + latencyCommands)
        var result = try await BenchStore.withFreshStore(storage) { store in try await measure(flow, store) }
        // Counted through closing the store: what it defers to its close is still the commands' cost.
        result.cost.finish()
        Progress.line(result.details)
        print(result.summary(store: (storage.store ?? .sqlite).rawValue))
    }

    private func measure(_ flow: EngineFlow, _ store: any Store) async throws -> JournalBenchReport {
        let recorder = CommitCounter()
        var options = DurableExchange.Options()
        options.commitDelay = .microseconds(commitDelay)
        let exchange = DurableExchange(
            state: ExchangeState(markets: [flow.market], marketData: MarketData.durable),
            store: recorder.counting(store),
            options: options,
            clock: { flow.time })
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await exchange.run() }
            let flowTail = flow.commands[commands...]
            _ = try await exchange.submit(flow.setup.map { command in { @Sendable _ in command } })
            Progress.line("setup: \(flow.setup.count) commands journaled")
            let cost = JournalBenchReport.Cost(commands: flow.commands.count)

            let beforeThroughput = recorder.snapshot()
            let throughput = try await measureThroughput(exchange, Array(flow.commands[..<commands]))
            var commitsAfterThroughput = recorder.snapshot()
            commitsAfterThroughput.commits -= beforeThroughput.commits
            commitsAfterThroughput.entries -= beforeThroughput.entries
            Progress.line(
                "throughput: \(commands) commands in \(throughput.milliseconds) ms, "
                    + "\(commitsAfterThroughput.commits) commits")
            let latency = try await measureLatency(exchange, Array(flowTail))
            exchange.shutdown()
            try await group.waitForAll()
            return JournalBenchReport(
                throughput: throughput, latency: latency, commits: commitsAfterThroughput, rate: rate, cost: cost)
        }
    }

    private func measureThroughput(
        _ exchange: DurableExchange, _ commands: [Command]
    ) async throws
        -> JournalBenchReport.Throughput
    {
        let chunks = stride(from: 0, to: commands.count, by: chunk).map {
            Array(commands[$0..<min($0 + chunk, commands.count)])
        }
        let next = ChunkCursor(count: chunks.count)
        let start = MonotonicClock.nanoseconds()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<producers {
                group.addTask {
                    while let index = next.take() {
                        _ = try await exchange.submit(chunks[index].map { command in { @Sendable _ in command } })
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = MonotonicClock.nanoseconds() - start
        return JournalBenchReport.Throughput(commands: commands.count, nanoseconds: elapsed)
    }

    private func measureLatency(_ exchange: DurableExchange, _ commands: [Command]) async throws -> [Int64] {
        Progress.line("latency: \(commands.count) commands at \(rate)/s, in 1 ms ticks")
        let latencies = LatencyLog(capacity: commands.count)
        let start = MonotonicClock.nanoseconds()
        let nanosecondsPerCommand = 1_000_000_000 / Double(rate)
        var sent = 0
        try await withThrowingTaskGroup(of: Void.self) { group in
            while sent < commands.count {
                let now = MonotonicClock.nanoseconds()
                let due = min(commands.count, Int(Double(now - start) / nanosecondsPerCommand) + 1)
                if due > sent {
                    let range = sent..<due
                    let makes = commands[range].map { command in { @Sendable (_: OrderID) in command } }
                    group.addTask {
                        _ = try await exchange.submit(makes)
                        let acknowledged = MonotonicClock.nanoseconds()
                        latencies.record(
                            range.map { index in
                                acknowledged - (start + Int64(Double(index) * nanosecondsPerCommand))
                            })
                    }
                    sent = due
                }
                try await Task.sleep(for: .microseconds(1_000))
            }
            try await group.waitForAll()
        }
        return latencies.sorted()
    }
}
