import Benchmark
import BourseCore
import BourseWorkloads

/// The matching engine on the exchange-core-like flow of `bourse bench engine` (``EngineFlow``).
///
/// One iteration applies the next 1,000 commands of the stream (`scalingFactor: .kilo`, so throughput
/// reads as commands per second); the stream is generated once in `setup`, before anything is timed.
/// The thresholds under `Thresholds/` are checked at p90 with these tolerances: wall clock and
/// throughput may be 25 % worse (shared machines are noisy), malloc count not at all (zero per batch).
let benchmarks: @Sendable () -> Void = {
    let warmupBatches = 500
    let measuredBatches = 2_000

    Benchmark(
        "EngineFlow",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: warmupBatches,
            scalingFactor: .kilo,
            maxDuration: .seconds(60),
            maxIterations: measuredBatches,
            thresholds: [
                .wallClock: .init(relative: [.p90: 25]),
                .throughput: .init(relative: [.p90: 25]),
                .mallocCountTotal: .init(absolute: [.p90: 0]),
            ]
        )
    ) { benchmark, replay in
        replay.apply(benchmark.scaledIterations.count)
    } setup: {
        let batchSize = BenchmarkScalingFactor.kilo.rawValue
        return EngineReplay(flow: EngineFlow(seed: 1, commands: (warmupBatches + measuredBatches + 1) * batchSize))
    }
}
