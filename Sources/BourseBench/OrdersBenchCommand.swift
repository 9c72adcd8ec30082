import ArgumentParser
import BourseCommandSupport
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// `bourse bench orders`: authenticated order placement over HTTP, with durable acknowledgements.
struct OrdersBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "Measure authenticated order placement: orders/s, the 201's latency and the private stream's.",
        discussion: """
            Makes accounts and API keys with this executable's `account`, `keys` and `deposit` commands in a \
            throwaway data directory, starts `bourse serve --no-demo` on a free loopback port with rate \
            limiting off, then runs a closed-loop load generator in this process: each keep-alive connection \
            signs every request as ccxt does (HS256 JWT, fresh nonce, SHA-512 query hash) and POSTs a limit \
            order on KRW-BTC around one price, so orders rest and cross; one request in flight per \
            connection. An answer counts when it is a 201, which Bourse sends only once the order is \
            journaled (durable). Each account also holds a private WebSocket (`/websocket/v1/private`, \
            `myOrder`): every order carries an identifier, and the time from making its request to its first \
            private message is the private path's latency; an order whose message never comes is counted \
            as missing. Reports orders/s, p50/p99 of both, and the CPU both processes used. Goal: ≥ 20,000 \
            orders/s with p99 ≤ 10 ms.
            """
    )

    @Option(help: "Keep-alive connections.")
    var connections = 32

    @Option(help: "Accounts the connections share (each with its own API key).")
    var accounts = 8

    @Option(help: "Seconds of load (after 1 s of warm-up).")
    var seconds = 10.0

    func validate() throws {
        guard connections >= 1, accounts >= 1, seconds > 0 else {
            throw ValidationError("--connections, --accounts and --seconds must be positive.")
        }
    }

    func run() async throws {
        Progress.line("bench orders: making \(accounts) funded accounts with keys, then starting bourse serve…")
        let signers = Mutex<[BenchSigner]>([])
        let accounts = accounts
        try await ServerProcess.withServer(arguments: ["--no-demo"]) { directory in
            let made = try (0..<accounts).map { index in try Self.makeAccount(index, in: directory.path) }
            signers.withLock { $0 = made }
        } _: { server, group in
            try await measure(server: server, group: group, signers: signers.withLock { $0 })
        }
    }

    /// Makes account `index`, funds it generously and returns a signer with its new key.
    static func makeAccount(_ index: Int, in directory: String) throws -> BenchSigner {
        let name = "bench\(index)"
        _ = try ServerProcess.runSelf(["account", "create", name, "--data-dir", directory])
        let output = try ServerProcess.runSelf([
            "keys", "create", name, "--scopes", "accounts,orders:read,orders:write", "--data-dir", directory,
        ])
        func value(after label: String) -> String? {
            output.split(separator: "\n").first { $0.contains(label) }?.split(separator: " ").last.map(String.init)
        }
        guard let access = value(after: "access key:"), let secret = value(after: "secret key:") else {
            throw BenchError("bourse keys create printed no key: \(output)")
        }
        _ = try ServerProcess.runSelf(["deposit", name, "KRW", "10000000000", "--data-dir", directory])
        _ = try ServerProcess.runSelf(["deposit", name, "BTC", "10000", "--data-dir", directory])
        return BenchSigner(accessKey: access, secretKey: secret)
    }

    private func measure(
        server: ServerProcess, group: MultiThreadedEventLoopGroup, signers: [BenchSigner]
    ) async throws {
        let privateLoad = PrivateStreamLoad(group: group)
        let subscribers = try await privateLoad.connect(port: server.port, signers: signers)
        defer { for channel in subscribers { channel.close(promise: nil) } }
        // Run `run` of connection `connection` names its orders `r<run>c<connection>n<sequence>`.
        let makeRequests: @Sendable (Int, Int) -> @Sendable () -> ByteBuffer = { run, connection in
            let signer = signers[connection % signers.count]
            let counter = Atomic<UInt64>(0)
            return {
                let sent = counter.add(1, ordering: .relaxed).newValue
                let side = (sent + UInt64(connection)) % 2 == 0 ? "bid" : "ask"
                let price = 100_000_000 + Int(sent % 7) * 1_000 - 3_000
                let identifier = "r\(run)c\(connection)n\(sent)"
                privateLoad.sending(identifier)
                return signer.post(
                    "/v1/orders",
                    [
                        ("market", "KRW-BTC"), ("side", side), ("ord_type", "limit"), ("price", String(price)),
                        ("volume", "0.0001"), ("identifier", identifier),
                    ], nonce: sent)
            }
        }
        _ = try await HTTPLoad.run(
            port: server.port, connections: connections, seconds: 1, group: group, expectedStatus: 201,
            makeRequests: { makeRequests(0, $0) })
        try await Task.sleep(for: .milliseconds(500))
        privateLoad.reset()
        let serverCPU = server.cpuSeconds
        let ownCPU = ServerProcess.ownCPUSeconds
        let result = try await HTTPLoad.run(
            port: server.port, connections: connections, seconds: seconds, group: group, expectedStatus: 201,
            makeRequests: { makeRequests(1, $0) })
        let serverShare = (server.cpuSeconds - serverCPU) / result.seconds * 100
        let loadShare = (ServerProcess.ownCPUSeconds - ownCPU) / result.seconds * 100
        let p50 = RestBenchCommand.format(result.percentileMilliseconds(0.5))
        let p99 = RestBenchCommand.format(result.percentileMilliseconds(0.99))
        let max = RestBenchCommand.format(result.percentileMilliseconds(1))
        // Messages of the last orders may still be on their way.
        try await Task.sleep(for: .seconds(1))
        let streamed = privateLoad.counters.withLock { $0 }
        let missing = privateLoad.pending.withLock { $0.count }
        let streamLatencies = HTTPLoad.Result(
            latencies: streamed.latencies.sorted(), failures: missing, seconds: result.seconds)
        let streamP50 = RestBenchCommand.format(streamLatencies.percentileMilliseconds(0.5))
        let streamP99 = RestBenchCommand.format(streamLatencies.percentileMilliseconds(0.99))
        Progress.line(
            "bench orders: \(Int(result.requestsPerSecond)) orders/s over \(connections) connections, p50 \(p50) ms, "
                + "p99 \(p99) ms, max \(max) ms, \(result.failures) failures; CPU: server \(Int(serverShare)) %, "
                + "load generator \(Int(loadShare)) %; private stream: \(streamed.matched) orders' myOrder, p50 "
                + "\(streamP50) ms, p99 \(streamP99) ms, \(missing) missing")
        print(
            "bench orders: connections=\(connections) accounts=\(signers.count) "
                + "orders_per_sec=\(Int(result.requestsPerSecond)) ack_p50_ms=\(p50) ack_p99_ms=\(p99) ack_max_ms=\(max) "
                + "server_cpu=\(Int(serverShare))% load_cpu=\(Int(loadShare))% failures=\(result.failures) "
                + "private_p50_ms=\(streamP50) private_p99_ms=\(streamP99) private_missing=\(missing)")
        if result.failures > 0 { throw BenchError("\(result.failures) order requests were not answered with 201") }
        if missing > 0 { throw BenchError("\(missing) acknowledged orders got no myOrder message") }
    }
}
