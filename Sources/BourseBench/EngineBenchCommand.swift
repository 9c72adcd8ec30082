import ArgumentParser
import BourseCommandSupport
import BourseWorkloads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bourse bench engine`: the matching engine on an exchange-core-like order flow, one thread.
///
/// It generates the flow first (``EngineFlow``, untimed), then replays it twice on fresh exchanges:
/// once timed as a whole with malloc counting on (throughput and allocations), once timing every
/// command (latency percentiles). Both replays apply the setup and `--warmup` commands untimed first.
/// Progress goes to standard error; standard output gets exactly one line:
/// `bench engine: ops_per_sec=<n> allocs_per_op=<n> p99_ns=<n>`.
struct EngineBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Benchmark the matching engine on an exchange-core-like order flow.",
        discussion: """
            One market (KRW-BTC), 1,000 accounts, ~1,000 resting orders over ~750 price levels; commands are \
            9% new limit, 3% IOC, 6% cancel and 82% cancel-and-replace. The flow is generated before timing and \
            replayed on a fresh exchange, so only Exchange.handle is measured. allocs_per_op counts malloc calls \
            (the Swift runtime's included) during the timed run.
            """
    )

    @Option(help: "Commands to time.")
    var commands: Int = 3_000_000

    @Option(help: "Commands applied before timing starts (after the setup).")
    var warmup: Int = 500_000

    @Option(help: "Seed of the order flow; the same seed gives the same commands.")
    var seed: UInt64 = 1

    @Option(help: "Write the flow (setup, warm-up and timed commands) to this file for a peer engine, and stop.")
    var exportFlow: String?

    func validate() throws {
        guard commands > 0 else { throw ValidationError("--commands must be at least 1.") }
        guard warmup >= 0 else { throw ValidationError("--warmup must not be negative.") }
    }

    func run() throws {
        progress("generating \(warmup) warmup + \(commands) timed commands (seed \(seed))")
        let flow = EngineFlow(seed: seed, commands: warmup + commands)
        progress(EngineBenchReport.describe(flow.statistics))
        guard flow.statistics.rejections == 0 else {
            // The flow is built so that every command is accepted; a refusal means the engine or the flow broke.
            progress("error: the flow had \(flow.statistics.rejections) rejected commands; it must have none")
            throw ExitCode.failure
        }
        if let exportFlow {
            try EngineFlowExport.write(flow, warmup: warmup, to: exportFlow)
            progress("wrote the flow to \(exportFlow)")
            return
        }
        let bench = EngineBench(flow: flow, warmup: warmup)

        let countsAllocations = MallocCounter.isWorking
        progress(
            "replaying for throughput\(countsAllocations ? " with malloc counting" : " (malloc counting unavailable here)")"
        )
        let throughput = bench.measureThroughput(countingAllocations: countsAllocations)
        progress(
            "  \(commands) commands in \(throughput.nanoseconds / 1_000_000) ms, \(throughput.allocations) allocations")

        progress("replaying again, timing each command (clock reading costs ~\(MonotonicClock.readingCost()) ns)")
        let latency = bench.measureLatency()
        progress(
            "  latency ns: p50=\(latency.p50) p90=\(latency.p90) p99=\(latency.p99) p99.9=\(latency.p999) max=\(latency.max)"
        )

        let opsPerSecond = Int(Double(commands) * 1e9 / Double(max(throughput.nanoseconds, 1)))
        let allocs =
            countsAllocations
            ? EngineBenchReport.decimal(throughput.allocations, per: commands) : "unavailable"
        print("bench engine: ops_per_sec=\(opsPerSecond) allocs_per_op=\(allocs) p99_ns=\(latency.p99)")
    }

    /// Writes a progress line to standard error, keeping standard output for the summary line.
    private func progress(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
