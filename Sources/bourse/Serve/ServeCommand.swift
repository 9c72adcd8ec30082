import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseServer
import BourseSimulator
import BourseStore
import Foundation
import Logging
import ServiceLifecycle

/// `bourse serve`: the exchange server with its demo market.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the exchange server: Upbit's REST API and WebSocket, with a live demo market.",
        discussion: """
            Listens on http://HOST:PORT (https with --tls): the REST API under /v1 (quotation, and the \
            exchange API for keys made with `bourse keys`), the WebSocket at /websocket/v1, /healthz and \
            Prometheus metrics at /metrics. Data lives in SQLite under --data-dir unless --store says \
            otherwise; API secrets are sealed with the data directory's master.key ($BOURSE_MASTER_KEY). A fresh data directory first gets two years of simulated history (a progress bar \
            shows it), then the simulator keeps trading live. SIGINT or SIGTERM stops it gracefully: \
            connections get a close frame, everything acknowledged is journaled and a snapshot is written.

            Every option can also come from the environment: BOURSE_HOST, BOURSE_PORT, BOURSE_DATA_DIR, \
            BOURSE_POSTGRES_URL, BOURSE_SEED, BOURSE_RATE_LIMIT, BOURSE_LOG_LEVEL, BOURSE_TLS (1 for --tls), \
            BOURSE_TLS_CERT, BOURSE_TLS_KEY, BOURSE_MASTER_KEY, and those of the connection limits below.
            """
    )

    @Option(help: "Address to listen on (default: $BOURSE_HOST or 127.0.0.1; 0.0.0.0 for every interface).")
    var host: String?

    @Option(help: "Port to listen on (default: $BOURSE_PORT or 8080; 0 picks a free port).")
    var port: Int?

    @OptionGroup var storage: StoreOptions

    @Flag(
        help: ArgumentHelp(
            "Serve https and wss instead of http and ws.",
            discussion:
                "With --tls-cert and --tls-key, those PEM files; without them, a self-signed certificate made on first start and kept in the data directory (tls-cert.pem, tls-key.pem)."
        ))
    var tls = false

    @Option(help: "PEM certificate chain to serve with --tls (default: $BOURSE_TLS_CERT; implies --tls).")
    var tlsCert: String?

    @Option(help: "PEM private key of --tls-cert (default: $BOURSE_TLS_KEY).")
    var tlsKey: String?

    @Option(help: "Seed of the demo simulator: the same seed gives the same market (default: $BOURSE_SEED or 1).")
    var seed: UInt64?

    @Option(help: "Days of history a fresh data directory gets before the server listens.")
    var backfillDays = 730

    @Option(help: "Milliseconds between live demo steps (each step: quotes move, some takers trade).")
    var stepMilliseconds = 500

    @Option(help: "Extra market orders per second on KRW-BTC besides the demo's own flow (for load tests; 0: none).")
    var demoPulse = 0

    @Option(
        help:
            "Seconds the simulated chains take to confirm: a sent withdrawal is done, and an arrived deposit credited, after this long (default: $BOURSE_CHAIN_DELAY or 10)."
    )
    var chainDelay: Double?

    @Flag(help: "List the markets but do not simulate trading.")
    var noDemo = false

    @Option(
        help:
            "REST requests per second per client address and rate-limit group; 0 turns limiting off (default: $BOURSE_RATE_LIMIT or 1000)."
    )
    var rateLimit: Int?

    @Option(
        help: "Log level: trace, debug, info, notice, warning, error or critical (default: $BOURSE_LOG_LEVEL or info).")
    var logLevel: String?

    @OptionGroup(title: "Connection limits") var transport: TransportFlags

    func validate() throws {
        if let port = resolvedPort, !(0...65_535).contains(port) {
            throw ValidationError("--port must be between 0 and 65535.")
        }
        if resolvedPort == nil { throw ValidationError("BOURSE_PORT must be a number.") }
        guard resolvedLogLevel != nil else {
            throw ValidationError(
                "Unknown log level '\(logLevel ?? environment["BOURSE_LOG_LEVEL"] ?? "")'; use one of: "
                    + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        guard let rate = resolvedRateLimit, rate >= 0 else {
            throw ValidationError("--rate-limit must be a number ≥ 0.")
        }
        guard resolvedSeed != nil else { throw ValidationError("BOURSE_SEED must be a non-negative number.") }
        guard backfillDays >= 0 else { throw ValidationError("--backfill-days must be ≥ 0.") }
        guard stepMilliseconds >= 1 else { throw ValidationError("--step-milliseconds must be ≥ 1.") }
        guard let delay = resolvedChainDelay, delay >= 0, delay <= 86_400 else {
            throw ValidationError("--chain-delay must be a number of seconds from 0 to 86400.")
        }
        guard demoPulse >= 0 else { throw ValidationError("--demo-pulse must be ≥ 0.") }
        if (resolvedTLSCert == nil) != (resolvedTLSKey == nil) {
            throw ValidationError(
                "--tls-cert and --tls-key go together: give both, or neither for a self-signed certificate.")
        }
    }

    func run() async throws {
        let level = resolvedLogLevel ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let location = try await storage.resolve()
        var configuration = ServerConfiguration()
        configuration.host = host ?? environment["BOURSE_HOST"] ?? configuration.host
        configuration.port = resolvedPort ?? configuration.port
        configuration.rateLimitPerSecond = resolvedRateLimit ?? configuration.rateLimitPerSecond
        configuration.tls = try tlsIdentity(host: configuration.host, dataDirectory: location.dataDirectory)
        transport.apply(to: &configuration)
        fitConnections(&configuration.transport)
        if let delay = resolvedChainDelay {
            configuration.chain.confirmationDelay = .milliseconds(Int64(delay * 1_000))
            configuration.chain.sendDelay = .milliseconds(Int64(min(delay, 2) * 1_000))
        }
        var demo = DemoOptions()
        demo.seed = resolvedSeed ?? demo.seed
        demo.backfillDays = backfillDays
        demo.stepInterval = .milliseconds(stepMilliseconds)
        demo.pulsePerSecond = demoPulse
        let lock = try location.lockForWriting(purpose: "bourse serve")
        defer { withExtendedLifetime(lock) {} }
        try await location.withStore { store in
            try await ServerRun(
                configuration: configuration, demo: noDemo ? nil : demo, storeSummary: location.summary,
                sealer: try MasterKey.sealer(location, create: true),
                dataDirectory: URL(fileURLWithPath: location.dataDirectory)
            ).run(store: store)
        }
    }

    /// Raises the open-file limit as far as allowed and lowers the connection limit to what fits in it, so
    /// a flood of sockets is refused instead of exhausting the process's descriptors.
    private func fitConnections(_ transport: inout TransportOptions) {
        let descriptors = FileDescriptorLimit.raise()
        let fitting = FileDescriptorLimit.connections(fittingIn: descriptors)
        guard transport.maximumConnections > fitting else { return }
        Progress.line(
            "bourse: at most \(fitting) connections at once (\(descriptors) open files allowed; raise `ulimit -n` "
                + "for the \(transport.maximumConnections) asked)")
        transport.maximumConnections = fitting
    }

    /// `--chain-delay`, else `BOURSE_CHAIN_DELAY`, else 10 s; nil if not a number.
    var resolvedChainDelay: Double? {
        if let chainDelay { return chainDelay }
        guard let text = environment["BOURSE_CHAIN_DELAY"] else { return 10 }
        return Double(text)
    }

    /// The identity to serve TLS with, or nil without `--tls`; says where a self-signed one lives.
    private func tlsIdentity(host: String, dataDirectory: String) throws -> TLSIdentity? {
        if let certificate = resolvedTLSCert, let key = resolvedTLSKey {
            let identity = try TLSIdentity.load(certificateFile: certificate, keyFile: key)
            Progress.line("bourse: TLS with \(certificate) (SHA-256 \(try identity.fingerprint()))")
            return identity
        }
        guard tls || environment["BOURSE_TLS"].map({ ["1", "true", "yes"].contains($0.lowercased()) }) == true else {
            return nil
        }
        let directory = URL(fileURLWithPath: dataDirectory)
        let hosts = ["0.0.0.0", "::"].contains(host) ? [ProcessInfo.processInfo.hostName] : [host]
        let (identity, created) = try TLSIdentity.selfSigned(in: directory, hosts: hosts)
        let path = directory.appendingPathComponent(TLSIdentity.selfSignedCertificateFile).path
        Progress.line(
            "bourse: TLS with a self-signed certificate \(created ? "made now and " : "")kept at \(path) "
                + "(SHA-256 \(try identity.fingerprint())); clients must trust that file or skip verification")
        return identity
    }

    private var environment: [String: String] { ProcessInfo.processInfo.environment }
    private var resolvedTLSCert: String? { tlsCert ?? environment["BOURSE_TLS_CERT"] }
    private var resolvedTLSKey: String? { tlsKey ?? environment["BOURSE_TLS_KEY"] }
    private var resolvedPort: Int? {
        if let port { return port }
        return environment["BOURSE_PORT"].map { Int($0) } ?? 8_080
    }
    private var resolvedSeed: UInt64? {
        if let seed { return seed }
        return environment["BOURSE_SEED"].map { UInt64($0) } ?? 1
    }
    private var resolvedRateLimit: Int? {
        if let rateLimit { return rateLimit }
        return environment["BOURSE_RATE_LIMIT"].map { Int($0) } ?? 1_000
    }
    private var resolvedLogLevel: Logger.Level? {
        Logger.Level(rawValue: (logLevel ?? environment["BOURSE_LOG_LEVEL"] ?? "info").lowercased())
    }
}
