import ArgumentParser
import BourseCommandSupport
import Foundation
import NIOPosix

/// `bourse bench fanout`: WebSocket deliveries per second to many subscribers of one market.
struct FanoutBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout",
        abstract: "Measure WebSocket fan-out: N subscribers of KRW-BTC's trades and ticker.",
        discussion: """
            Runs twice: at --pulse market orders per second, then at a pulse that offers half the \
            deliveries the first run achieved. Each run starts `bourse \
            serve` (this executable) as a child process on a free loopback port with an in-memory store \
            (durability is what `bench journal` measures), one day of demo history and `--demo-pulse` \
            extra market orders a second on KRW-BTC; connects N subscribers from this process (one \
            event-loop thread), each asking for KRW-BTC's trade and ticker messages in real time; and \
            counts what arrives for --seconds. Reports deliveries/s, publish-to-receive lag (the message's \
            millisecond `timestamp`, when the trade happened, to its arrival; every 16th message is \
            sampled, so figures carry up to 1 ms of rounding), subscribers the server closed, and the CPU \
            each process used. Goal: ≥ 1,000,000 deliveries/s; lag p99 ≤ 5 ms at half that rate.

            With `--peer socketify`, µWebSockets (socketify, `Benchmarks/peers/socketify/server.py`, run \
            by `--python`, which must have socketify; `scripts/bench-peers fanout` installs it) then \
            publishes the trade and ticker messages captured from Bourse, at the same two message rates \
            Bourse was offered, to as many subscribers from the same load generator; the summary adds its \
            figures and the ratio of deliveries Bourse ÷ socketify at the full rate (goal ≥ 1 at equal lag).
            """
    )

    /// A server to measure beside Bourse.
    enum Peer: String, ExpressibleByArgument {
        case socketify
    }

    @Option(help: "A peer to measure in the same run, with the same messages: socketify.")
    var peer: Peer?

    @Option(help: "The Python that runs the socketify peer.")
    var python = "python3"

    @Option(help: "Subscribers.")
    var subscribers = 1_000

    @Option(help: "Seconds to measure in each run (after 2 s of warm-up).")
    var seconds = 10.0

    @Option(help: "Market orders per second on KRW-BTC in the first run (each makes a trade and a ticker message).")
    var pulse = 1_000

    func validate() throws {
        guard subscribers >= 1, seconds > 0, pulse >= 2 else {
            throw ValidationError("--subscribers and --seconds must be positive, --pulse at least 2.")
        }
    }

    /// What one run measured.
    struct Run {
        var pulse: Int
        var deliveriesPerSecond: Double
        var lagP50: String
        var lagP99: String
        var closed: Int
        var serverCPU: Int
        var loadCPU: Int
    }

    func run() async throws {
        let (full, samples) = try await measure(pulse: pulse)
        // Half the measured rate: each market order makes (at least) one trade and one ticker message.
        let halfPulse = max(Int(full.deliveriesPerSecond / 2 / Double(subscribers) / 2), 1)
        let (half, _) = try await measure(pulse: halfPulse)
        if peer == .socketify {
            try await measurePeer(samples: samples, rates: [2 * pulse, 2 * halfPulse], bourse: full)
        }
        print(
            "bench fanout: subscribers=\(subscribers) deliveries_per_sec=\(Int(full.deliveriesPerSecond)) "
                + "lag_p50_ms=\(full.lagP50) lag_p99_ms=\(full.lagP99) server_cpu=\(full.serverCPU)% "
                + "load_cpu=\(full.loadCPU)% closed=\(full.closed) | at half: "
                + "deliveries_per_sec=\(Int(half.deliveriesPerSecond)) lag_p50_ms=\(half.lagP50) "
                + "lag_p99_ms=\(half.lagP99) server_cpu=\(half.serverCPU)%")
    }

    /// A run at `pulse`, and a message of each type it delivered.
    private func measure(pulse: Int) async throws -> (Run, [String: [UInt8]]) {
        Progress.line("bench fanout: starting bourse serve with --demo-pulse \(pulse)…")
        let arguments = ["--store", "memory", "--backfill-days", "1", "--seed", "3", "--demo-pulse", String(pulse)]
        return try await ServerProcess.withServer(arguments: arguments) { server, group in
            try await measure(
                port: server.port, cpu: { server.cpuSeconds }, group: group, label: "pulse \(pulse)/s", pulse: pulse)
        }
    }

    /// `label` names the run in its progress line; `cpu` reads the server's CPU seconds.
    func measure(
        port: Int, cpu: () -> Double, group: MultiThreadedEventLoopGroup, label: String, pulse: Int
    ) async throws -> (Run, [String: [UInt8]]) {
        let load = WebSocketLoad(group: group)
        let subscription =
            #"[{"ticket":"bench"},{"type":"trade","codes":["KRW-BTC"],"isOnlyRealtime":true},"#
            + #"{"type":"ticker","codes":["KRW-BTC"],"isOnlyRealtime":true},{"format":"DEFAULT"}]"#
        let channels = try await load.connect(count: subscribers, port: port, subscription: subscription)
        Progress.line("bench fanout: \(channels.count) subscribers connected; warming up 2 s")
        try await Task.sleep(for: .seconds(2))
        let before = load.counters.withLock { counters in
            defer { counters.lags.removeAll() }
            return counters
        }
        let serverCPU = cpu()
        let ownCPU = ServerProcess.ownCPUSeconds
        let started = MonotonicClock.nanoseconds()
        try await Task.sleep(for: .seconds(seconds))
        let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
        let after = load.counters.withLock { $0 }
        let serverShare = Int((cpu() - serverCPU) / elapsed * 100)
        let loadShare = Int((ServerProcess.ownCPUSeconds - ownCPU) / elapsed * 100)
        for channel in channels { channel.close(promise: nil) }
        let deliveries = Double(after.frames - before.frames) / elapsed
        let lags = after.lags.sorted()
        func lag(_ fraction: Double) -> String {
            guard !lags.isEmpty else { return "n/a" }
            let value = Double(lags[min(Int(Double(lags.count - 1) * fraction), lags.count - 1)]) / 1_000
            return String(format: "%.1f", value)
        }
        Progress.line(
            "bench fanout: \(label): \(Int(deliveries)) deliveries/s to \(subscribers) subscribers "
                + "(\(Int(deliveries / Double(max(subscribers, 1)))) messages/s each, "
                + "\(Int(Double(after.bytes - before.bytes) / elapsed / 1_048_576)) MiB/s); lag ms p50 \(lag(0.5)) "
                + "p99 \(lag(0.99)) max \(lag(1)); closed by the server: \(after.closed) \(after.closeReasons); "
                + "CPU: server \(serverShare) %, subscribers \(loadShare) %")
        let run = Run(
            pulse: pulse, deliveriesPerSecond: deliveries, lagP50: lag(0.5), lagP99: lag(0.99), closed: after.closed,
            serverCPU: serverShare, loadCPU: loadShare)
        return (run, after.samples)
    }
}
