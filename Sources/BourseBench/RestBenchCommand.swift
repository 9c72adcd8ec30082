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

            With `--peer nginx`, nginx serves the very bytes Bourse answered as static files (one process, \
            logs off) on another port, and the same load generator measures both in turns (`--rounds` each, \
            Bourse first); the summary adds nginx's figures and the ratio Bourse ÷ nginx (goal ≥ 0.5). \
            nginx comes from $PATH or `--nginx`; `scripts/bench-peers` installs it on Debian.
            """
    )

    /// A server to measure beside Bourse.
    enum Peer: String, ExpressibleByArgument {
        case nginx
    }

    @Option(help: "A peer to measure in the same run, on the same bytes: nginx.")
    var peer: Peer?

    @Option(help: "The nginx executable (a name on $PATH or a path).")
    var nginx = "nginx"

    @Option(help: "Turns of Bourse and the peer, alternated (with --peer).")
    var rounds = 2

    @Option(help: "Keep-alive connections.")
    var connections = 16

    @Option(help: "Seconds of load per endpoint (after 1 s of warm-up).")
    var seconds = 10.0

    @Option(help: "Days of demo history the server backfills first.")
    var backfillDays = 2

    func validate() throws {
        guard connections >= 1, seconds > 0, rounds >= 1 else {
            throw ValidationError("--connections, --seconds and --rounds must be positive.")
        }
    }

    func run() async throws {
        Progress.line("bench rest: starting bourse serve with \(backfillDays) days of demo history…")
        try await ServerProcess.withServer(arguments: ["--backfill-days", String(backfillDays), "--seed", "3"]) {
            server, group in try await measure(server: server, group: group)
        }
    }

    private static let endpoints = [
        ("ticker_all", "/v1/ticker/all?quote_currencies=KRW,BTC,USDT"),
        ("candles", "/v1/candles/minutes/1?market=KRW-BTC&count=200"),
    ]

    private func measure(server: ServerProcess, group: MultiThreadedEventLoopGroup) async throws {
        guard peer == .nginx else {
            var fields: [String] = []
            for (name, path) in Self.endpoints {
                let (result, cpu) = try await load(port: server.port, path: path, cpu: { server.cpuSeconds }, group)
                fields.append(Self.fields(name, result, cpu))
            }
            print("bench rest: connections=\(connections) " + fields.joined(separator: " "))
            return
        }
        // The same bytes from nginx: what Bourse answers now (the demo's history is fixed by the seed).
        let files = try Self.endpoints.map { _, path in
            let (status, body) = try NginxPeer.fetch(port: server.port, path: path)
            guard status == 200, body.first == UInt8(ascii: "[") || body.first == UInt8(ascii: "{") else {
                throw BenchError("GET \(path) answered \(status), not a JSON body to serve from nginx")
            }
            return (path: String(path.prefix { $0 != "?" }), body: body)
        }
        let peer = try NginxPeer(executable: nginx, files: files)
        defer { peer.stop() }
        Progress.line(
            "bench rest: nginx on port \(peer.port) serves the same bytes; \(rounds) turns each, Bourse first")
        var fields: [String] = []
        for (name, path) in Self.endpoints {
            var bourse: [(HTTPLoad.Result, (server: Double, load: Double))] = []
            var nginx: [(HTTPLoad.Result, (server: Double, load: Double))] = []
            for _ in 0..<rounds {
                bourse.append(try await load(port: server.port, path: path, cpu: { server.cpuSeconds }, group))
                nginx.append(
                    try await load(port: peer.port, path: path, cpu: { peer.cpuSeconds }, group, label: "nginx"))
            }
            let ours = Self.combined(bourse)
            let theirs = Self.combined(nginx)
            let ratio = ours.0.requestsPerSecond / max(theirs.0.requestsPerSecond, 1)
            fields.append(
                Self.fields(name, ours.0, ours.1) + " " + Self.fields("nginx_\(name)", theirs.0, theirs.1)
                    + " \(name)_ratio=\(Self.format(ratio))")
        }
        print("bench rest: connections=\(connections) rounds=\(rounds) " + fields.joined(separator: " "))
    }

    /// 1 s of warm-up, then `seconds` of load on `path`; the result and the CPU shares of the server (read
    /// with `cpu`) and of this process.
    private func load(
        port: Int, path: String, cpu: () -> Double, _ group: MultiThreadedEventLoopGroup, label: String = "bourse"
    ) async throws -> (HTTPLoad.Result, (server: Double, load: Double)) {
        _ = try await HTTPLoad.run(port: port, path: path, connections: connections, seconds: 1, group: group)
        let (serverCPU, ownCPU) = (cpu(), ServerProcess.ownCPUSeconds)
        let result = try await HTTPLoad.run(
            port: port, path: path, connections: connections, seconds: seconds, group: group)
        let shares = (
            (cpu() - serverCPU) / result.seconds * 100, (ServerProcess.ownCPUSeconds - ownCPU) / result.seconds * 100
        )
        Progress.line(
            "bench rest: \(label) \(path): \(Int(result.requestsPerSecond)) req/s, p50 \(Self.format(result.percentileMilliseconds(0.5))) ms, "
                + "p99 \(Self.format(result.percentileMilliseconds(0.99))) ms, max \(Self.format(result.percentileMilliseconds(1))) ms, "
                + "\(result.failures) failures; CPU: server \(Int(shares.0)) %, load generator \(Int(shares.1)) %")
        if result.failures > 0 { throw BenchError("\(result.failures) requests to \(label) \(path) failed") }
        return (result, shares)
    }

    /// Several turns as one: every latency, the time summed, the CPU shares weighted by time.
    private static func combined(
        _ turns: [(HTTPLoad.Result, (server: Double, load: Double))]
    ) -> (HTTPLoad.Result, (server: Double, load: Double)) {
        let seconds = turns.map(\.0.seconds).reduce(0, +)
        let result = HTTPLoad.Result(
            latencies: turns.flatMap(\.0.latencies).sorted(), failures: turns.map(\.0.failures).reduce(0, +),
            seconds: seconds)
        let server = turns.map { $0.1.server * $0.0.seconds }.reduce(0, +) / seconds
        let load = turns.map { $0.1.load * $0.0.seconds }.reduce(0, +) / seconds
        return (result, (server, load))
    }

    /// The summary fields of one endpoint's result.
    private static func fields(
        _ name: String, _ result: HTTPLoad.Result, _ cpu: (server: Double, load: Double)
    ) -> String {
        "\(name)_rps=\(Int(result.requestsPerSecond)) \(name)_p99_ms=\(format(result.percentileMilliseconds(0.99)))"
            + " \(name)_server_cpu=\(Int(cpu.server))% \(name)_load_cpu=\(Int(cpu.load))%"
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
