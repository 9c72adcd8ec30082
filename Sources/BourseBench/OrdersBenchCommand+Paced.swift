import BourseCommandSupport
import Foundation
import NIOCore
import NIOPosix
import Synchronization

// `bench orders`' open loop: orders signed up front, then sent on a schedule.
extension OrdersBenchCommand {
    func measurePaced(
        server: ServerProcess, group: MultiThreadedEventLoopGroup, signers: [BenchSigner],
        privateLoad: PrivateStreamLoad
    ) async throws {
        let count = Int(Double(rate) * seconds)
        let connections = connectionCount
        Progress.line("bench orders: making \(rate + count) requests before the clock starts…")
        let warmUp = requests(run: 0, count: rate, signers: signers)
        let timed = requests(run: 1, count: count, signers: signers)
        func run(_ requests: (frames: [ByteBuffer], identifiers: [String])) async throws -> PacedHTTPLoad.Outcome {
            let sending: @Sendable (Int, Int64) -> Void = { index, intended in
                privateLoad.sending(requests.identifiers[index], at: intended)
            }
            switch via {
            case .http:
                return try await PacedHTTPLoad.run(
                    port: server.port, connections: connections, rate: rate, requests: requests.frames, group: group,
                    expectedStatus: 201, sending: sending)
            case .session:
                // Fresh tokens for each run's sessions: a socket opened with a token used before may not trade.
                let tokens = (0..<connections).map { signers[$0 % signers.count].token() }
                return try await PacedSessionLoad.run(
                    port: server.port, tokens: tokens, rate: rate, frames: requests.frames, group: group,
                    sending: sending)
            }
        }
        Progress.line("bench orders: 1 s of warm-up, then \(count) orders at \(rate)/s over \(via.rawValue)…")
        _ = try await run(warmUp)
        try await Task.sleep(for: .milliseconds(500))
        privateLoad.reset()
        let usage = CPUUsage(server: server)
        let started = MonotonicClock.nanoseconds()
        let outcome = try await run(timed)
        let wall = Double(MonotonicClock.nanoseconds() - started) / 1e9
        if timeline { Self.printTimeline(outcome) }
        try await report(
            mode: "open", ordersPerSecond: outcome.answeredPerSecond, latencies: outcome.latencies,
            failures: outcome.failures, unanswered: outcome.unanswered, cpu: usage.shares(over: wall),
            accounts: signers.count, privateLoad: privateLoad)
    }

    /// One line a second of the run: how many of that second's requests were answered, and their p50,
    /// p99 and max, so a tail that grows with the run shows where it starts.
    static func printTimeline(_ outcome: PacedHTTPLoad.Outcome) {
        for (second, latencies) in outcome.bySecond().enumerated() {
            let result = HTTPLoad.Result(latencies: latencies, failures: 0, seconds: 1)
            let figures = [0.5, 0.99, 1].map { RestBenchCommand.format(result.percentileMilliseconds($0)) }
            print(
                "bench orders timeline: second=\(second) answered=\(latencies.count) ack_p50_ms=\(figures[0]) "
                    + "ack_p99_ms=\(figures[1]) ack_max_ms=\(figures[2])")
        }
    }

    /// Run `run`'s `count` requests, named `r<run>n<index>`: signed HTTP requests, or session frames.
    private func requests(
        run: Int, count: Int, signers: [BenchSigner]
    ) -> (frames: [ByteBuffer], identifiers: [String]) {
        switch via {
        case .http:
            return Self.signedOrders(run: run, count: count, connections: connectionCount, signers: signers)
        case .session:
            let identifiers = (0..<count).map { "r\(run)n\($0)" }
            return (
                identifiers.indices.map { PacedSessionLoad.frame(id: $0, identifier: identifiers[$0]) }, identifiers
            )
        }
    }

    /// `count` signed order requests named `r<run>n<index>`, request `index` signed with the key of the
    /// connection that will send it (`index % connections`), made on every core.
    static func signedOrders(
        run: Int, count: Int, connections: Int, signers: [BenchSigner]
    ) -> (frames: [ByteBuffer], identifiers: [String]) {
        let identifiers = (0..<count).map { "r\(run)n\($0)" }
        let chunks = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        let made = Mutex<[Int: [ByteBuffer]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
            let requests = range.map { index in
                let signer = signers[(index % connections) % signers.count]
                return order(UInt64(index), identifier: identifiers[index], signer: signer, nonce: UInt64(index))
            }
            made.withLock { $0[chunk] = requests }
        }
        let requests = made.withLock { parts in (0..<chunks).flatMap { parts[$0]! } }
        return (requests, identifiers)
    }
}
