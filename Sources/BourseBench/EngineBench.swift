import BourseCore
import BourseWorkloads

/// Replays an ``EngineFlow`` on fresh exchanges and measures the stream after the warmup.
struct EngineBench {
    let flow: EngineFlow
    let warmup: Int

    /// The whole timed run: its wall time and the allocations made during it.
    struct Throughput {
        var nanoseconds: Int64
        var allocations: Int
    }

    /// Percentiles of the per-command latency, in nanoseconds.
    struct Latency {
        var p50: Int64
        var p90: Int64
        var p99: Int64
        var p999: Int64
        var max: Int64
    }

    /// Replays the timed commands in one go, reading the clock only at both ends.
    func measureThroughput(countingAllocations: Bool) -> Throughput {
        var (exchange, events) = warmedUp()
        let timed = flow.commands[warmup...]
        if countingAllocations { MallocCounter.start() }
        let start = MonotonicClock.nanoseconds()
        Self.replay(timed, on: &exchange, events: &events, at: flow.time)
        let end = MonotonicClock.nanoseconds()
        let allocations = countingAllocations ? MallocCounter.stop() : 0
        verify(exchange)
        return Throughput(nanoseconds: end - start, allocations: allocations)
    }

    /// Replays the timed commands reading the clock around each one into a preallocated array.
    func measureLatency() -> Latency {
        var (exchange, events) = warmedUp()
        var samples = [Int64](repeating: 0, count: flow.commands.count - warmup)
        for (index, command) in flow.commands[warmup...].enumerated() {
            events.removeAll(keepingCapacity: true)
            let start = MonotonicClock.nanoseconds()
            exchange.handle(command, at: flow.time, into: &events)
            samples[index] = MonotonicClock.nanoseconds() - start
        }
        verify(exchange)
        samples.sort()
        return Latency(
            p50: samples.percentile(0.5), p90: samples.percentile(0.9), p99: samples.percentile(0.99),
            p999: samples.percentile(0.999),
            max: samples[samples.count - 1])
    }

    /// A fresh exchange after the setup and the warmup commands, and an event buffer already grown.
    private func warmedUp() -> (Exchange, [Event]) {
        var exchange = flow.preparedExchange()
        var events: [Event] = []
        events.reserveCapacity(256)
        Self.replay(flow.commands[..<warmup], on: &exchange, events: &events, at: flow.time)
        return (exchange, events)
    }

    /// Applies `commands` in order, clearing the reused event buffer before each, as a server's writer
    /// loop would. Besides `handle`, the loop copies each command out of the array (~5 % of the time in
    /// a profile: the copy retains the strings inside the command).
    @inline(never)
    private static func replay(
        _ commands: ArraySlice<Command>, on exchange: inout Exchange, events: inout [Event], at time: Timestamp
    ) {
        for command in commands {
            events.removeAll(keepingCapacity: true)
            exchange.handle(command, at: time, into: &events)
        }
    }

    /// The replay must have done what generating the flow did (the exchange is deterministic).
    private func verify(_ exchange: Exchange) {
        let trades = exchange.engine(flow.market.code)?.tradeCount ?? 0
        precondition(
            trades == UInt64(flow.statistics.trades),
            "replay traded \(trades) times, generation \(flow.statistics.trades)")
    }
}
