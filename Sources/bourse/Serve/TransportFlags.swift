import ArgumentParser
import BourseServer
import Foundation

/// `bourse serve`'s limits on connections and WebSocket traffic, each also from the environment.
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

    func validate() throws {
        try check(
            maxConnections, "BOURSE_MAX_CONNECTIONS", Int.init, { $0 >= 1 }, "--max-connections must be a number ≥ 1.")
        for (name, value, variable) in [
            ("--header-timeout", headerTimeout, "BOURSE_HEADER_TIMEOUT"),
            ("--idle-timeout", idleTimeout, "BOURSE_IDLE_TIMEOUT"),
            ("--shutdown-grace", shutdownGrace, "BOURSE_SHUTDOWN_GRACE"),
        ] {
            try check(
                value, variable, Double.init, { $0 > 0 && $0 <= 86_400 },
                "\(name) must be a number of seconds above 0 and at most 86400.")
        }
        for (name, value, variable) in [
            ("--ws-connect-rate", wsConnectRate, "BOURSE_WS_CONNECT_RATE"),
            ("--ws-message-rate", wsMessageRate, "BOURSE_WS_MESSAGE_RATE"),
        ] {
            try check(value, variable, Int.init, { $0 >= 0 }, "\(name) must be a number ≥ 0.")
        }
    }

    /// Throws `message` when the flag, or else the environment variable, is given but not valid.
    private func check<Value>(
        _ flag: Value?, _ variable: String, _ parse: (String) -> Value?, _ valid: (Value) -> Bool, _ message: String
    ) throws {
        if let flag {
            guard valid(flag) else { throw ValidationError(message) }
        } else if let text = ProcessInfo.processInfo.environment[variable] {
            guard let value = parse(text), valid(value) else { throw ValidationError("\(variable): " + message) }
        }
    }

    /// Writes the flags (or their environment variables) into `configuration`; defaults stay where neither
    /// is given. Call after validation.
    func apply(to configuration: inout ServerConfiguration) {
        let transport = configuration.transport
        configuration.transport.maximumConnections =
            resolved(maxConnections, "BOURSE_MAX_CONNECTIONS", Int.init) ?? transport.maximumConnections
        configuration.transport.headerTimeout =
            duration(headerTimeout, "BOURSE_HEADER_TIMEOUT") ?? transport.headerTimeout
        configuration.transport.idleTimeout = duration(idleTimeout, "BOURSE_IDLE_TIMEOUT") ?? transport.idleTimeout
        configuration.transport.shutdownGrace =
            duration(shutdownGrace, "BOURSE_SHUTDOWN_GRACE") ?? transport.shutdownGrace
        configuration.streams.connectsPerSecond =
            resolved(wsConnectRate, "BOURSE_WS_CONNECT_RATE", Int.init) ?? configuration.streams.connectsPerSecond
        configuration.streams.messagesPerSecond =
            resolved(wsMessageRate, "BOURSE_WS_MESSAGE_RATE", Int.init) ?? configuration.streams.messagesPerSecond
    }

    /// The flag, else the environment variable parsed by `parse`; nil when neither is given, or the variable
    /// does not parse (validation rejects that; a missing one is allowed).
    private func resolved<Value>(_ flag: Value?, _ variable: String, _ parse: (String) -> Value?) -> Value? {
        if let flag { return flag }
        guard let text = ProcessInfo.processInfo.environment[variable] else { return nil }
        return parse(text)
    }

    private func duration(_ flag: Double?, _ variable: String) -> Duration? {
        resolved(flag, variable, Double.init).map { .milliseconds(Int64($0 * 1_000)) }
    }
}
