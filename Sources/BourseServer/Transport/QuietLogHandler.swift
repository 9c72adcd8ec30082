import Logging

/// A log handler that reports its logger's errors at debug level.
///
/// Hummingbird's WebSocket-capable channel logs "Error handling upgrade result" at error level whenever a
/// connection ends before its first request was routed: a parse error, a client that left, a head timeout, a
/// refusal at the connection limit. Each of those is the client's doing and already logged at debug by
/// ``HTTPRequestGuard``; at error level they let anyone flood the log. ``TransportChannel`` hands
/// Hummingbird a connection logger with this handler; the application's own loggers are untouched.
struct QuietLogHandler: LogHandler {
    var base: any LogHandler

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if event.level >= .error { event.level = .debug }
        // The logger checked the original level; the handler writes whatever it is given.
        guard event.level >= base.logLevel else { return }
        base.log(event: event)
    }
}

extension Logger {
    /// This logger with its errors reported at debug level (see ``QuietLogHandler``).
    var quietingErrors: Logger {
        var logger = self
        logger.handler = QuietLogHandler(base: handler)
        return logger
    }
}
