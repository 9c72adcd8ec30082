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

/// Counts the commits and entries a benchmark sends to its store.
final class CommitCounter: Sendable {
    struct Counts {
        var commits = 0
        var entries = 0
    }

    private let counts = Mutex(Counts())

    /// `store`, with every commit counted here on its way.
    func counting(_ store: any Store) -> any Store {
        InterceptingStore(store) { [self] commit in
            counts.withLock {
                $0.commits += 1
                $0.entries += commit.record.count
            }
        }
    }

    func snapshot() -> Counts { counts.withLock { $0 } }
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
    var cost: Cost

    /// What the measured commands cost this process, both phases and shutdown together: counters read when
    /// made (after the setup) and again at ``finish()``.
    struct Cost {
        var commands: Int
        var io = ProcessIO.now()
        var cpuSeconds = ServerProcess.ownCPUSeconds

        init(commands: Int) { self.commands = commands }

        /// Turns the starting counters into the counts since.
        mutating func finish() {
            io = ProcessIO.now().since(io)
            cpuSeconds = ServerProcess.ownCPUSeconds - cpuSeconds
        }

        var bytesPerCommand: Int64 { io.writtenBytes / Int64(max(commands, 1)) }
        var storageBytesPerCommand: Int64 { io.storageBytes / Int64(max(commands, 1)) }
        var cpuMicrosecondsPerCommand: Double { cpuSeconds * 1e6 / Double(max(commands, 1)) }
    }

    func percentile(_ fraction: Double) -> Int64 { latency.percentile(fraction) }

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
            + "avg_commit=\(average) bytes_per_cmd=\(cost.bytesPerCommand) "
            + "disk_bytes_per_cmd=\(cost.storageBytesPerCommand) "
            + "cpu_us_per_cmd=\((cost.cpuMicrosecondsPerCommand * 10).rounded() / 10)"
    }
}
