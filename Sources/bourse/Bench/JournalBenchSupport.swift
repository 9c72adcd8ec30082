import BourseCore
import BourseStore
import Synchronization

/// Hands out chunk indexes to concurrent producers, in order.
final class ChunkCursor: Sendable {
    private let next = Mutex(0)
    private let count: Int

    init(count: Int) { self.count = count }

    /// The next chunk to submit, or `nil` when all are taken.
    func take() -> Int? {
        next.withLock { next in
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}

/// Latencies recorded from concurrent tasks.
final class LatencyLog: Sendable {
    private let values: Mutex<[Int64]>

    init(capacity: Int) {
        var values: [Int64] = []
        values.reserveCapacity(capacity)
        self.values = Mutex(values)
    }

    func record(_ batch: [Int64]) { values.withLock { $0 += batch } }

    func sorted() -> [Int64] { values.withLock { $0.sorted() } }
}

/// A store that counts commits and entries on their way to the real one.
final class CommitCounter: Store {
    struct Counts {
        var commits = 0
        var entries = 0
    }

    private let store: any Store
    private let counts = Mutex(Counts())

    init(wrapping store: any Store) { self.store = store }

    func snapshot() -> Counts { counts.withLock { $0 } }

    func migrate() async throws { try await store.migrate() }

    func append(_ commit: JournalCommit) async throws {
        try await store.append(commit)
        counts.withLock {
            $0.commits += 1
            $0.entries += commit.record.count
        }
    }

    func journal(after sequence: UInt64, limit: Int) async throws -> [JournalRecord] {
        try await store.journal(after: sequence, limit: limit)
    }

    func lastSequence() async throws -> UInt64 { try await store.lastSequence() }

    func saveSnapshot(_ snapshot: StoredSnapshot) async throws { try await store.saveSnapshot(snapshot) }

    func latestSnapshot() async throws -> StoredSnapshot? { try await store.latestSnapshot() }

    func candles(_ market: MarketCode, unit: CandleUnit, before: Timestamp?, count: Int) async throws -> [Candle] {
        try await store.candles(market, unit: unit, before: before, count: count)
    }

    func trades(
        _ market: MarketCode, from: Timestamp, until: Timestamp, before cursor: Int64?, count: Int
    )
        async throws -> [TradeRecord]
    {
        try await store.trades(market, from: from, until: until, before: cursor, count: count)
    }

    func close() async throws { try await store.close() }
}

/// The journal benchmark's figures and how they print.
struct JournalBenchReport {
    struct Throughput {
        var commands: Int
        var nanoseconds: Int64
        var milliseconds: Int64 { nanoseconds / 1_000_000 }
        var perSecond: Int { Int(Double(commands) * 1e9 / Double(max(nanoseconds, 1))) }
    }

    var throughput: Throughput
    /// Sorted acknowledgement latencies of the paced phase, in nanoseconds.
    var latency: [Int64]
    var commits: CommitCounter.Counts
    var rate: Int

    func percentile(_ fraction: Double) -> Int64 {
        guard !latency.isEmpty else { return 0 }
        return latency[min(latency.count - 1, Int(Double(latency.count) * fraction))]
    }

    static func milliseconds(_ nanoseconds: Int64) -> String {
        let hundredths = (nanoseconds + 5_000) / 10_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    var details: String {
        "latency ms: p50=\(Self.milliseconds(percentile(0.5))) p90=\(Self.milliseconds(percentile(0.9))) "
            + "p99=\(Self.milliseconds(percentile(0.99))) p99.9=\(Self.milliseconds(percentile(0.999))) "
            + "max=\(Self.milliseconds(latency.last ?? 0))"
    }

    func summary(store: String) -> String {
        let average = commits.commits == 0 ? 0 : commits.entries / commits.commits
        return "bench journal: store=\(store) durable_ops_per_sec=\(throughput.perSecond) "
            + "ack_p50_ms=\(Self.milliseconds(percentile(0.5))) ack_p99_ms=\(Self.milliseconds(percentile(0.99))) "
            + "ack_max_ms=\(Self.milliseconds(latency.last ?? 0)) rate=\(rate) commits=\(commits.commits) "
            + "avg_commit=\(average)"
    }
}
