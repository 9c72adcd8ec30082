import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseDemo
import BourseServer
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

            Every option can also come from the environment, named after it (--rate-limit is \
            BOURSE_RATE_LIMIT, --tls is BOURSE_TLS=1, --no-demo is BOURSE_NO_DEMO=1), and from a JSON \
            settings file (--config or $BOURSE_CONFIG) by its camel-case name ({"rateLimit": 100}). The \
            command line wins over the environment, which wins over the file.
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
    var seed: Int?

    @Option(help: "Days of history a fresh data directory gets before the server listens (default: 730).")
    var backfillDays: Int?

    @Option(help: "Milliseconds between live demo steps (each step: quotes move, some takers trade) (default: 500).")
    var stepMilliseconds: Int?

    @Option(
        help: "Extra market orders per second on KRW-BTC besides the demo's own flow (for load tests) (default: 0).")
    var demoPulse: Int?

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
        help:
            "Sign-ups allowed per client address in 15 minutes (each costs a bcrypt hash) (default: $BOURSE_SIGN_UPS_PER_ADDRESS or 20)."
    )
    var signUpsPerAddress: Int?

    @Option(
        help:
            "The web client's folder (default: $BOURSE_WEB_ROOT, else ./Web when it has an index.html; without one, no web client)."
    )
    var webRoot: String?

    @Option(
        help: "Log level: trace, debug, info, notice, warning, error or critical (default: $BOURSE_LOG_LEVEL or info).")
    var logLevel: String?

    @OptionGroup(title: "Connection limits") var transport: TransportFlags

    /// The options given, by settings key; flags left out are nil (the environment or the file may have them).
    private var commandLine: Settings.CommandLine {
        var values: Settings.CommandLine = [
            "host": host.map { .string($0) }, "port": port.map { .int($0) }, "tlsCert": tlsCert.map { .string($0) },
            "tlsKey": tlsKey.map { .string($0) }, "seed": seed.map { .int($0) },
            "backfillDays": backfillDays.map { .int($0) }, "stepMilliseconds": stepMilliseconds.map { .int($0) },
            "demoPulse": demoPulse.map { .int($0) }, "chainDelay": chainDelay.map { .double($0) },
            "rateLimit": rateLimit.map { .int($0) }, "logLevel": logLevel.map { .string($0) },
            "webRoot": webRoot.map { .string($0) }, "signUpsPerAddress": signUpsPerAddress.map { .int($0) },
            "tls": tls ? .bool(true) : nil, "noDemo": noDemo ? .bool(true) : nil,
        ]
        values.merge(transport.commandLine) { ours, _ in ours }
        return values
    }

    func run() async throws {
        let location = try await storage.resolve(commandLine)
        var serve = try ServeSettings(location.settings)
        let level = serve.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        // Made (0700) before the TLS identity, which may write its certificate into it.
        try DataDirectory.make(location.dataDirectory)
        serve.configuration.tls = try tlsIdentity(
            serve.tls, host: serve.configuration.host, dataDirectory: location.dataDirectory)
        fitConnections(&serve.configuration.transport)
        let lock = try location.lockForWriting(purpose: "bourse serve")
        defer { withExtendedLifetime(lock) {} }
        try await location.withStore { store in
            try await ServerRun(
                configuration: serve.configuration, markets: MarketListing.markets, chain: serve.chain,
                demo: serve.demo, storeSummary: location.summary, sealer: try MasterKey.sealer(location, create: true),
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

    /// The identity to serve TLS with, or nil without `--tls`; says where a self-signed one lives.
    private func tlsIdentity(
        _ choice: ServeSettings.TLSChoice, host: String, dataDirectory: String
    ) throws -> TLSIdentity? {
        if case .files(let certificate, let key) = choice {
            let identity = try TLSIdentity.load(certificateFile: certificate, keyFile: key)
            Progress.line("bourse: TLS with \(certificate) (SHA-256 \(try identity.fingerprint()))")
            return identity
        }
        guard choice == .selfSigned else { return nil }
        let directory = URL(fileURLWithPath: dataDirectory)
        let hosts = ["0.0.0.0", "::"].contains(host) ? [ProcessInfo.processInfo.hostName] : [host]
        let (identity, created) = try TLSIdentity.selfSigned(in: directory, hosts: hosts)
        let path = directory.appendingPathComponent(TLSIdentity.selfSignedCertificateFile).path
        Progress.line(
            "bourse: TLS with a self-signed certificate \(created ? "made now and " : "")kept at \(path) "
                + "(SHA-256 \(try identity.fingerprint())); clients must trust that file or skip verification")
        return identity
    }
}
