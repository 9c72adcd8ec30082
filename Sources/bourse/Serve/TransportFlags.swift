import ArgumentParser
import BourseCommandSupport

/// `bourse serve`'s limits on connections and WebSocket traffic, each also from the environment and the
/// settings file (``ServeSettings``).
struct TransportFlags: ParsableArguments {
    @Option(
        help:
            "Connections open at once; more are answered 503 (default: $BOURSE_MAX_CONNECTIONS or 10000, lowered to what `ulimit -n` allows)."
    )
    var maxConnections: Int?

    @Option(
        help:
            "Seconds a client has to send a whole request head, on a new connection or once a later request starts (default: $BOURSE_HEADER_TIMEOUT or 10)."
    )
    var headerTimeout: Double?

    @Option(
        help:
            "Seconds a kept-alive connection may wait for its next request, or a request body may stall (default: $BOURSE_IDLE_TIMEOUT or 60)."
    )
    var idleTimeout: Double?

    @Option(
        help:
            "Seconds connections get to finish on SIGTERM/SIGINT before they are closed (default: $BOURSE_SHUTDOWN_GRACE or 3)."
    )
    var shutdownGrace: Double?

    @Option(
        help:
            "WebSocket handshakes per second per client address, more get 429; 0 turns it off (default: $BOURSE_WS_CONNECT_RATE or 50)."
    )
    var wsConnectRate: Int?

    @Option(
        help:
            "WebSocket request messages per second per connection, more get an error frame; 0 turns it off (default: $BOURSE_WS_MESSAGE_RATE or 50)."
    )
    var wsMessageRate: Int?

    /// The flags given, by settings key (``ServeSettings`` reads them with the environment and the file).
    var commandLine: Settings.CommandLine {
        [
            "maxConnections": maxConnections.map { .int($0) }, "headerTimeout": headerTimeout.map { .double($0) },
            "idleTimeout": idleTimeout.map { .double($0) }, "shutdownGrace": shutdownGrace.map { .double($0) },
            "wsConnectRate": wsConnectRate.map { .int($0) }, "wsMessageRate": wsMessageRate.map { .int($0) },
        ]
    }
}
