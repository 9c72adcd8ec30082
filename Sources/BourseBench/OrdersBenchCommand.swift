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
            limiting off, and loads it from this process with limit orders on KRW-BTC around one price (so \
            orders rest and cross), each request signed as ccxt signs it (HS256 JWT, fresh nonce, SHA-512 \
            query hash). An answer counts when it is a 201, which Bourse sends only once the order is \
            journaled (durable).

            By default the load is open-loop: `--rate` orders a second, signed before the clock starts, sent \
            on schedule round-robin over the keep-alive connections and pipelined on each, whatever the \
            answers do; latency runs from when the schedule said to send. `--closed-loop` instead keeps one \
            request in flight per connection (the older measure, bound by connections ÷ latency).

            Each account also holds a private WebSocket (`/websocket/v1/private`, `myOrder`): every order \
            carries an identifier, and the time from its intended send to its first private message is the \
            private path's latency; an order whose message never comes is counted as missing. Reports \
            orders/s, p50/p99 of both, and the CPU both processes used. Goal: ≥ 20,000 orders/s with p99 \
            ≤ 10 ms.
            """
    )

    @Option(help: "Orders offered a second (open loop).")
    var rate = 20_000

    @Flag(help: "One request in flight per connection instead of a paced rate.")
    var closedLoop = false

    @Option(help: "How orders arrive: http (POST /v1/orders) or session (order entry on the private WebSocket).")
    var via: Via = .http

    @Option(help: "Keep-alive connections (http; default 64) or sessions (session; default one per account).")
    var connections: Int?

    @Flag(inversion: .prefixedNo, help: "Hold a myOrder subscriber per account and time each order's message.")
    var privateStream = true

    @Option(help: "Accounts the connections share (each with its own API key).")
    var accounts = 8

    @Option(help: "Seconds of load (after 1 s of warm-up).")
    var seconds = 10.0

    @Flag(help: "Also print the acknowledgement's p50, p99 and max for each second of the run (open loop).")
    var timeline = false

    /// How orders reach the server.
    enum Via: String, ExpressibleByArgument {
        case http, session
    }

    /// Connections (or sessions) to use.
    var connectionCount: Int { connections ?? (via == .http ? 64 : accounts) }

    func validate() throws {
        if via == .session, closedLoop { throw ValidationError("--closed-loop is for --via http.") }
        if timeline, closedLoop { throw ValidationError("--timeline is for the open loop.") }
        guard connectionCount >= 1, accounts >= 1, seconds > 0, rate >= 1 else {
            throw ValidationError("--rate, --connections, --accounts and --seconds must be positive.")
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
            let privateLoad = PrivateStreamLoad(group: group)
            let subscribers =
                privateStream ? try await privateLoad.connect(port: server.port, signers: signers.withLock { $0 }) : []
            defer { for channel in subscribers { channel.close(promise: nil) } }
            if closedLoop {
                try await measureClosedLoop(
                    server: server, group: group, signers: signers.withLock { $0 }, privateLoad: privateLoad)
            } else {
                try await measurePaced(
                    server: server, group: group, signers: signers.withLock { $0 }, privateLoad: privateLoad)
            }
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

    private func measureClosedLoop(
        server: ServerProcess, group: MultiThreadedEventLoopGroup, signers: [BenchSigner],
        privateLoad: PrivateStreamLoad
    ) async throws {
        // Run `run` of connection `connection` names its orders `r<run>c<connection>n<sequence>`.
        let makeRequests: @Sendable (Int, Int) -> @Sendable () -> ByteBuffer = { run, connection in
            let signer = signers[connection % signers.count]
            let counter = Atomic<UInt64>(0)
            return {
                let sent = counter.add(1, ordering: .relaxed).newValue
                let identifier = "r\(run)c\(connection)n\(sent)"
                privateLoad.sending(identifier)
                return Self.order(sent + UInt64(connection), identifier: identifier, signer: signer, nonce: sent)
            }
        }
        _ = try await HTTPLoad.run(
            port: server.port, connections: connectionCount, seconds: 1, group: group, expectedStatus: 201,
            makeRequests: { makeRequests(0, $0) })
        try await Task.sleep(for: .milliseconds(500))
        privateLoad.reset()
        let usage = CPUUsage(server: server)
        let result = try await HTTPLoad.run(
            port: server.port, connections: connectionCount, seconds: seconds, group: group, expectedStatus: 201,
            makeRequests: { makeRequests(1, $0) })
        try await report(
            mode: "closed", ordersPerSecond: result.requestsPerSecond, latencies: result.latencies,
            failures: result.failures, unanswered: 0, cpu: usage.shares(over: result.seconds), accounts: signers.count,
            privateLoad: privateLoad)
    }

    /// The request for order number `number` of a run: alternately a bid and an ask, at one of seven prices
    /// around 100,000,000 KRW, so orders both rest and cross.
    static func order(_ number: UInt64, identifier: String, signer: BenchSigner, nonce: UInt64) -> ByteBuffer {
        let side = number % 2 == 0 ? "bid" : "ask"
        let price = 100_000_000 + Int(number % 7) * 1_000 - 3_000
        return signer.post(
            "/v1/orders",
            [
                ("market", "KRW-BTC"), ("side", side), ("ord_type", "limit"), ("price", String(price)),
                ("volume", "0.0001"), ("identifier", identifier),
            ], nonce: nonce)
    }

    /// Prints the run's summary (a progress line and the one-line result), and throws if any order failed.
    func report(
        mode: String, ordersPerSecond: Double, latencies: [Int64], failures: Int, unanswered: Int,
        cpu: (server: Double, load: Double), accounts: Int, privateLoad: PrivateStreamLoad
    ) async throws {
        let result = HTTPLoad.Result(latencies: latencies, failures: failures, seconds: 1)
        let p50 = RestBenchCommand.format(result.percentileMilliseconds(0.5))
        let p99 = RestBenchCommand.format(result.percentileMilliseconds(0.99))
        let max = RestBenchCommand.format(result.percentileMilliseconds(1))
        // Messages of the last orders may still be on their way.
        try await Task.sleep(for: .seconds(1))
        let streamed = privateLoad.counters.withLock { $0 }
        let missing = privateStream ? privateLoad.pending.withLock { $0.count } : 0
        let streamLatencies = HTTPLoad.Result(latencies: streamed.latencies.sorted(), failures: missing, seconds: 1)
        let streamP50 = RestBenchCommand.format(streamLatencies.percentileMilliseconds(0.5))
        let streamP99 = RestBenchCommand.format(streamLatencies.percentileMilliseconds(0.99))
        let offered = mode == "open" ? " offered \(rate)/s," : ""
        let streamText =
            privateStream
            ? "private stream: \(streamed.matched) orders' myOrder, p50 \(streamP50) ms, p99 \(streamP99) ms, "
                + "\(missing) missing" : "no private stream"
        Progress.line(
            "bench orders (\(mode) loop, \(via.rawValue)):\(offered) \(Int(ordersPerSecond)) orders/s answered over "
                + "\(connectionCount) connections, p50 \(p50) ms, p99 \(p99) ms, max \(max) ms, \(failures) failures, "
                + "\(unanswered) unanswered; CPU: server \(Int(cpu.server)) %, load generator \(Int(cpu.load)) %; "
                + streamText)
        let rateField = mode == "open" ? "rate=\(rate) " : ""
        let streamFields =
            privateStream
            ? "private_p50_ms=\(streamP50) private_p99_ms=\(streamP99) private_missing=\(missing)" : "private=off"
        print(
            "bench orders: mode=\(mode) \(rateField)via=\(via.rawValue) connections=\(connectionCount) "
                + "accounts=\(accounts) orders_per_sec=\(Int(ordersPerSecond)) ack_p50_ms=\(p50) ack_p99_ms=\(p99) "
                + "ack_max_ms=\(max) server_cpu=\(Int(cpu.server))% load_cpu=\(Int(cpu.load))% failures=\(failures) "
                + "unanswered=\(unanswered) \(streamFields)")
        if failures + unanswered > 0 {
            throw BenchError("\(failures + unanswered) orders were refused or not answered")
        }
        if missing > 0 { throw BenchError("\(missing) acknowledged orders got no myOrder message") }
    }
}

/// The CPU the server and this process have used since it was made.
struct CPUUsage {
    let server: ServerProcess
    let serverStart: Double
    let ownStart: Double

    init(server: ServerProcess) {
        self.server = server
        serverStart = server.cpuSeconds
        ownStart = ServerProcess.ownCPUSeconds
    }

    /// Percent of one core each used, over `seconds` of wall time.
    func shares(over seconds: Double) -> (server: Double, load: Double) {
        ((server.cpuSeconds - serverStart) / seconds * 100, (ServerProcess.ownCPUSeconds - ownStart) / seconds * 100)
    }
}
