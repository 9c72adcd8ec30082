import ArgumentParser
import BourseCommandSupport
import Foundation
import NIOPosix

/// `bourse bench rest`: requests per second and latency of the REST quotation API over loopback.
struct RestBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rest",
        abstract: "Measure REST throughput and latency: ticker/all and 200 one-minute candles.",
        discussion: """
            Starts `bourse serve` (this executable) as a child process on a free loopback port with a \
            throwaway data directory, a short demo history and rate limiting off, then runs a closed-loop \
            HTTP/1.1 load generator (keep-alive connections, one request in flight each) in this process \
            against each endpoint in turn. Reports requests/s, p50/p99 latency and the CPU both processes \
            used. Goal: ≥ 20,000 requests/s with p99 ≤ 5 ms.
            """
    )

    @Option(help: "Keep-alive connections.")
    var connections = 16

    @Option(help: "Seconds of load per endpoint (after 1 s of warm-up).")
    var seconds = 10.0

    @Option(help: "Days of demo history the server backfills first.")
    var backfillDays = 2

    func validate() throws {
        guard connections >= 1, seconds > 0 else {
            throw ValidationError("--connections and --seconds must be positive.")
        }
    }

    func run() async throws {
        Progress.line("bench rest: starting bourse serve with \(backfillDays) days of demo history…")
        try await ServerProcess.withServer(arguments: ["--backfill-days", String(backfillDays), "--seed", "3"]) {
            server, group in try await measure(server: server, group: group)
        }
    }

    private func measure(server: ServerProcess, group: MultiThreadedEventLoopGroup) async throws {
        let endpoints = [
            ("ticker_all", "/v1/ticker/all?quote_currencies=KRW,BTC,USDT"),
            ("candles", "/v1/candles/minutes/1?market=KRW-BTC&count=200"),
        ]
        var fields: [String] = []
        for (name, path) in endpoints {
            _ = try await HTTPLoad.run(
                port: server.port, path: path, connections: connections, seconds: 1, group: group)
            let serverCPU = server.cpuSeconds
            let ownCPU = ServerProcess.ownCPUSeconds
            let result = try await HTTPLoad.run(
                port: server.port, path: path, connections: connections, seconds: seconds, group: group)
            let serverShare = (server.cpuSeconds - serverCPU) / result.seconds * 100
            let loadShare = (ServerProcess.ownCPUSeconds - ownCPU) / result.seconds * 100
            Progress.line(
                "bench rest: \(path): \(Int(result.requestsPerSecond)) req/s, p50 \(Self.format(result.percentileMilliseconds(0.5))) ms, "
                    + "p99 \(Self.format(result.percentileMilliseconds(0.99))) ms, max \(Self.format(result.percentileMilliseconds(1))) ms, "
                    + "\(result.failures) failures; CPU: server \(Int(serverShare)) %, load generator \(Int(loadShare)) %"
            )
            fields.append(
                "\(name)_rps=\(Int(result.requestsPerSecond)) \(name)_p99_ms=\(Self.format(result.percentileMilliseconds(0.99)))"
                    + " \(name)_server_cpu=\(Int(serverShare))% \(name)_load_cpu=\(Int(loadShare))%")
            if result.failures > 0 { throw BenchError("\(result.failures) requests to \(path) failed") }
        }
        print("bench rest: connections=\(connections) " + fields.joined(separator: " "))
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
